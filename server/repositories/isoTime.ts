// Times on the wire are ISO 8601 in UTC with milliseconds, made by the database so every row agrees.

/** The SQL that renders a timestamptz column as '2026-11-25T14:00:00.000Z' (NULL stays NULL). */
export const iso = (column: string): string =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
