// The arithmetic of an invoice (server/services/invoiceLines.ts; docs/billing.md): months and their days,
// the month due after the grace period, lines per run of days on one plan, corrections that give back,
// and plans not invoiced here.
import { describe, expect, it } from 'vitest'
import { periodDueOn } from '../../server/services/invoices.ts'
import {
  billDay,
  correctionLines,
  costChanged,
  daysInMonth,
  GIB,
  invoiceTotal,
  monthEnd,
  periodLines,
  type PlanPrice,
} from '../../server/services/invoiceLines.ts'
import type { LedgerDay } from '../../server/repositories/invoices.ts'

const TIB = 2 ** 40
const starter: PlanPrice = {
  plan_id: 'starter_month',
  plan_name: 'Starter',
  price_usd: 49,
  max_user_count: 2,
  max_storage_bytes: TIB,
  storage_usd_per_gib_month: 0.02,
}
const enterprise: PlanPrice = {
  plan_id: 'enterprise_month',
  plan_name: 'Enterprise',
  price_usd: null,
  max_user_count: null,
  max_storage_bytes: null,
  storage_usd_per_gib_month: null,
}
const plans = new Map([starter, enterprise].map((plan) => [plan.plan_id, plan]))

const day = (usage_date: string, overrides: Partial<LedgerDay> = {}): LedgerDay => ({
  usage_date,
  plan_id: 'starter_month',
  user_count: 1,
  live_bytes: 0,
  total_bytes: 0,
  ...overrides,
})

describe('months', () => {
  it('knows the days of each month, leap years included', () => {
    expect(daysInMonth('2026-02-10')).toBe(28)
    expect(daysInMonth('2028-02-01')).toBe(29)
    expect(daysInMonth('2026-12-31')).toBe(31)
    expect(monthEnd('2026-04-15')).toBe('2026-04-30')
  })

  it('makes a month due 3 days after it ends, and keeps it due for the rest of the next month', () => {
    expect(periodDueOn('2026-12-03')).toBe('2026-11-01')
    expect(periodDueOn('2026-12-31')).toBe('2026-11-01')
    expect(periodDueOn('2027-01-02')).toBe('2026-11-01')
    expect(periodDueOn('2027-01-03')).toBe('2026-12-01')
    expect(periodDueOn('2026-03-03')).toBe('2026-02-01')
  })
})

describe('lines of a month', () => {
  it('bills storage beyond the plan per GiB-month, and members per member-month', () => {
    const days = ['2026-04-01', '2026-04-02'].map((date) =>
      billDay(day(date, { user_count: 2, total_bytes: TIB + 15 * GIB }), starter),
    )
    expect(days[0]).toMatchObject({ included_bytes: TIB, billable_bytes: 15 * GIB })
    const [users, storage] = periodLines(days, plans)
    // 4 member-days of a 30-day April at $24.50 a member-month.
    expect(users).toMatchObject({ metric: 'USER', unit_price_usd: 24.5, count: 0.133333, subtotal_usd: 3.27 })
    // 30 GiB-days of a 30-day month: 1 GiB-month at $0.02.
    expect(storage).toMatchObject({ metric: 'STORAGE', unit_price_usd: 0.02, count: 1, subtotal_usd: 0.02 })
  })

  it('leaves out days on a plan not invoiced here, and splits a month at each plan change', () => {
    const days = [
      day('2026-04-01'),
      day('2026-04-02', { plan_id: 'enterprise_month' }),
      day('2026-04-03'),
    ].map((entry) => billDay(entry, plans.get(entry.plan_id) as PlanPrice))
    const lines = periodLines(days, plans)
    expect(lines.map((line) => [line.metric, line.start_date, line.end_date])).toEqual([
      ['USER', '2026-04-01', '2026-04-01'],
      ['STORAGE', '2026-04-01', '2026-04-01'],
      ['USER', '2026-04-03', '2026-04-03'],
      ['STORAGE', '2026-04-03', '2026-04-03'],
    ])
  })
})

describe('corrections', () => {
  it('corrects only days whose cost changed, and may give back', () => {
    const before = billDay(day('2026-03-31', { user_count: 2 }), starter)
    const after = billDay(day('2026-03-31', { user_count: 1, live_bytes: 5, total_bytes: 5 }), starter)
    expect(
      costChanged({ before, after: billDay(day('2026-03-31', { user_count: 2, total_bytes: 9 }), starter) }),
    ).toBe(false)
    const lines = correctionLines([{ before, after }], plans)
    // One member-day fewer of March's 31 days: -0.032258 member-months, $0.79 back.
    expect(lines).toEqual([
      expect.objectContaining({
        metric: 'USER',
        description: 'Correction to 2026-03: members, Starter plan',
        count: -0.032258,
        subtotal_usd: -0.79,
        is_correction: true,
      }),
    ])
    expect(invoiceTotal([...lines, ...lines])).toBe(-1.58)
  })

  it('bills a day that was never billed in full', () => {
    const after = billDay(day('2026-03-31'), starter)
    expect(correctionLines([{ before: undefined, after }], plans)[0]).toMatchObject({ count: 0.032258 })
  })
})
