// Invoices (issue 13; docs/billing.md). Each day the invoice job (jobs/invoices.ts) issues the invoices of
// the month whose grace period has just ended, then charges what is due: a new invoice at once, an unpaid
// one again every CHARGE_RETRY_DAYS, up to CHARGE_ROUNDS_MAX rounds. Both steps can run again (a retried
// job, a second process) without billing or charging twice: an invoice is unique per organization and
// month, each round of charges is claimed by one process, and a charge is sent under its payment's id as
// idempotency key, written before it is sent.
import crypto from 'node:crypto'
import type { Invoice, InvoiceListResponse, InvoiceUsageResponse } from '../contract/invoice.ts'
import type { Database, Queryable } from '../db/index.ts'
import { HttpError } from '../errors.ts'
import { CardDeclinedError, type PaymentProvider } from '../payments/provider.ts'
import {
  claimChargeRound,
  findInvoice,
  findPendingPayment,
  insertInvoice,
  insertPendingPayment,
  listBilledDays,
  listChargeMethods,
  listInvoiceDays,
  listInvoiceLines,
  listInvoicePayments,
  listInvoices,
  listInvoicesToCharge,
  listInvoiceUsageRows,
  listLedgerDays,
  listOrgsToInvoice,
  markInvoicePaid,
  settlePayment,
  storeTotals,
  type ChargeableInvoice,
} from '../repositories/invoices.ts'
import { findPaymentCustomer, type Membership } from '../repositories/orgs.ts'
import { listPlans } from '../repositories/plans.ts'
import {
  billDay,
  CHARGE_RETRY_DAYS,
  CHARGE_ROUNDS_MAX,
  correctionLines,
  costChanged,
  CORRECTION_MONTHS,
  INVOICE_GRACE_DAYS,
  invoiceTotal,
  isInvoiced,
  monthEnd,
  monthStart,
  periodLines,
  type PlanPrice,
} from './invoiceLines.ts'
import { addDays } from './usage.ts'

/** The month ('YYYY-MM-01') whose invoices are due on `day`: the last one whose grace period has ended. */
export function periodDueOn(day: string): string {
  const graceStart = addDays(day, -INVOICE_GRACE_DAYS)
  return graceStart === monthEnd(graceStart)
    ? monthStart(graceStart)
    : monthStart(addDays(monthStart(graceStart), -1))
}

/** Writes the organization's invoice of the month starting periodStart; answers its id, or undefined when
 * there is nothing to invoice (no day on a plan invoiced here) or it exists already. */
export async function issueInvoice(
  db: Database,
  orgId: number,
  periodStart: string,
  invoiceDate: string,
  plans: ReadonlyMap<string, PlanPrice>,
): Promise<string | undefined> {
  const periodEnd = monthEnd(periodStart)
  const priced = (planId: string) => plans.get(planId) as PlanPrice
  const days = (await listLedgerDays(db, orgId, periodStart, periodEnd))
    .filter((day) => isInvoiced(plans.get(day.plan_id)))
    .map((day) => billDay(day, priced(day.plan_id)))

  // Days of earlier months whose ledger changed since they were billed (late metering), or that were never
  // billed, are corrected here: a closed invoice never changes.
  const lookBackFrom = monthStart(addDays(periodStart, -28 * CORRECTION_MONTHS))
  const lastEarlierDay = addDays(periodStart, -1)
  const [earlierLedger, billed] = await Promise.all([
    listLedgerDays(db, orgId, lookBackFrom, lastEarlierDay),
    listBilledDays(db, orgId, lookBackFrom, lastEarlierDay),
  ])
  const billedByDay = new Map(billed.map((day) => [day.usage_date, day]))
  const changes = earlierLedger
    .filter((day) => isInvoiced(plans.get(day.plan_id)))
    .map((day) => ({ before: billedByDay.get(day.usage_date), after: billDay(day, priced(day.plan_id)) }))
    .filter(costChanged)

  const lines = [...periodLines(days, plans), ...correctionLines(changes, plans)]
  if (lines.length === 0) return undefined
  const total = invoiceTotal(lines)
  const invoiceId = crypto.randomUUID()
  const written = await db.transaction((tx) =>
    insertInvoice(tx, {
      invoice_id: invoiceId,
      org_id: orgId,
      period_start: periodStart,
      period_end: periodEnd,
      invoice_date: invoiceDate,
      total_usd: total,
      // Nothing to charge (a month of corrections that give back as much as it costs) is settled as is.
      invoice_status: total > 0 ? 'UNPAID' : 'PAID',
      lines,
      days: [
        ...changes.map((change) => ({ ...change.after, is_correction: true })),
        ...days.map((day) => ({ ...day, is_correction: false })),
      ],
    }),
  )
  return written ? invoiceId : undefined
}

/** Issues every organization's invoice of the month due on `day` that does not exist yet. */
export async function issueInvoices(db: Database, day: string): Promise<number> {
  const periodStart = periodDueOn(day)
  const plans = new Map((await listPlans(db)).map((plan) => [plan.plan_id, plan]))
  let issued = 0
  for (const orgId of await listOrgsToInvoice(db, periodStart, monthEnd(periodStart))) {
    if (await issueInvoice(db, orgId, periodStart, day, plans)) issued += 1
  }
  return issued
}

export interface ChargeContext {
  db: Database
  payments: PaymentProvider
  now(): Date
}

/** Sends one charge and records its outcome; answers whether it was paid. Other errors leave it pending. */
async function sendCharge(
  ctx: ChargeContext,
  invoice: ChargeableInvoice,
  customerRef: string,
  payment: { payment_id: string; provider_ref: string },
): Promise<boolean> {
  try {
    const { paymentRef } = await ctx.payments.charge({
      customerRef,
      providerRef: payment.provider_ref,
      amountCents: Math.round(invoice.total_usd * 100),
      idempotencyKey: payment.payment_id,
      description: `Invoice ${invoice.invoice_id}`,
      metadata: { invoice_id: invoice.invoice_id, org_id: String(invoice.org_id) },
    })
    await ctx.db.transaction(async (tx) => {
      await settlePayment(tx, payment.payment_id, { status: 'SUCCEEDED', providerRef: paymentRef })
      await markInvoicePaid(tx, invoice.invoice_id)
    })
    return true
  } catch (error) {
    if (!(error instanceof CardDeclinedError)) throw error
    await settlePayment(ctx.db, payment.payment_id, { status: 'FAILED', failureCode: error.declineCode })
    return false
  }
}

/**
 * One round of charges of an unpaid invoice: a charge left pending by a crash is sent again under its key;
 * then the default card, then each backup, until one pays. A round no card pays leaves the invoice unpaid
 * for the next round.
 */
export async function chargeInvoice(ctx: ChargeContext, invoiceId: string, day: string): Promise<void> {
  const invoice = await claimChargeRound(ctx.db, invoiceId, day, CHARGE_RETRY_DAYS, CHARGE_ROUNDS_MAX)
  if (!invoice) return // paid, not due, or another process has this round
  const customerRef = await findPaymentCustomer(ctx.db, invoice.org_id)
  if (!customerRef) return
  const pending = await findPendingPayment(ctx.db, invoice.invoice_id)
  if (pending && (await sendCharge(ctx, invoice, customerRef, pending))) return
  for (const method of await listChargeMethods(ctx.db, invoice.org_id)) {
    if (method.payment_method_id === pending?.payment_method_id) continue
    const payment = { payment_id: crypto.randomUUID(), provider_ref: method.provider_ref }
    await insertPendingPayment(ctx.db, {
      payment_id: payment.payment_id,
      invoice_id: invoice.invoice_id,
      org_id: invoice.org_id,
      payment_method_id: method.payment_method_id,
      amount_usd: invoice.total_usd,
      payment_time: ctx.now(),
    })
    if (await sendCharge(ctx, invoice, customerRef, payment)) return
  }
}

/**
 * Charges every unpaid invoice due a round on `day`. One invoice whose charge fails in an unknown way (the
 * provider did not answer) does not hold back the others; the job fails at the end so it is looked at.
 */
export async function chargeDueInvoices(ctx: ChargeContext, day: string): Promise<void> {
  const due = await listInvoicesToCharge(ctx.db, day, CHARGE_RETRY_DAYS, CHARGE_ROUNDS_MAX)
  const failures: unknown[] = []
  for (const invoice of due) {
    await chargeInvoice(ctx, invoice.invoice_id, day).catch((error: unknown) => failures.push(error))
  }
  if (failures.length > 0) {
    const first = failures[0] instanceof Error ? failures[0].message : String(failures[0])
    throw new AggregateError(failures, `${failures.length} of ${due.length} charges failed: ${first}`)
  }
}

// The calls

export async function invoiceList(db: Queryable, admin: Membership): Promise<InvoiceListResponse> {
  return { invoice_list: await listInvoices(db, admin.org_id) }
}

async function requireInvoice(db: Queryable, admin: Membership, invoiceId: string) {
  const invoice = await findInvoice(db, admin.org_id, invoiceId)
  if (!invoice) throw new HttpError(404, 'not_found')
  return invoice
}

export async function invoiceDetail(db: Queryable, admin: Membership, invoiceId: string): Promise<Invoice> {
  const invoice = await requireInvoice(db, admin, invoiceId)
  const [lines, payments] = await Promise.all([
    listInvoiceLines(db, invoice.invoice_id),
    listInvoicePayments(db, invoice.invoice_id),
  ])
  return { ...invoice, invoice_line_list: lines, payment_list: payments }
}

export async function invoiceUsage(
  db: Queryable,
  admin: Membership,
  invoiceId: string,
): Promise<InvoiceUsageResponse> {
  const invoice = await requireInvoice(db, admin, invoiceId)
  const [days, rows] = await Promise.all([
    listInvoiceDays(db, invoice.invoice_id),
    listInvoiceUsageRows(db, admin.org_id, invoice.invoice_id),
  ])
  return { store_list: storeTotals(rows), day_list: days, row_list: rows }
}
