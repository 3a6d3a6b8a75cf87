// How a volume's metrics are shaped for the charts (issue 12; specification 001 sections 2 and 9): the range
// of the address, every day of a range with unmeasured days as zeros, the ticks and column widths of each
// range, byte-days by store, and the forecast of the day the plan's storage limit is reached.
import { describe, expect, it } from 'vitest'
import {
  BAR_SIZES,
  addDays,
  byteDaysText,
  daysOf,
  fillUsage,
  forecast,
  forecastText,
  parseUsageRange,
  storeChart,
  tickLabel,
  ticksOf,
} from '../../src/routes/_app/-volume/metrics.ts'

const TB = 1024 ** 4

describe('metrics range and days', () => {
  it('reads the range of the address, anything else being 1w', () => {
    expect(parseUsageRange('30d')).toBe('30d')
    expect(parseUsageRange('90d')).toBe('90d')
    expect(parseUsageRange('1y')).toBe('1w')
    expect(parseUsageRange(undefined)).toBe('1w')
    expect(parseUsageRange(7)).toBe('1w')
  })

  it('lists every day of a range across month and year ends', () => {
    expect(daysOf('2026-12-30', '2027-01-02')).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ])
    expect(daysOf('2026-11-01', '2026-11-01')).toEqual(['2026-11-01'])
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
  })

  it('ticks every 1, 3, 7 and 14 days, counted back from the last day', () => {
    const week = daysOf('2026-11-18', '2026-11-24')
    expect(ticksOf(week, '1w')).toEqual(week)
    const twoWeeks = daysOf('2026-11-11', '2026-11-24')
    expect(ticksOf(twoWeeks, '2w')).toEqual([
      '2026-11-12',
      '2026-11-15',
      '2026-11-18',
      '2026-11-21',
      '2026-11-24',
    ])
    const month = daysOf('2026-10-26', '2026-11-24')
    expect(ticksOf(month, '30d')).toEqual([
      '2026-10-27',
      '2026-11-03',
      '2026-11-10',
      '2026-11-17',
      '2026-11-24',
    ])
    const quarter = daysOf('2026-08-27', '2026-11-24')
    const ticks = ticksOf(quarter, '90d')
    expect(ticks).toHaveLength(7)
    expect(ticks.at(-1)).toBe('2026-11-24')
    expect(ticks[0]).toBe('2026-09-01')
    expect(tickLabel('2026-09-05')).toBe('9/5')
  })

  it('gives narrower columns to longer ranges', () => {
    expect(BAR_SIZES['1w']).toBeGreaterThan(BAR_SIZES['2w'])
    expect(BAR_SIZES['2w']).toBeGreaterThan(BAR_SIZES['30d'])
    expect(BAR_SIZES['30d']).toBeGreaterThan(BAR_SIZES['90d'])
  })
})

describe('metrics chart rows', () => {
  const days = daysOf('2026-11-20', '2026-11-23')

  it('fills the days without a row with zeros, in order', () => {
    const rows = fillUsage(days, [
      { usage_date: '2026-11-23', live_bytes: 5, total_bytes: 9, live_count: 1, total_count: 2 },
      { usage_date: '2026-11-21', live_bytes: 3, total_bytes: 4, live_count: 1, total_count: 1 },
    ])
    expect(rows).toEqual([
      { day: '2026-11-20', live_bytes: 0, total_bytes: 0, live_count: 0, total_count: 0 },
      { day: '2026-11-21', live_bytes: 3, total_bytes: 4, live_count: 1, total_count: 1 },
      { day: '2026-11-22', live_bytes: 0, total_bytes: 0, live_count: 0, total_count: 0 },
      { day: '2026-11-23', live_bytes: 5, total_bytes: 9, live_count: 1, total_count: 2 },
    ])
  })

  it('puts each store in its own series with every day, the service store first', () => {
    const chart = storeChart(days, [
      { s3_bucket_id: 4, s3_bucket_name: 'edit-bucket', usage_date: '2026-11-22', byte_days: 70 },
      { s3_bucket_id: 0, s3_bucket_name: 'Default Storage', usage_date: '2026-11-20', byte_days: 10 },
      { s3_bucket_id: 0, s3_bucket_name: 'Default Storage', usage_date: '2026-11-23', byte_days: 12 },
    ])
    expect(chart.stores).toEqual([
      { key: 'store_0', name: 'Default Storage' },
      { key: 'store_4', name: 'edit-bucket' },
    ])
    expect(chart.rows).toEqual([
      { day: '2026-11-20', store_0: 10, store_4: 0 },
      { day: '2026-11-21', store_0: 0, store_4: 0 },
      { day: '2026-11-22', store_0: 0, store_4: 70 },
      { day: '2026-11-23', store_0: 12, store_4: 0 },
    ])
    expect(storeChart(days, []).rows[0]).toEqual({ day: '2026-11-20' })
    expect(byteDaysText(1536)).toBe('1.500 KB-days')
  })
})

describe('metrics forecast and as-of', () => {
  const day = (usage_date: string, total_bytes: number) => ({ usage_date, total_bytes })

  it('finds the day the limit is reached at the growth rate of the measured days', () => {
    // 10 GB a day from 100 GB towards 1 TB (1024 GB): 924 GB more, 93 days after the last day.
    const GB = 1024 ** 3
    const result = forecast(
      [
        day('2026-11-20', 0),
        day('2026-11-21', 80 * GB),
        day('2026-11-22', 90 * GB),
        day('2026-11-23', 100 * GB),
      ],
      100 * GB,
      TB,
    )
    expect(result).toEqual({ kind: 'on', limit: TB, day: addDays('2026-11-23', 93) })
    expect(forecastText(result)).toBe(
      "At the recent growth rate, the plan's storage limit of 1.000 TB is reached on 2027-02-24.",
    )
  })

  it('says when the limit is not reached within a year, already reached, or absent', () => {
    const flat = forecast([day('2026-11-21', 500), day('2026-11-23', 500)], 500, TB)
    expect(flat).toEqual({ kind: 'not_within_a_year', limit: TB })
    const slow = forecast([day('2026-11-21', 500), day('2026-11-23', 1500)], 1500, TB)
    expect(slow.kind).toBe('not_within_a_year')
    const shrinking = forecast([day('2026-11-21', 900), day('2026-11-23', 100)], 100, TB)
    expect(shrinking.kind).toBe('not_within_a_year')
    expect(forecast([day('2026-11-23', 100)], 100, TB).kind).toBe('not_within_a_year')
    expect(forecast([], 0, TB).kind).toBe('not_within_a_year')
    expect(forecastText(flat)).toBe(
      "At the recent growth rate, the plan's storage limit of 1.000 TB is not reached within a year.",
    )
    expect(forecast([day('2026-11-23', TB)], TB, TB)).toEqual({ kind: 'reached', limit: TB })
    expect(forecast([day('2026-11-23', 5)], 5, null)).toEqual({ kind: 'no_limit' })
    expect(forecastText({ kind: 'no_limit' })).toBe('The plan has no storage limit.')
  })
})
