import { describe, expect, it } from 'vitest'
import { clampToGrid, moveInCards, moveInGrid } from '../../src/lib/gridKeys.ts'

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

// 10 cards, 4 a row: rows [0-3] [4-7] [8-9]; a page is 2 rows.
const cards = { count: 10, columns: 4, pageRows: 2 }

describe('moveInCards', () => {
  it('moves along the reading order with left and right, past the ends of rows', () => {
    expect(moveInCards(5, { key: 'ArrowRight' }, cards)).toBe(6)
    expect(moveInCards(5, { key: 'ArrowLeft' }, cards)).toBe(4)
    expect(moveInCards(3, { key: 'ArrowRight' }, cards)).toBe(4)
    expect(moveInCards(4, { key: 'ArrowLeft' }, cards)).toBe(3)
  })
  it('moves a row up and down in the same column', () => {
    expect(moveInCards(5, { key: 'ArrowDown' }, cards)).toBe(9)
    expect(moveInCards(5, { key: 'ArrowUp' }, cards)).toBe(1)
  })
  it('lands on the last card when the row below is short', () => {
    expect(moveInCards(7, { key: 'ArrowDown' }, cards)).toBe(9)
    expect(moveInCards(6, { key: 'ArrowDown' }, cards)).toBe(9)
  })
  it('stops at the edges', () => {
    expect(moveInCards(0, { key: 'ArrowLeft' }, cards)).toBe(0)
    expect(moveInCards(2, { key: 'ArrowUp' }, cards)).toBe(2)
    expect(moveInCards(9, { key: 'ArrowRight' }, cards)).toBe(9)
    expect(moveInCards(8, { key: 'ArrowDown' }, cards)).toBe(8)
    expect(moveInCards(9, { key: 'ArrowDown' }, cards)).toBe(9)
  })
  it('goes to the ends of the row with Home and End, and of the grid with Ctrl', () => {
    expect(moveInCards(6, { key: 'Home' }, cards)).toBe(4)
    expect(moveInCards(6, { key: 'End' }, cards)).toBe(7)
    expect(moveInCards(8, { key: 'End' }, cards)).toBe(9)
    expect(moveInCards(6, { key: 'Home', ctrlKey: true }, cards)).toBe(0)
    expect(moveInCards(6, { key: 'End', metaKey: true }, cards)).toBe(9)
  })
  it('moves by a page of rows, stopping at the first and last rows', () => {
    expect(moveInCards(1, { key: 'PageDown' }, cards)).toBe(9)
    expect(moveInCards(2, { key: 'PageDown' }, cards)).toBe(9)
    expect(moveInCards(9, { key: 'PageUp' }, cards)).toBe(1)
  })
  it('ignores other keys and empty grids', () => {
    expect(moveInCards(1, { key: 'a' }, cards)).toBeUndefined()
    expect(moveInCards(0, { key: 'ArrowRight' }, { count: 0, columns: 4, pageRows: 1 })).toBeUndefined()
  })
})
