// How an invoice reads (specification 001, sections 2 and 4): the id shortened to 8 characters, days as
// yyyy-MM-dd, statuses in words, a line's count with its unit, a payment's card and decline reason, and
// byte-days as GiB-days. Money goes through src/lib/format.ts.
import type { InvoiceLine, InvoicePayment, InvoiceSummary, InvoiceUsageRow } from '../../../api/invoices.ts'
import { toCsv } from '../../../lib/csv.ts'
import { MINUS_SIGN } from '../../../lib/format.ts'

/** Specification 001, section 4: invoice ids are shown as 8 characters. */
export const SHORT_INVOICE_ID_LENGTH = 8

export function shortInvoiceId(invoiceId: string): string {
  return invoiceId.slice(0, SHORT_INVOICE_ID_LENGTH)
}

const UTC_DAY = /^\d{4}-\d{2}-\d{2}/

/**
 * A UTC day of an answer as yyyy-MM-dd: '2026-10-31', or the day of a UTC timestamp ('2026-10-31T00:00:00Z').
 * Read as text, not as an instant, so no local time zone moves it to the day before.
 */
export function dayText(day: string): string {
  return UTC_DAY.exec(day)?.[0] ?? ''
}

/** 'Paid' or 'Unpaid'. */
export function invoiceStatusText(status: InvoiceSummary['invoice_status']): string {
  return status === 'PAID' ? 'Paid' : 'Unpaid'
}

/** The period an invoice closes: '2026-10-01 – 2026-10-31'. */
export function periodText(invoice: Pick<InvoiceSummary, 'period_start' | 'period_end'>): string {
  return `${dayText(invoice.period_start)} – ${dayText(invoice.period_end)}`
}

const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 5 })

/** A count or quantity with its sign as the minus sign money uses ('−0.5'), up to 5 decimals. */
export function numberText(value: number): string {
  if (!Number.isFinite(value)) return ''
  const shown = NUMBER.format(Math.abs(value))
  return value < 0 && /[1-9]/.test(shown) ? `${MINUS_SIGN}${shown}` : shown
}

const UNITS: Readonly<Record<InvoiceLine['metric'], readonly [string, string]>> = {
  USER: ['member-month', 'member-months'],
  STORAGE: ['GiB-month', 'GiB-months'],
}

/** A line's Amount: its count with the unit its unit price is per, e.g. '1.5 member-months'. */
export function lineAmountText(line: Pick<InvoiceLine, 'metric' | 'count'>): string {
  const [one, many] = UNITS[line.metric]
  return `${numberText(line.count)} ${Math.abs(line.count) === 1 ? one : many}`
}

/** 'Users' or 'Storage'. */
export function metricText(metric: InvoiceLine['metric']): string {
  return metric === 'USER' ? 'Users' : 'Storage'
}

/** The days a line counts: '2026-10-01 – 2026-10-31', or one day alone. */
export function lineDaysText(line: Pick<InvoiceLine, 'start_date' | 'end_date'>): string {
  const start = dayText(line.start_date)
  const end = dayText(line.end_date)
  return start === end ? start : `${start} – ${end}`
}

/** Stripe's decline codes whose words are not simply the code's: null for one that says no more than 'Declined'. */
const DECLINE_WORDS: Readonly<Record<string, string | null>> = {
  generic_decline: null,
  card_declined: null,
  incorrect_cvc: 'incorrect CVC',
  invalid_cvc: 'invalid CVC',
  card_velocity_exceeded: 'too many attempts',
  do_not_honor: 'refused by the bank',
}

/** Why a payment was declined, in words: 'insufficient funds', or undefined when the code tells nothing. */
export function declineReason(code: string | null): string | undefined {
  if (!code) return undefined
  const known = DECLINE_WORDS[code]
  if (known !== undefined) return known ?? undefined
  return code.replaceAll('_', ' ').trim() || undefined
}

/** 'Succeeded', 'Pending', or 'Declined (insufficient funds)'. */
export function paymentStatusText(payment: Pick<InvoicePayment, 'payment_status' | 'failure_code'>): string {
  switch (payment.payment_status) {
    case 'SUCCEEDED':
      return 'Succeeded'
    case 'PENDING':
      return 'Pending'
    case 'FAILED': {
      const reason = declineReason(payment.failure_code)
      return reason ? `Declined (${reason})` : 'Declined'
    }
  }
}

/** A GiB is 1024³ bytes (docs/billing.md): storage is priced per GiB-month. */
export const GIB = 1024 ** 3

const GIB_DAYS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const WHOLE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })

/** Byte-days as GiB-days: '12.25 GiB-days'. */
export function gibDaysText(byteDays: number): string {
  return `${GIB_DAYS.format(byteDays / GIB)} GiB-days`
}

/** Byte-days as counted, with thousands separators: '13,153,337,344 byte-days'. */
export function byteDaysText(byteDays: number): string {
  return `${WHOLE.format(byteDays)} byte-days`
}

/** The columns of the usage CSV, in order; the header line names them. */
export const USAGE_CSV_COLUMNS = [
  'usage_date',
  'volume_id',
  'volume_name',
  's3_bucket_id',
  's3_bucket_name',
  'byte_days',
] as const satisfies ReadonlyArray<keyof InvoiceUsageRow>

/** The ledger rows an invoice's storage was made of, as CSV text (RFC 4180). */
export function usageCsv(rows: readonly InvoiceUsageRow[]): string {
  return toCsv(
    USAGE_CSV_COLUMNS,
    rows.map((row) => USAGE_CSV_COLUMNS.map((column) => row[column])),
  )
}

/** 'invoice-1a2b3c4d-usage.csv'. */
export function usageCsvFileName(invoiceId: string): string {
  return `invoice-${shortInvoiceId(invoiceId)}-usage.csv`
}
