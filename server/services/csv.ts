// CSV as RFC 4180 writes it (comma-separated, CRLF lines, a cell with a quote, comma or line break quoted
// with its quotes doubled), safe to open in a spreadsheet: a cell that begins like a formula (= + - @, or a
// tab or carriage return that some spreadsheets skip before one) gets a leading apostrophe, so the
// spreadsheet shows the text instead of running it (OWASP's advice on CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]/

export function csvCell(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`
}
