// The table of every list screen: columns declared once, real table semantics (a caption-less table named
// by `label`, column headers, a row header), and an empty state in one full-width cell. Explicit roles keep
// the semantics in browsers that drop them when a table's display changes. Links and buttons live in
// cells; rows are not clickable.
//
// On a desk a column can be sized (width, minWidth, maxWidth) and can clip a long value to one line with an
// ellipsis, its whole text in the cell's title, so that a path never breaks mid-token while other columns
// take the width. At the spec's 600px breakpoint and below each row becomes a compact list row
// (src/styles/narrowTables.css): the row's name on the first line, the columns a row declares `secondary`
// joined on a muted second line, its actions at the row's end. The cells stay the table's cells, so a
// screen reader still reads a table.
import type { CSSProperties, ReactNode } from 'react'
import { EmptyState } from './EmptyState.tsx'

/**
 * Where a column's cells go in a compact row on a phone:
 * - primary: the first line (the row header's default; else the first column with a visible header);
 * - secondary: joined with the other secondary values on the muted second line (the default);
 * - labelled: on the second line after its column's header ("Live 12 MB"), for values that mean nothing
 *   bare (numbers side by side);
 * - lead: before both lines (a row's checkbox or radio);
 * - actions: at the row's end (the default of actionsColumn and of a 'row-actions' column);
 * - hidden: not shown on a phone, still read by screen readers.
 */
export type PhonePlace = 'primary' | 'secondary' | 'labelled' | 'lead' | 'actions' | 'hidden'

export interface Column<Row> {
  key: string
  header: string
  render: (row: Row) => ReactNode
  /** The column that names the row (th scope="row"); one per table. */
  rowHeader?: boolean
  /** The header is for screen readers only (e.g. Actions); narrow screens show no label for its cells. */
  hideHeader?: boolean
  /** A class for the column's cells (e.g. 'row-actions'). */
  className?: string
  /** Where the column's cells go in a phone's compact row (see PhonePlace). */
  phone?: PhonePlace
  /** The column's width on a desk (a CSS length or percentage, e.g. '8rem', '30%'). */
  width?: string
  minWidth?: string
  maxWidth?: string
  /** One line, clipped with an ellipsis, its whole value in the cell's title (paths, e-mails, hashes). */
  ellipsis?: boolean
  /** The cell's title (the whole value of a clipped cell); a cell whose value is text has it by default. */
  title?: (row: Row) => string | undefined
}

/** The Actions column of a list: its buttons in each row, its header for screen readers only. */
export function actionsColumn<Row>(render: (row: Row) => ReactNode): Column<Row> {
  return {
    key: 'actions',
    header: 'Actions',
    hideHeader: true,
    className: 'row-actions',
    phone: 'actions',
    render,
  }
}

export interface TableProps<Row> {
  /** The table's accessible name. */
  label: string
  columns: ReadonlyArray<Column<Row>>
  rows: readonly Row[]
  rowKey: (row: Row, index: number) => string | number
  /** Shown (through EmptyState) in a single full-width cell when there are no rows. */
  empty?: ReactNode
  /** A class for a row, e.g. 'selected'. */
  rowClassName?: (row: Row) => string | undefined
  /** Data attributes of a row, e.g. { 'data-status': 'done' } (what tests and styles select rows by). */
  rowData?: (row: Row) => Readonly<Record<`data-${string}`, string>>
  className?: string
}

/** Each column's place on a phone, the undeclared ones by their kind. */
export function phonePlaces<Row>(columns: ReadonlyArray<Column<Row>>): PhonePlace[] {
  const declaredPrimary = columns.some((column) => column.phone === 'primary' || column.rowHeader)
  let primaryTaken = declaredPrimary
  return columns.map((column) => {
    if (column.phone) return column.phone
    if (column.rowHeader) return 'primary'
    if (column.className?.split(' ').includes('row-actions')) return 'actions'
    if (!primaryTaken && !column.hideHeader) {
      primaryTaken = true
      return 'primary'
    }
    return 'secondary'
  })
}

/**
 * The tracks of a phone's compact row (a grid per row): the lead, one track per second-line value (as wide
 * as its value, shrinking with an ellipsis when the line is full), the rest of the line, the actions. The
 * named lines are where narrowTables.css places the cells.
 */
export function phoneGrid(places: readonly PhonePlace[]): string {
  const line = places.filter((place) => place === 'secondary' || place === 'labelled').length
  const lead = places.includes('lead') ? '[lead-start] auto [main-start]' : '[lead-start main-start]'
  const actions = places.includes('actions') ? '[main-end] auto [end]' : '[main-end end]'
  return [
    lead,
    ...Array.from({ length: line }, () => 'minmax(0, max-content)'),
    'minmax(0, 1fr)',
    actions,
  ].join(' ')
}

/** Nothing to show: such a cell takes no room (and no separator) on a phone's second line. */
function isEmpty(value: ReactNode): boolean {
  return value === null || value === undefined || value === false || value === ''
}

/** A column's declared sizes, for its header cell (which sizes the column); none when it declares none. */
function columnSize<Row>({ width, minWidth, maxWidth }: Column<Row>): CSSProperties | undefined {
  return width || minWidth || maxWidth ? { width, minWidth, maxWidth } : undefined
}

const CLIPPED_ON_PHONE: ReadonlySet<PhonePlace> = new Set(['primary', 'secondary', 'labelled'])

function cellClass(...names: Array<string | false | undefined>): string {
  return names.filter(Boolean).join(' ')
}

export function Table<Row>({
  label,
  columns,
  rows,
  rowKey,
  empty,
  rowClassName,
  rowData,
  className,
}: TableProps<Row>) {
  const places = phonePlaces(columns)
  const tableStyle = { '--phone-grid': phoneGrid(places) } as CSSProperties
  return (
    <table
      className={`table data-table${className ? ` ${className}` : ''}`}
      aria-label={label}
      role="table"
      style={tableStyle}
    >
      <thead role="rowgroup">
        <tr role="row">
          {columns.map((column) => (
            <th key={column.key} scope="col" role="columnheader" style={columnSize(column)}>
              {column.hideHeader ? <span className="visually-hidden">{column.header}</span> : column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {rows.length === 0 ? (
          empty === undefined ? null : (
            <tr role="row">
              <td colSpan={columns.length} className="table-empty" role="cell">
                <EmptyState>{empty}</EmptyState>
              </td>
            </tr>
          )
        ) : (
          rows.map((row, index) => (
            <tr key={rowKey(row, index)} className={rowClassName?.(row)} role="row" {...rowData?.(row)}>
              {columns.map((column, columnIndex) => {
                const value = column.render(row)
                const place = places[columnIndex] ?? 'secondary'
                // The whole value of a cell that can be clipped: on a desk an ellipsis column, on a phone
                // the two lines of a compact row.
                const clipped = column.ellipsis || CLIPPED_ON_PHONE.has(place)
                const text =
                  typeof value === 'string' || typeof value === 'number' ? String(value) : undefined
                const props = {
                  className: cellClass(
                    column.className,
                    `cell-${place}`,
                    column.ellipsis && 'cell-ellipsis',
                    isEmpty(value) && 'cell-empty',
                  ),
                  'data-label': column.hideHeader ? undefined : column.header,
                  title: column.title ? column.title(row) : clipped && text ? text : undefined,
                  style: column.maxWidth ? { maxWidth: column.maxWidth } : undefined,
                }
                return column.rowHeader ? (
                  <th key={column.key} scope="row" role="rowheader" {...props}>
                    {value}
                  </th>
                ) : (
                  <td key={column.key} role="cell" {...props}>
                    {value}
                  </td>
                )
              })}
            </tr>
          ))
        )}
      </tbody>
    </table>
  )
}
