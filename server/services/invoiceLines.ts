// The arithmetic of an invoice (docs/billing.md), pure so each rule is in one place and tested alone.
//
// Units:
// - A day is 1/(days in its month) of a month: a plan's monthly price is for the whole month, 24 hours times
//   the month's days, and each UTC day of it costs the same share.
// - USER: a member counted at the end of a day is one member-day. The unit price is per member-month, the
//   plan's monthly price over the members it includes, so a month with the plan's full members costs the
//   plan's price; fewer members, or members for part of the month, cost their share.
// - STORAGE: the bytes every volume keeps at the end of a day (live files, deleted files and older versions
//   that retention keeps), beyond what the day's plan includes, are that day's billable byte-days. The count
//   is in GiB-months: billable byte-days / 2^30 / days in the month (GiB, 2^30 bytes, as the console shows
//   sizes in base 1024).
// - count is rounded to 6 decimals, a unit price has up to 5, and subtotal = unit price x count rounded to
//   the cent; the total is the sum of the subtotals.
import type { InvoiceMetric } from '../contract/invoice.ts'
import type { Plan } from '../contract/plan.ts'
import type { BilledDay, LedgerDay, LineDraft } from '../repositories/invoices.ts'

export const GIB = 2 ** 30

/** The invoice of a month is issued this many days after the month ends: late metering has run by then. */
export const INVOICE_GRACE_DAYS = 3
/** An unpaid invoice is charged again after this many days, up to CHARGE_ROUNDS_MAX rounds in all. */
export const CHARGE_RETRY_DAYS = 3
export const CHARGE_ROUNDS_MAX = 4
/** How many earlier months an invoice looks back at for days whose usage changed after they were billed. */
export const CORRECTION_MONTHS = 3

/** What a plan's invoices are priced from. */
export type PlanPrice = Pick<
  Plan,
  'plan_id' | 'plan_name' | 'price_usd' | 'max_user_count' | 'max_storage_bytes' | 'storage_usd_per_gib_month'
>

const round = (value: number, places: number) => {
  const factor = 10 ** places
  return Math.round(value * factor) / factor
}
export const roundCents = (value: number) => round(value, 2)

/** 'YYYY-MM-01' of the day's month. */
export const monthStart = (day: string) => `${day.slice(0, 7)}-01`

/** The number of days in the day's month. */
export function daysInMonth(day: string): number {
  const [year, month] = day.split('-').map(Number) as [number, number]
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

/** The last day of the day's month. */
export const monthEnd = (day: string) => `${day.slice(0, 7)}-${String(daysInMonth(day)).padStart(2, '0')}`

/** Whether a plan is invoiced here (it has a listed price and a member count to split it by). */
export function isInvoiced(plan: PlanPrice | undefined): plan is PlanPrice & { price_usd: number } {
  return plan !== undefined && plan.price_usd !== null && plan.max_user_count !== null
}

/** The price of one member for one month: the plan's price over the members it includes. */
export function memberMonthPrice(plan: PlanPrice & { price_usd: number }): number {
  return round(plan.price_usd / (plan.max_user_count ?? 1), 5)
}

export function billDay(day: LedgerDay, plan: PlanPrice): BilledDay {
  const included = plan.max_storage_bytes
  return {
    ...day,
    included_bytes: included,
    billable_bytes: included === null ? 0 : Math.max(0, day.total_bytes - included),
  }
}

function line(
  metric: InvoiceMetric,
  plan: PlanPrice & { price_usd: number },
  days: readonly BilledDay[],
  quantity: number,
  description: string,
  isCorrection: boolean,
): LineDraft {
  const month = days[0]?.usage_date as string
  const unit = metric === 'USER' ? memberMonthPrice(plan) : (plan.storage_usd_per_gib_month ?? 0)
  const perMonth = metric === 'USER' ? quantity : quantity / GIB
  const count = round(perMonth / daysInMonth(month), 6)
  return {
    metric,
    description,
    start_date: days[0]?.usage_date as string,
    end_date: days.at(-1)?.usage_date as string,
    unit_price_usd: unit,
    count,
    subtotal_usd: roundCents(unit * count),
    plan_id: plan.plan_id,
    is_correction: isCorrection,
  }
}

/** Runs of consecutive-in-list days with the same plan (a plan change splits a month into runs). */
function runsByPlan<T extends { plan_id: string }>(days: readonly T[]): T[][] {
  const runs: T[][] = []
  for (const day of days) {
    const last = runs.at(-1)
    if (last && last[0]?.plan_id === day.plan_id) last.push(day)
    else runs.push([day])
  }
  return runs
}

const storageText = (plan: PlanPrice) =>
  plan.max_storage_bytes === null
    ? `Storage, ${plan.plan_name} plan`
    : `Storage beyond the ${plan.plan_name} plan's ${plan.max_storage_bytes / 2 ** 40} TB`

/**
 * The lines of a month: for each run of days on one plan, its members (USER) and its storage beyond the plan
 * (STORAGE, shown even when nothing is beyond, so the invoice says how storage was counted). Days on a plan
 * that is not invoiced here are left out. `days` are in date order, within one month.
 */
export function periodLines(days: readonly BilledDay[], plans: ReadonlyMap<string, PlanPrice>): LineDraft[] {
  return runsByPlan(days).flatMap((run) => {
    const plan = plans.get(run[0]?.plan_id as string)
    if (!isInvoiced(plan)) return []
    const memberDays = run.reduce((sum, day) => sum + day.user_count, 0)
    const billable = run.reduce((sum, day) => sum + day.billable_bytes, 0)
    return [
      line('USER', plan, run, memberDays, `Members, ${plan.plan_name} plan`, false),
      line('STORAGE', plan, run, billable, storageText(plan), false),
    ]
  })
}

/** A day billed before whose ledger now says otherwise (before: undefined when it was never billed). */
export interface DayChange {
  before: BilledDay | undefined
  after: BilledDay
}

/** Whether a day's ledger changed what it costs since it was billed. */
export function costChanged({ before, after }: DayChange): boolean {
  return before?.user_count !== after.user_count || before.billable_bytes !== after.billable_bytes
}

/**
 * Correction lines for days of earlier months whose ledger changed after they were billed: per month and
 * plan, the difference in member-days and billable byte-days, priced as that month's days were. A line
 * may be negative (it gives back). Lines whose count rounds to zero are left out.
 */
export function correctionLines(
  changes: readonly DayChange[],
  plans: ReadonlyMap<string, PlanPrice>,
): LineDraft[] {
  const groups = new Map<string, DayChange[]>()
  for (const change of changes) {
    const key = `${monthStart(change.after.usage_date)} ${change.after.plan_id}`
    groups.set(key, [...(groups.get(key) ?? []), change])
  }
  return [...groups.values()].flatMap((group) => {
    const plan = plans.get(group[0]?.after.plan_id as string)
    if (!isInvoiced(plan)) return []
    const days = group.map((change) => change.after)
    const month = (days[0]?.usage_date as string).slice(0, 7)
    const memberDays = group.reduce((sum, c) => sum + c.after.user_count - (c.before?.user_count ?? 0), 0)
    const billable = group.reduce(
      (sum, c) => sum + c.after.billable_bytes - (c.before?.billable_bytes ?? 0),
      0,
    )
    return [
      line('USER', plan, days, memberDays, `Correction to ${month}: members, ${plan.plan_name} plan`, true),
      line('STORAGE', plan, days, billable, `Correction to ${month}: ${storageText(plan)}`, true),
    ].filter((drafted) => drafted.count !== 0)
  })
}

export function invoiceTotal(lines: readonly LineDraft[]): number {
  return roundCents(lines.reduce((sum, drafted) => sum + drafted.subtotal_usd, 0))
}
