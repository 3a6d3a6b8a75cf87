// Comma-separated values as RFC 4180 writes them: a header line first, lines ended by CRLF, and a field
// quoted when it holds a comma, a double quote, a CR or an LF (its double quotes doubled). Pure; the
// screen that offers the file turns the text into a download.

export type CsvValue = string | number | boolean | null | undefined

const NEEDS_QUOTES = /[",\r\n]/

/** One field: null and undefined are empty, numbers and booleans as JavaScript writes them. */
export function csvField(value: CsvValue): string {
  const text = value === null || value === undefined ? '' : String(value)
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** The header line, then one line per row, each field of a row under the header of the same place. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvValue[]>): string {
  return [header, ...rows].map((line) => `${line.map(csvField).join(',')}\r\n`).join('')
}

/** The MIME type of a CSV file (RFC 4180, section 3) with its header line. */
export const CSV_TYPE = 'text/csv;charset=utf-8;header=present'
