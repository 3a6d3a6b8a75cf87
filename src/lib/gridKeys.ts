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
