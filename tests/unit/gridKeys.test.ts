import { describe, expect, it } from 'vitest'
import { clampToGrid, moveInGrid } from '../../src/lib/gridKeys.ts'

// A header row and 10 rows of 4 cells; a page is 3 rows.
const shape = { rowCount: 11, colCount: 4, pageRows: 3 }
const at = { row: 5, col: 2 }

describe('moveInGrid', () => {
  it('moves one cell with the arrows', () => {
    expect(moveInGrid(at, { key: 'ArrowDown' }, shape)).toEqual({ row: 6, col: 2 })
    expect(moveInGrid(at, { key: 'ArrowUp' }, shape)).toEqual({ row: 4, col: 2 })
    expect(moveInGrid(at, { key: 'ArrowRight' }, shape)).toEqual({ row: 5, col: 3 })
    expect(moveInGrid(at, { key: 'ArrowLeft' }, shape)).toEqual({ row: 5, col: 1 })
  })
  it('stops at the edges instead of wrapping', () => {
    expect(moveInGrid({ row: 10, col: 3 }, { key: 'ArrowDown' }, shape)).toEqual({ row: 10, col: 3 })
    expect(moveInGrid({ row: 10, col: 3 }, { key: 'ArrowRight' }, shape)).toEqual({ row: 10, col: 3 })
    expect(moveInGrid({ row: 0, col: 0 }, { key: 'ArrowUp' }, shape)).toEqual({ row: 0, col: 0 })
    expect(moveInGrid({ row: 0, col: 0 }, { key: 'ArrowLeft' }, shape)).toEqual({ row: 0, col: 0 })
  })
  it('goes to the ends of the row with Home and End, of the grid with Ctrl', () => {
    expect(moveInGrid(at, { key: 'Home' }, shape)).toEqual({ row: 5, col: 0 })
    expect(moveInGrid(at, { key: 'End' }, shape)).toEqual({ row: 5, col: 3 })
    expect(moveInGrid(at, { key: 'Home', ctrlKey: true }, shape)).toEqual({ row: 0, col: 2 })
    expect(moveInGrid(at, { key: 'End', ctrlKey: true }, shape)).toEqual({ row: 10, col: 2 })
    expect(moveInGrid(at, { key: 'End', metaKey: true }, shape)).toEqual({ row: 10, col: 2 })
  })
  it('moves by a page, stopping at the first and last row', () => {
    expect(moveInGrid(at, { key: 'PageDown' }, shape)).toEqual({ row: 8, col: 2 })
    expect(moveInGrid({ row: 9, col: 2 }, { key: 'PageDown' }, shape)).toEqual({ row: 10, col: 2 })
    expect(moveInGrid({ row: 1, col: 2 }, { key: 'PageUp' }, shape)).toEqual({ row: 0, col: 2 })
  })
  it('leaves other keys to the cell', () => {
    expect(moveInGrid(at, { key: ' ' }, shape)).toBeUndefined()
    expect(moveInGrid(at, { key: 'Enter' }, shape)).toBeUndefined()
    expect(moveInGrid(at, { key: 'a' }, shape)).toBeUndefined()
  })
  it('keeps to the header when the grid has no rows', () => {
    expect(moveInGrid({ row: 0, col: 1 }, { key: 'ArrowDown' }, { ...shape, rowCount: 1 })).toEqual({
      row: 0,
      col: 1,
    })
  })
})

describe('clampToGrid', () => {
  it('brings a position back inside a grid that shrank', () => {
    expect(clampToGrid({ row: 9, col: 2 }, { ...shape, rowCount: 4 })).toEqual({ row: 3, col: 2 })
    expect(clampToGrid({ row: 2, col: 1 }, shape)).toEqual({ row: 2, col: 1 })
  })
})
