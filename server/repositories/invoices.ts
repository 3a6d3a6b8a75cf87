// The billing tables (migration 20261125200000_billing): the ledger an invoice is made of, invoices with
// their lines, days and payments. Money columns are numeric in the database and read as float8: amounts
// are cents and unit prices have 5 decimals, far inside a double's precision.
import type {
  InvoiceLine,
  InvoiceMetric,
  InvoicePayment,
  InvoiceStoreUsage,
  InvoiceSummary,
  InvoiceUsageDay,
  InvoiceUsageRow,
} from '../contract/invoice.ts'
import { DEFAULT_STORE_NAME } from '../contract/usage.ts'
import type { Queryable } from '../db/index.ts'
import { iso } from './isoTime.ts'

/** One day of the ledger: the plan, members and bytes of the organization at the end of the day. */
export interface LedgerDay {
  usage_date: string
  plan_id: string
  user_count: number
  live_bytes: number
  total_bytes: number
}

/** A ledger day as billed: what the plan included and the bytes beyond it. */
export interface BilledDay extends LedgerDay {
  included_bytes: number | null
  billable_bytes: number
}

export interface LineDraft {
  metric: InvoiceMetric
  description: string
  start_date: string
  end_date: string
  unit_price_usd: number
  count: number
  subtotal_usd: number
  plan_id: string
  is_correction: boolean
}

/** The ledger of an organization's days in a range: plan and members, and the bytes of all its volumes. */
export async function listLedgerDays(
  db: Queryable,
  orgId: number,
  fromDate: string,
  toDate: string,
): Promise<LedgerDay[]> {
  return db.query<LedgerDay>(
    `SELECT o.usage_date::text AS usage_date, o.plan_id, o.user_count,
            COALESCE(sum(v.live_bytes), 0)::bigint AS live_bytes, COALESCE(sum(v.total_bytes), 0)::bigint AS total_bytes
       FROM org_usage o
       LEFT JOIN volume_usage v ON v.org_id = o.org_id AND v.usage_date = o.usage_date
      WHERE o.org_id = $1 AND o.usage_date BETWEEN $2::date AND $3::date
      GROUP BY o.usage_date, o.plan_id, o.user_count
      ORDER BY o.usage_date`,
    [orgId, fromDate, toDate],
  )
}

/** What has been billed for each day of a range: the latest invoice's row of each day. */
export async function listBilledDays(
  db: Queryable,
  orgId: number,
  fromDate: string,
  toDate: string,
): Promise<BilledDay[]> {
  return db.query<BilledDay>(
    `SELECT DISTINCT ON (d.usage_date) d.usage_date::text AS usage_date, d.plan_id, d.user_count,
            d.live_bytes, d.total_bytes, d.included_bytes, d.billable_bytes
       FROM invoice_day d JOIN invoice i ON i.invoice_id = d.invoice_id
      WHERE d.org_id = $1 AND d.usage_date BETWEEN $2::date AND $3::date
      ORDER BY d.usage_date, i.created_at DESC, i.period_start DESC`,
    [orgId, fromDate, toDate],
  )
}

/** Organizations with ledger days in a month and no invoice for it yet. */
export async function listOrgsToInvoice(
  db: Queryable,
  periodStart: string,
  periodEnd: string,
): Promise<number[]> {
  const rows = await db.query<{ org_id: number }>(
    `SELECT DISTINCT u.org_id FROM org_usage u
      WHERE u.usage_date BETWEEN $1::date AND $2::date
        AND NOT EXISTS (SELECT 1 FROM invoice i WHERE i.org_id = u.org_id AND i.period_start = $1::date)
      ORDER BY u.org_id`,
    [periodStart, periodEnd],
  )
  return rows.map((row) => row.org_id)
}

export interface NewInvoice {
  invoice_id: string
  org_id: number
  period_start: string
  period_end: string
  invoice_date: string
  total_usd: number
  invoice_status: 'PAID' | 'UNPAID'
  lines: readonly LineDraft[]
  days: ReadonlyArray<BilledDay & { is_correction: boolean }>
}

/**
 * Writes an invoice with its lines and days, or nothing when the organization already has one for the
 * month (another process, or an earlier run, wrote it): answers whether this call wrote it.
 */
export async function insertInvoice(tx: Queryable, invoice: NewInvoice): Promise<boolean> {
  const [inserted] = await tx.query(
    `INSERT INTO invoice (invoice_id, org_id, period_start, period_end, invoice_date, total_usd, invoice_status)
     VALUES ($1, $2, $3::date, $4::date, $5::date, $6, $7)
     ON CONFLICT (org_id, period_start) DO NOTHING RETURNING 1`,
    [
      invoice.invoice_id,
      invoice.org_id,
      invoice.period_start,
      invoice.period_end,
      invoice.invoice_date,
      invoice.total_usd,
      invoice.invoice_status,
    ],
  )
  if (!inserted) return false
  for (const line of invoice.lines) {
    await tx.query(
      `INSERT INTO invoice_line (invoice_id, metric, description, start_date, end_date, unit_price_usd, count,
                                 subtotal_usd, plan_id, is_correction)
       VALUES ($1, $2, $3, $4::date, $5::date, $6, $7, $8, $9, $10)`,
      [
        invoice.invoice_id,
        line.metric,
        line.description,
        line.start_date,
        line.end_date,
        line.unit_price_usd,
        line.count,
        line.subtotal_usd,
        line.plan_id,
        line.is_correction,
      ],
    )
  }
  if (invoice.days.length > 0) {
    await tx.query(
      `INSERT INTO invoice_day (invoice_id, org_id, usage_date, plan_id, user_count, live_bytes, total_bytes,
                                included_bytes, billable_bytes, is_correction)
       SELECT $1, $2, d.usage_date, d.plan_id, d.user_count, d.live_bytes, d.total_bytes, d.included_bytes,
              d.billable_bytes, d.is_correction
         FROM json_to_recordset($3::json) AS d(usage_date date, plan_id text, user_count integer, live_bytes bigint,
              total_bytes bigint, included_bytes bigint, billable_bytes bigint, is_correction boolean)`,
      [invoice.invoice_id, invoice.org_id, JSON.stringify(invoice.days)],
    )
  }
  return true
}

const SUMMARY_FIELDS = `i.invoice_id::text AS invoice_id, i.invoice_date::text AS invoice_date,
  i.period_start::text AS period_start, i.period_end::text AS period_end, i.total_usd::float8 AS total_usd,
  i.invoice_status`

export async function listInvoices(db: Queryable, orgId: number): Promise<InvoiceSummary[]> {
  return db.query<InvoiceSummary>(
    `SELECT ${SUMMARY_FIELDS} FROM invoice i WHERE i.org_id = $1 ORDER BY i.period_start DESC`,
    [orgId],
  )
}

export async function findInvoice(
  db: Queryable,
  orgId: number,
  invoiceId: string,
): Promise<InvoiceSummary | undefined> {
  const [invoice] = await db.query<InvoiceSummary>(
    `SELECT ${SUMMARY_FIELDS} FROM invoice i WHERE i.org_id = $1 AND i.invoice_id = $2::uuid`,
    [orgId, invoiceId],
  )
  return invoice
}

export async function listInvoiceLines(db: Queryable, invoiceId: string): Promise<InvoiceLine[]> {
  return db.query<InvoiceLine>(
    `SELECT invoice_line_id, metric, description, start_date::text AS start_date, end_date::text AS end_date,
            unit_price_usd::float8 AS unit_price_usd, count::float8 AS count, subtotal_usd::float8 AS subtotal_usd,
            plan_id, is_correction
       FROM invoice_line WHERE invoice_id = $1::uuid ORDER BY invoice_line_id`,
    [invoiceId],
  )
}

export async function listInvoicePayments(db: Queryable, invoiceId: string): Promise<InvoicePayment[]> {
  return db.query<InvoicePayment>(
    `SELECT p.payment_id::text AS payment_id, ${iso('p.payment_time')} AS payment_time, m.card_brand, m.card_last4,
            p.payment_status, p.amount_usd::float8 AS amount_usd, p.failure_code
       FROM invoice_payment p JOIN payment_method m ON m.payment_method_id = p.payment_method_id
      WHERE p.invoice_id = $1::uuid ORDER BY p.payment_time, p.created_at`,
    [invoiceId],
  )
}

export async function listInvoiceDays(db: Queryable, invoiceId: string): Promise<InvoiceUsageDay[]> {
  return db.query<InvoiceUsageDay>(
    `SELECT d.usage_date::text AS usage_date, d.plan_id, p.plan_name, d.user_count, d.live_bytes,
            d.total_bytes - d.live_bytes AS retained_bytes, d.total_bytes, d.included_bytes, d.billable_bytes,
            d.is_correction
       FROM invoice_day d JOIN plan p ON p.plan_id = d.plan_id
      WHERE d.invoice_id = $1::uuid ORDER BY d.usage_date`,
    [invoiceId],
  )
}

/** The ledger rows (a volume's bytes in one store for one day) of the days an invoice billed. */
export async function listInvoiceUsageRows(
  db: Queryable,
  orgId: number,
  invoiceId: string,
): Promise<InvoiceUsageRow[]> {
  return db.query<InvoiceUsageRow>(
    `SELECT u.usage_date::text AS usage_date, u.volume_id, v.volume_name, u.store_id AS s3_bucket_id,
            CASE WHEN u.store_id = 0 THEN $3 ELSE COALESCE(b.s3_bucket, 'Store ' || u.store_id) END AS s3_bucket_name,
            u.byte_days
       FROM invoice_day d
       JOIN volume_store_usage u ON u.org_id = d.org_id AND u.usage_date = d.usage_date
       JOIN volume v ON v.volume_id = u.volume_id
       LEFT JOIN s3_bucket b ON b.s3_bucket_id = u.store_id AND b.org_id = u.org_id
      WHERE d.invoice_id = $2::uuid AND d.org_id = $1 AND u.byte_days > 0
      ORDER BY u.usage_date, v.volume_name, u.store_id`,
    [orgId, invoiceId, DEFAULT_STORE_NAME],
  )
}

export function storeTotals(rows: readonly InvoiceUsageRow[]): InvoiceStoreUsage[] {
  const totals = new Map<number, InvoiceStoreUsage>()
  for (const row of rows) {
    const total = totals.get(row.s3_bucket_id) ?? {
      s3_bucket_id: row.s3_bucket_id,
      s3_bucket_name: row.s3_bucket_name,
      byte_days: 0,
    }
    total.byte_days += row.byte_days
    totals.set(row.s3_bucket_id, total)
  }
  return [...totals.values()].sort((a, b) => a.s3_bucket_id - b.s3_bucket_id)
}

// Charging

export interface ChargeableInvoice {
  invoice_id: string
  org_id: number
  total_usd: number
  charge_rounds: number
}

/** Unpaid invoices due another round of charges on `day`. */
export async function listInvoicesToCharge(
  db: Queryable,
  day: string,
  retryDays: number,
  maxRounds: number,
): Promise<ChargeableInvoice[]> {
  return db.query<ChargeableInvoice>(
    `SELECT invoice_id::text AS invoice_id, org_id, total_usd::float8 AS total_usd, charge_rounds
       FROM invoice
      WHERE invoice_status = 'UNPAID' AND charge_rounds < $3
        AND (last_charge_date IS NULL OR last_charge_date <= $1::date - $2::integer)
      ORDER BY created_at`,
    [day, retryDays, maxRounds],
  )
}

/**
 * Claims the invoice's round of charges on `day`: answers it when it is unpaid, has rounds left and its last
 * round was at least retryDays ago; one process wins, the others get undefined.
 */
export async function claimChargeRound(
  db: Queryable,
  invoiceId: string,
  day: string,
  retryDays: number,
  maxRounds: number,
): Promise<ChargeableInvoice | undefined> {
  const [row] = await db.query<ChargeableInvoice>(
    `UPDATE invoice SET charge_rounds = charge_rounds + 1, last_charge_date = $2::date
      WHERE invoice_id = $1::uuid AND invoice_status = 'UNPAID' AND charge_rounds < $4
        AND (last_charge_date IS NULL OR last_charge_date <= $2::date - $3::integer)
      RETURNING invoice_id::text AS invoice_id, org_id, total_usd::float8 AS total_usd, charge_rounds`,
    [invoiceId, day, retryDays, maxRounds],
  )
  return row
}

export interface ChargeMethod {
  payment_method_id: number
  provider_ref: string
}

/** The cards to try, the default first, then the backups in the order they were added. */
export async function listChargeMethods(db: Queryable, orgId: number): Promise<ChargeMethod[]> {
  return db.query<ChargeMethod>(
    `SELECT payment_method_id, provider_ref FROM payment_method
      WHERE org_id = $1 AND NOT is_deleted ORDER BY is_default DESC, payment_method_id`,
    [orgId],
  )
}

export interface PendingPayment {
  payment_id: string
  payment_method_id: number
  provider_ref: string
}

/** A charge sent whose answer was never recorded (a crash in between), to send again under its key. */
export async function findPendingPayment(
  db: Queryable,
  invoiceId: string,
): Promise<PendingPayment | undefined> {
  const [row] = await db.query<PendingPayment>(
    `SELECT p.payment_id::text AS payment_id, p.payment_method_id, m.provider_ref
       FROM invoice_payment p JOIN payment_method m ON m.payment_method_id = p.payment_method_id
      WHERE p.invoice_id = $1::uuid AND p.payment_status = 'PENDING'
      ORDER BY p.created_at LIMIT 1`,
    [invoiceId],
  )
  return row
}

export async function insertPendingPayment(
  db: Queryable,
  payment: {
    payment_id: string
    invoice_id: string
    org_id: number
    payment_method_id: number
    amount_usd: number
    payment_time: Date
  },
): Promise<void> {
  await db.query(
    `INSERT INTO invoice_payment (payment_id, invoice_id, org_id, payment_method_id, amount_usd, payment_status,
                                  payment_time)
     VALUES ($1::uuid, $2::uuid, $3, $4, $5, 'PENDING', $6)`,
    [
      payment.payment_id,
      payment.invoice_id,
      payment.org_id,
      payment.payment_method_id,
      payment.amount_usd,
      payment.payment_time.toISOString(),
    ],
  )
}

export async function settlePayment(
  db: Queryable,
  paymentId: string,
  outcome: { status: 'SUCCEEDED' | 'FAILED'; failureCode?: string; providerRef?: string },
): Promise<void> {
  await db.query(
    `UPDATE invoice_payment SET payment_status = $2, failure_code = $3, provider_ref = $4
      WHERE payment_id = $1::uuid`,
    [paymentId, outcome.status, outcome.failureCode ?? null, outcome.providerRef ?? null],
  )
}

export async function markInvoicePaid(db: Queryable, invoiceId: string): Promise<void> {
  await db.query(`UPDATE invoice SET invoice_status = 'PAID' WHERE invoice_id = $1::uuid`, [invoiceId])
}
