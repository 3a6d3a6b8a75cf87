// What "the request changed nothing" means: every table of the database, row for row, is as it was. One
// query digests every table (its row count and an md5 of its sorted rows), cheap enough to take around
// each single request, so a change names the request that made it.
import type { Queryable } from '../../../server/db/database.ts'

/** Row count and digest of each table, by schema-qualified name. */
export type TableSnapshot = Map<string, { rows: number; digest: string }>

export interface SnapshotExclusions {
  /** Tables left out whole. */
  tables: readonly string[]
  /** Columns left out, as `table.column`. */
  columns: readonly string[]
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`

/** The one query that digests every table of the database but the excluded ones. */
export async function snapshotQuery(
  db: Pick<Queryable, 'query'>,
  exclusions: SnapshotExclusions,
): Promise<string> {
  const columns = await db.query<{ table_schema: string; table_name: string; column_name: string }>(
    `SELECT c.table_schema, c.table_name, c.column_name
       FROM information_schema.columns c
       JOIN information_schema.tables t USING (table_schema, table_name)
      WHERE t.table_type = 'BASE TABLE' AND c.table_schema NOT IN ('pg_catalog', 'information_schema')
      ORDER BY c.table_schema, c.table_name, c.ordinal_position`,
  )
  const tables = new Map<string, string[]>()
  for (const { table_schema: schema, table_name: table, column_name: column } of columns) {
    const name = `${quote(schema)}.${quote(table)}`
    if (exclusions.tables.includes(table) || exclusions.columns.includes(`${table}.${column}`)) {
      if (!tables.has(name) && !exclusions.tables.includes(table)) tables.set(name, [])
      continue
    }
    tables.set(name, [...(tables.get(name) ?? []), quote(column)])
  }
  if (tables.size === 0) throw new Error('the database has no tables to snapshot')
  return [...tables]
    .map(
      ([name, kept]) =>
        `SELECT '${name.replaceAll("'", "''")}' AS name, count(*)::int AS rows,
                md5(coalesce(string_agg(r::text, E'\\n' ORDER BY r::text), '')) AS digest
           FROM (SELECT ${kept.length > 0 ? kept.join(', ') : '1'} FROM ${name}) r`,
    )
    .join('\nUNION ALL\n')
}

export async function takeSnapshot(db: Pick<Queryable, 'query'>, query: string): Promise<TableSnapshot> {
  const rows = await db.query<{ name: string; rows: number; digest: string }>(query)
  return new Map(rows.map((row) => [row.name, { rows: row.rows, digest: row.digest }]))
}

/** Each table that differs, as `table: 3 → 4 rows` or `table: 3 rows, contents changed`; empty when equal. */
export function snapshotChanges(before: TableSnapshot, after: TableSnapshot): string[] {
  const changes: string[] = []
  for (const name of new Set([...before.keys(), ...after.keys()])) {
    const was = before.get(name)
    const now = after.get(name)
    if (was?.digest === now?.digest) continue
    changes.push(
      was?.rows === now?.rows
        ? `${name}: ${now?.rows ?? 0} rows, contents changed`
        : `${name}: ${was?.rows ?? 0} → ${now?.rows ?? 0} rows`,
    )
  }
  return changes
}
