// The table of every list screen: columns declared once, real table semantics (a caption-less table named
// by `label`, column headers, a row header), and an empty state in one full-width cell. At the spec's 600px
// breakpoint and below each row becomes a stacked block whose cells show their column's header before the
// value (data-label, drawn by CSS), so a table reads at 375px without sideways scrolling. Explicit roles
// keep the semantics in browsers that drop them when a table's display changes. Links and buttons live in
// cells; rows are not clickable.
import type { ReactNode } from 'react'
import { EmptyState } from './EmptyState.tsx'

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
}

/** The Actions column of a list: its buttons in each row, its header for screen readers only. */
export function actionsColumn<Row>(render: (row: Row) => ReactNode): Column<Row> {
  return { key: 'actions', header: 'Actions', hideHeader: true, className: 'row-actions', render }
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
  return (
    <table className={`table data-table${className ? ` ${className}` : ''}`} aria-label={label} role="table">
      <thead role="rowgroup">
        <tr role="row">
          {columns.map((column) => (
            <th key={column.key} scope="col" role="columnheader">
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
              {columns.map((column) => {
                const props = {
                  className: column.className,
                  'data-label': column.hideHeader ? undefined : column.header,
                }
                return column.rowHeader ? (
                  <th key={column.key} scope="row" role="rowheader" {...props}>
                    {column.render(row)}
                  </th>
                ) : (
                  <td key={column.key} role="cell" {...props}>
                    {column.render(row)}
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
