// Round steps of a chart's value axis (src/lib/axisTicks.ts): byte sizes a power of two apart (base 1024, as
// the console's sizes), counts 1, 2 or 5 times a power of ten apart, from 0 to the first step at or above
// the largest value, with labels that carry no trailing zeros.
import { describe, expect, it } from 'vitest'
import { byteTickLabel, byteTicks, countTickLabel, countTicks } from '../../src/lib/axisTicks.ts'

const KB = 1024
const MB = 1024 ** 2
const GB = 1024 ** 3

describe('byte axis ticks', () => {
  it('steps 38.1 MB in 16 MB, not in thirds of the largest value', () => {
    expect(byteTicks(38.1 * MB)).toEqual([0, 16 * MB, 32 * MB, 48 * MB])
    expect(byteTicks(38.1 * MB).map(byteTickLabel)).toEqual(['0 B', '16 MB', '32 MB', '48 MB'])
  })

  it('keeps 3 or 4 steps whatever the size, the top at or above the largest value', () => {
    for (const max of [1, 3, 1000, 1500, 7 * MB, 64 * MB, 64 * MB + 1, 0.99 * GB, 5.5 * GB, 3 * 1024 * GB]) {
      const ticks = byteTicks(max)
      const step = ticks[1] ?? 0
      expect(ticks[0], `${max}`).toBe(0)
      expect(ticks.length - 1, `${max}: ${ticks.map(byteTickLabel).join(', ')}`).toBeGreaterThanOrEqual(
        max < 4 ? 1 : 3,
      )
      expect(ticks.length - 1, `${max}`).toBeLessThanOrEqual(4)
      expect(ticks.at(-1), `${max}`).toBeGreaterThanOrEqual(max)
      // A power of two of bytes.
      expect(Math.log2(step) % 1, `${max}: step ${step}`).toBe(0)
      expect(ticks.every((tick, index) => tick === index * step)).toBe(true)
    }
  })

  it('crosses a unit on a step, in quarters of it at most', () => {
    expect(byteTicks(1.01 * GB).map(byteTickLabel)).toEqual(['0 B', '512 MB', '1 GB', '1.5 GB'])
    expect(byteTicks(900 * KB).map(byteTickLabel)).toEqual(['0 B', '256 KB', '512 KB', '768 KB', '1 MB'])
    expect(byteTicks(2.2 * MB).map(byteTickLabel)).toEqual(['0 B', '1 MB', '2 MB', '3 MB'])
    expect(byteTickLabel(1.125 * GB)).toBe('1.125 GB')
  })

  it('shows 0 to 1 KB for an axis of zeros, or of no value at all', () => {
    const empty = ['0 B', '256 B', '512 B', '768 B', '1 KB']
    expect(byteTicks(0).map(byteTickLabel)).toEqual(empty)
    expect(byteTicks(Number.NaN).map(byteTickLabel)).toEqual(empty)
    expect(byteTicks(-5).map(byteTickLabel)).toEqual(empty)
  })
})

describe('count axis ticks', () => {
  it('steps by 1, 2 or 5 times a power of ten', () => {
    expect(countTicks(38)).toEqual([0, 10, 20, 30, 40])
    expect(countTicks(7)).toEqual([0, 2, 4, 6, 8])
    expect(countTicks(3)).toEqual([0, 1, 2, 3])
    expect(countTicks(1)).toEqual([0, 1])
    expect(countTicks(18_000)).toEqual([0, 5000, 10_000, 15_000, 20_000])
    expect(countTicks(18_000).map(countTickLabel)).toEqual(['0', '5,000', '10,000', '15,000', '20,000'])
  })

  it('never steps by less than one: a count is whole', () => {
    expect(countTicks(0.4)).toEqual([0, 1])
  })

  it('shows 0 to 4 for an axis of zeros', () => {
    expect(countTicks(0)).toEqual([0, 1, 2, 3, 4])
  })
})
