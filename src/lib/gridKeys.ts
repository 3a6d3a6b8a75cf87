// Keyboard movement in a data grid, as the WAI-ARIA grid pattern has it: arrows move one cell, Home and
// End go to the row's first and last cell (with Ctrl, the grid's first and last row), Page Up and Page
// Down move by a screenful of rows. Movement stops at the edges; it never wraps. Pure, so the rules are
// tested alone; the listing applies them to its rows and moves focus.

export interface GridPosition {
  /** 0 is the header row. */
  row: number
  col: number
}

export interface GridShape {
  /** Rows including the header row. */
  rowCount: number
  colCount: number
  /** Rows a Page Up or Page Down moves by. */
  pageRows: number
}

export interface GridKey {
  key: string
  ctrlKey?: boolean
  metaKey?: boolean
}

const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), Math.max(max, 0))

/** The cell a key moves to from `at`, or undefined when the key is not a grid movement key. */
export function moveInGrid(
  at: GridPosition,
  { key, ctrlKey, metaKey }: GridKey,
  shape: GridShape,
): GridPosition | undefined {
  const lastRow = shape.rowCount - 1
  const lastCol = shape.colCount - 1
  const control = ctrlKey === true || metaKey === true
  const to = (row: number, col: number) => ({ row: clamp(row, lastRow), col: clamp(col, lastCol) })
  switch (key) {
    case 'ArrowDown':
      return to(at.row + 1, at.col)
    case 'ArrowUp':
      return to(at.row - 1, at.col)
    case 'ArrowRight':
      return to(at.row, at.col + 1)
    case 'ArrowLeft':
      return to(at.row, at.col - 1)
    case 'Home':
      return control ? to(0, at.col) : to(at.row, 0)
    case 'End':
      return control ? to(lastRow, at.col) : to(at.row, lastCol)
    case 'PageDown':
      return to(at.row + shape.pageRows, at.col)
    case 'PageUp':
      return to(at.row - shape.pageRows, at.col)
    default:
      return undefined
  }
}

/** A remembered position kept inside a grid whose rows changed (a filter, a deletion). */
export function clampToGrid(at: GridPosition, shape: GridShape): GridPosition {
  return { row: clamp(at.row, shape.rowCount - 1), col: clamp(at.col, shape.colCount - 1) }
}

export interface CardShape {
  /** Cards in all. */
  count: number
  /** Cards on a row; the last row may hold fewer. */
  columns: number
  /** Rows a Page Up or Page Down moves by. */
  pageRows: number
}

/**
 * The card a key moves to in a wrapped grid of cards (the gallery): left and right go along the reading
 * order (past a row's end to the next row's start, as a file browser's grid does), up and down by a row,
 * down into a short last row lands on its last card. Home and End go to the row's ends (with Ctrl, the
 * first and last card). Undefined when the key is not a movement key.
 */
export function moveInCards(
  index: number,
  { key, ctrlKey, metaKey }: GridKey,
  { count, columns, pageRows }: CardShape,
): number | undefined {
  if (count === 0) return undefined
  const last = count - 1
  const cols = Math.max(1, columns)
  const at = Math.min(Math.max(index, 0), last)
  const control = ctrlKey === true || metaKey === true
  const rowStart = at - (at % cols)
  const lastRow = Math.floor(last / cols)
  const byRows = (rows: number) => {
    const row = Math.min(Math.max(Math.floor(at / cols) + rows, 0), lastRow)
    return Math.min(row * cols + (at % cols), last)
  }
  switch (key) {
    case 'ArrowRight':
      return Math.min(at + 1, last)
    case 'ArrowLeft':
      return Math.max(at - 1, 0)
    case 'ArrowDown':
      return byRows(1)
    case 'ArrowUp':
      return byRows(-1)
    case 'PageDown':
      return byRows(Math.max(1, pageRows))
    case 'PageUp':
      return byRows(-Math.max(1, pageRows))
    case 'Home':
      return control ? 0 : rowStart
    case 'End':
      return control ? last : Math.min(rowStart + cols - 1, last)
    default:
      return undefined
  }
}
