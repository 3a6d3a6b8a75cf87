// Wire types of invoices (specification 001 sections 2, 3, 7 and 9; issue 13). An invoice closes one
// calendar month (UTC) of an organization: USER lines from the members counted each day, STORAGE lines from
// the byte-days of the usage ledger beyond what the plan includes, and correction lines for days of earlier
// months whose ledger changed after they were billed. docs/billing.md gives the units and the arithmetic.
import { Type, type Static } from 'typebox'
import { Nullable } from './wireValues.ts'

export const INVOICE_METRICS = ['USER', 'STORAGE'] as const
export type InvoiceMetric = (typeof INVOICE_METRICS)[number]

/** PAID: charged (or nothing to charge); UNPAID: every card was declined so far, retried later. */
export const INVOICE_STATUSES = ['PAID', 'UNPAID'] as const
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]

/** PENDING: sent to the provider, its answer not recorded yet (a crash in between; sent again with the
 * same idempotency key). */
export const PAYMENT_STATUSES = ['SUCCEEDED', 'FAILED', 'PENDING'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

const Day = Type.String({ description: 'A UTC day, YYYY-MM-DD' })

export const InvoiceLine = Type.Object({
  invoice_line_id: Type.Integer(),
  metric: Type.Union([Type.Literal('USER'), Type.Literal('STORAGE')]),
  description: Type.String(),
  /** The first and last day (inclusive) the line counts. */
  start_date: Day,
  end_date: Day,
  /** USER: per member per month; STORAGE: per GiB-month beyond the plan's storage. Up to 5 decimals. */
  unit_price_usd: Type.Number(),
  /** USER: member-months (member-days / days in the month); STORAGE: GiB-months. Negative in a correction
   * that gives back. */
  count: Type.Number(),
  /** unit_price_usd × count, rounded to the cent. */
  subtotal_usd: Type.Number(),
  plan_id: Type.String(),
  /** A correction of days billed on an earlier invoice whose usage changed after it closed. */
  is_correction: Type.Boolean(),
})
export type InvoiceLine = Static<typeof InvoiceLine>

export const InvoicePayment = Type.Object({
  payment_id: Type.String(),
  payment_time: Type.String({ description: 'ISO 8601' }),
  card_brand: Type.String(),
  card_last4: Type.String(),
  payment_status: Type.Union([Type.Literal('SUCCEEDED'), Type.Literal('FAILED'), Type.Literal('PENDING')]),
  amount_usd: Type.Number(),
  /** The provider's decline code of a failed payment (generic_decline, insufficient_funds, ...). */
  failure_code: Nullable(Type.String()),
})
export type InvoicePayment = Static<typeof InvoicePayment>

export const InvoiceSummary = Type.Object({
  /** A UUID; the console shows its first 8 characters. */
  invoice_id: Type.String(),
  invoice_date: Day,
  /** The month the invoice closes: its first and last day. */
  period_start: Day,
  period_end: Day,
  total_usd: Type.Number(),
  invoice_status: Type.Union([Type.Literal('PAID'), Type.Literal('UNPAID')]),
})
export type InvoiceSummary = Static<typeof InvoiceSummary>

export const Invoice = Type.Intersect([
  InvoiceSummary,
  Type.Object({
    invoice_line_list: Type.Array(InvoiceLine),
    payment_list: Type.Array(InvoicePayment),
  }),
])
export type Invoice = Static<typeof Invoice>

export const InvoiceListResponse = Type.Object({ invoice_list: Type.Array(InvoiceSummary) })
export type InvoiceListResponse = Static<typeof InvoiceListResponse>

export const InvoiceResponse = Type.Object({ invoice: Invoice })
export type InvoiceResponse = Static<typeof InvoiceResponse>

/** How the STORAGE lines were computed: the byte-days per store, live versus kept by retention. */
export const InvoiceStoreUsage = Type.Object({
  s3_bucket_id: Type.Integer(),
  s3_bucket_name: Type.String(),
  byte_days: Type.Integer(),
})
export type InvoiceStoreUsage = Static<typeof InvoiceStoreUsage>

/** One day the invoice billed, as billed: the members counted and the bytes kept at the end of the day. */
export const InvoiceUsageDay = Type.Object({
  usage_date: Day,
  plan_id: Type.String(),
  plan_name: Type.String(),
  user_count: Type.Integer(),
  /** Files not deleted, each by its current version. */
  live_bytes: Type.Integer(),
  /** Deleted files and older versions that retention keeps. total = live + retained. */
  retained_bytes: Type.Integer(),
  total_bytes: Type.Integer(),
  /** What the day's plan includes (null: no limit) and what was billed beyond it. */
  included_bytes: Nullable(Type.Integer()),
  billable_bytes: Type.Integer(),
  /** Whether the day was billed by a correction on this invoice (a day of an earlier month). */
  is_correction: Type.Boolean(),
})
export type InvoiceUsageDay = Static<typeof InvoiceUsageDay>

/** One ledger row the storage of a billed day was made of: a volume's bytes in one store that day. */
export const InvoiceUsageRow = Type.Object({
  usage_date: Day,
  volume_id: Type.Integer(),
  volume_name: Type.String(),
  ...InvoiceStoreUsage.properties,
})
export type InvoiceUsageRow = Static<typeof InvoiceUsageRow>

export const InvoiceUsageResponse = Type.Object({
  store_list: Type.Array(InvoiceStoreUsage),
  day_list: Type.Array(InvoiceUsageDay),
  row_list: Type.Array(InvoiceUsageRow),
})
export type InvoiceUsageResponse = Static<typeof InvoiceUsageResponse>
