// How a volume's metrics read (specification 001 sections 2 and 9; issue 12): the range kept in the address,
// the days of a range with the days the job has not measured as zeros, the chart rows, the ticks and column
// widths of each range, and the forecast of the day the plan's storage limit is reached. Pure, so the
// shaping is tested without rendering a chart.
import type { OrgUsageDay, StoreUsageDay, VolumeUsageDay } from '../../../../server/contract/usage.ts'
import {
  DEFAULT_USAGE_RANGE,
  USAGE_RANGES,
  USAGE_RANGE_DAYS,
  type UsageRange,
} from '../../../../server/contract/limits.ts'
import { formatBytes } from '../../../lib/format.ts'

export { DEFAULT_USAGE_RANGE, USAGE_RANGES, USAGE_RANGE_DAYS, type UsageRange }

const DAY_MS = 86_400_000

/** The range of the address (?range=30d); anything else is the default (left out of the address). */
export function parseUsageRange(value: unknown): UsageRange {
  return USAGE_RANGES.find((range) => range === value) ?? DEFAULT_USAGE_RANGE
}

export const RANGE_LABELS: Readonly<Record<UsageRange, string>> = {
  '1w': '1 week',
  '2w': '2 weeks',
  '30d': '30 days',
  '90d': '90 days',
}

/** Days between ticks of the time axis (001 section 2: 1, 3, 7 and 14 days). */
export const TICK_DAYS: Readonly<Record<UsageRange, number>> = { '1w': 1, '2w': 3, '30d': 7, '90d': 14 }

/** Column width in pixels: wide columns for a week, thin ones for 90 days. */
export const BAR_SIZES: Readonly<Record<UsageRange, number>> = { '1w': 32, '2w': 20, '30d': 12, '90d': 5 }

export function addDays(day: string, offset: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10)
}

/** Every UTC day from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = []
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day)
  return days
}

/** The ticks of the time axis: every `TICK_DAYS` days counted back from the last day, oldest first. */
export function ticksOf(days: readonly string[], range: UsageRange): string[] {
  const step = TICK_DAYS[range]
  return days.filter((_, index) => (days.length - 1 - index) % step === 0)
}

/** '11/24': a tick's label. */
export function tickLabel(day: string): string {
  return `${Number(day.slice(5, 7))}/${Number(day.slice(8, 10))}`
}

export interface SizeRow {
  day: string
  live_bytes: number
  total_bytes: number
  live_count: number
  total_count: number
}

/** One row per day of the range; a day without a row reads as zeros, never as a gap. */
export function fillUsage(days: readonly string[], rows: readonly VolumeUsageDay[]): SizeRow[] {
  const byDay = new Map(rows.map((row) => [row.usage_date, row]))
  return days.map((day) => {
    const row = byDay.get(day)
    return {
      day,
      live_bytes: row?.live_bytes ?? 0,
      total_bytes: row?.total_bytes ?? 0,
      live_count: row?.live_count ?? 0,
      total_count: row?.total_count ?? 0,
    }
  })
}

export interface StoreSeries {
  /** The key of the store's values in each row ('store_0'). */
  key: string
  name: string
}

export interface StoreChart {
  stores: StoreSeries[]
  /** One row per day: `day` and each store's byte-days under its key (0 when none). */
  rows: Array<Record<string, string | number>>
}

/** Byte-days by store and day, the service's store first, each store with every day of the range. */
export function storeChart(days: readonly string[], rows: readonly StoreUsageDay[]): StoreChart {
  const names = new Map<number, string>()
  const values = new Map<string, number>()
  for (const row of rows) {
    if (!names.has(row.s3_bucket_id)) names.set(row.s3_bucket_id, row.s3_bucket_name)
    values.set(`${row.s3_bucket_id}/${row.usage_date}`, row.byte_days)
  }
  const ids = [...names.keys()].sort((a, b) => a - b)
  const stores = ids.map((id) => ({ key: `store_${id}`, name: names.get(id) as string }))
  return {
    stores,
    rows: days.map((day) => {
      const row: Record<string, string | number> = { day }
      for (const id of ids) row[`store_${id}`] = values.get(`${id}/${day}`) ?? 0
      return row
    }),
  }
}

/** '1.500 KB-days': byte-days in the units of a byte size. */
export function byteDaysText(byteDays: number): string {
  return `${formatBytes(byteDays)}-days`
}

export type Forecast =
  | { kind: 'no_limit' }
  | { kind: 'reached'; limit: number }
  | { kind: 'not_within_a_year'; limit: number }
  | { kind: 'on'; limit: number; day: string }

/** A forecast reaches this far at most. */
export const FORECAST_DAYS = 365

/**
 * The day the organization's total reaches the plan's limit at the growth rate of the range: the change
 * between the first and the last measured day (days without a measure are left out), per day.
 */
export function forecast(orgDays: readonly OrgUsageDay[], orgTotal: number, limit: number | null): Forecast {
  if (limit === null) return { kind: 'no_limit' }
  if (orgTotal >= limit) return { kind: 'reached', limit }
  const measured = orgDays.filter((day) => day.total_bytes > 0)
  const first = measured[0]
  const last = measured.at(-1)
  if (!first || !last || first === last) return { kind: 'not_within_a_year', limit }
  const elapsed = (Date.parse(last.usage_date) - Date.parse(first.usage_date)) / DAY_MS
  const perDay = (last.total_bytes - first.total_bytes) / elapsed
  if (!(perDay > 0)) return { kind: 'not_within_a_year', limit }
  const days = Math.ceil((limit - orgTotal) / perDay)
  if (days > FORECAST_DAYS) return { kind: 'not_within_a_year', limit }
  return { kind: 'on', limit, day: addDays(last.usage_date, days) }
}

export function forecastText(result: Forecast): string {
  switch (result.kind) {
    case 'no_limit':
      return 'The plan has no storage limit.'
    case 'reached':
      return `The organization has reached the plan's storage limit of ${formatBytes(result.limit)}.`
    case 'not_within_a_year':
      return `At the recent growth rate, the plan's storage limit of ${formatBytes(result.limit)} is not reached within a year.`
    case 'on':
      return `At the recent growth rate, the plan's storage limit of ${formatBytes(result.limit)} is reached on ${result.day}.`
  }
}

/** What the screen says before the daily job has measured the volume (after, 'As of' the time it did). */
export const NOT_MEASURED_TEXT = 'Not measured yet: usage is measured once a day, after the day ends.'
