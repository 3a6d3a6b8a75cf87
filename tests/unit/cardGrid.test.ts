import { describe, expect, it } from 'vitest'
import { CARD_CAPTION_HEIGHT, gridColumns, gridRowCount, gridRowHeight } from '../../src/lib/cardGrid.ts'

describe('gridColumns', () => {
  it('shows two columns on a phone, whatever its width', () => {
    // A 375 px phone's listing is about 343 px wide.
    expect(gridColumns(343)).toBe(2)
    expect(gridColumns(590)).toBe(2)
  })
  it('fits as many cards of at least 168 px as the width holds on a desk', () => {
    // 5 cards and 4 gaps: 5 × 168 + 4 × 12 = 888.
    expect(gridColumns(888)).toBe(5)
    expect(gridColumns(887)).toBe(4)
    expect(gridColumns(1200)).toBe(6)
  })
  it('answers two columns before the width is measured', () => {
    expect(gridColumns(0)).toBe(2)
    expect(gridColumns(Number.NaN)).toBe(2)
  })
})

describe('gridRowHeight', () => {
  it('is a square picture as wide as a card, its caption and the gap', () => {
    // Two cards in 332 px with one 12 px gap: 160 px each.
    expect(gridRowHeight(332, 2)).toBe(160 + CARD_CAPTION_HEIGHT + 12)
  })
})

describe('gridRowCount', () => {
  it('counts a short last row', () => {
    expect(gridRowCount(10, 4)).toBe(3)
    expect(gridRowCount(8, 4)).toBe(2)
    expect(gridRowCount(0, 4)).toBe(0)
  })
})
