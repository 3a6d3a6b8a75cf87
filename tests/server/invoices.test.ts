// Invoices over simulated months (issue 13; docs/billing.md): the invoice job closes a month after its
// grace period from the ledger (members and byte-days), charges the default card and falls back to
// backups, leaves a declined invoice unpaid and charges it again later, corrects late usage on the next
// invoice, and never bills or charges twice when run again. The calls answer an invoice's lines, payments
// and the ledger rows its storage was made of. Days are metered in the past, so organizations and members
// are dated back with SQL and files are written with their dates (helpers/datedFiles.ts).
import { describe, expect, it } from 'vitest'
import { endpoints } from '../../server/contract/endpoints.ts'
import type { Invoice } from '../../server/contract/invoice.ts'
import type { Queryable } from '../../server/db/index.ts'
import { chargeDueInvoices, issueInvoices } from '../../server/services/invoices.ts'
import { addDays, meterUsage } from '../../server/services/usage.ts'
import { addPerson, adminOrg, type AdminOrg } from './helpers/admin.ts'
import { databaseKinds } from './helpers/databases.ts'
import { addFile } from './helpers/datedFiles.ts'
import { callEndpoint, refusal } from './helpers/endpoint.ts'
import { daysBetween, runDays } from './helpers/jobs.ts'
import { useServer, type Suite } from './helpers/suite.ts'

const GIB = 2 ** 30
const TIB = 2 ** 40

/** Dates the organization and its members back, so the days metered after it count them. */
async function backdate(db: Queryable, orgId: number, at: string): Promise<void> {
  await db.query('UPDATE org SET created_at = $2 WHERE org_id = $1', [orgId, at])
  await db.query('UPDATE org_user SET created_at = $2 WHERE org_id = $1', [orgId, at])
}

async function meterDays(db: Queryable & Parameters<typeof meterUsage>[0], from: string, to: string) {
  for (const day of daysBetween(from, to)) await meterUsage(db, day)
}

async function invoices(suite: Suite, org: AdminOrg) {
  const answer = await callEndpoint(suite.url, endpoints.invoiceList, {
    params: { org_id: org.orgId },
    key: org.key,
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.invoice_list
}

async function invoice(suite: Suite, org: AdminOrg, invoiceId: string): Promise<Invoice> {
  const answer = await callEndpoint(suite.url, endpoints.invoiceDetail, {
    params: { org_id: org.orgId, invoice_id: invoiceId },
    key: org.key,
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.invoice
}

async function onlyInvoice(suite: Suite, org: AdminOrg, periodStart: string): Promise<Invoice> {
  const list = (await invoices(suite, org)).filter((item) => item.period_start === periodStart)
  expect(list).toHaveLength(1)
  return invoice(suite, org, list[0]?.invoice_id as string)
}

async function addCard(suite: Suite, org: AdminOrg, testId: string, makeDefault: boolean): Promise<number> {
  const params = { org_id: org.orgId }
  const added = await callEndpoint(suite.url, endpoints.paymentMethodAdd, {
    params,
    key: org.key,
    body: { stripe_payment_method_id: testId },
  })
  expect(added.status, JSON.stringify(added.body)).toBe(200)
  const id = added.body.payment_method_id
  if (makeDefault) {
    const made = await callEndpoint(suite.url, endpoints.paymentMethodDefault, {
      params: { ...params, payment_method_id: id },
      key: org.key,
    })
    expect(made.status).toBe(200)
  }
  return id
}

const paymentsOf = (found: Invoice) =>
  found.payment_list.map(({ payment_status, card_last4, amount_usd, failure_code }) => ({
    payment_status,
    card_last4,
    amount_usd,
    failure_code,
  }))

describe.each(databaseKinds)('invoices on %s', (kind) => {
  const suite = useServer(kind)
  const db = () => suite.server.app.db
  const chargeContext = (day: string) => ({
    db: db(),
    payments: suite.server.app.payments,
    now: () => new Date(`${day}T06:00:00Z`),
  })

  it('closes a month after its grace period: members, storage beyond the plan, charged to the default card; a re-run bills nothing twice', async () => {
    const org = await adminOrg(suite, 'Billed') // Starter: 2 members, 1 TB, $49.00 a month
    const member = await addPerson(suite, org)
    await backdate(db(), org.orgId, '2024-12-15T00:00:00Z')
    await addFile(db(), org.orgId, org.volumeId, '/big.mov', [
      { size: TIB + 30 * GIB, at: '2024-12-20T00:00:00Z' },
    ])

    // The daily jobs through the queue, as the server runs them: no invoice until the grace period ends.
    await runDays(suite, '2025-01-01', '2025-02-02')
    expect(await invoices(suite, org)).toEqual([])
    await runDays(suite, '2025-02-03', '2025-02-03')

    const [summary] = await invoices(suite, org)
    expect(summary).toEqual({
      invoice_id: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
      invoice_date: '2025-02-03',
      period_start: '2025-01-01',
      period_end: '2025-01-31',
      total_usd: 49.6,
      invoice_status: 'PAID',
    })
    const found = await invoice(suite, org, summary?.invoice_id as string)
    expect(found.invoice_line_list.map(({ invoice_line_id: _, ...line }) => line)).toEqual([
      {
        metric: 'USER',
        description: 'Members, Starter plan',
        start_date: '2025-01-01',
        end_date: '2025-01-31',
        // $49.00 over the plan's 2 members; 62 member-days of a 31-day month.
        unit_price_usd: 24.5,
        count: 2,
        subtotal_usd: 49,
        plan_id: 'starter_month',
        is_correction: false,
      },
      {
        metric: 'STORAGE',
        description: "Storage beyond the Starter plan's 1 TB",
        start_date: '2025-01-01',
        end_date: '2025-01-31',
        // 30 GiB beyond the plan's 1 TB, every day of the month: 30 GiB-months at $0.02.
        unit_price_usd: 0.02,
        count: 30,
        subtotal_usd: 0.6,
        plan_id: 'starter_month',
        is_correction: false,
      },
    ])
    expect(paymentsOf(found)).toEqual([
      { payment_status: 'SUCCEEDED', card_last4: '4242', amount_usd: 49.6, failure_code: null },
    ])
    expect(found.payment_list[0]).toMatchObject({
      card_brand: 'visa',
      payment_time: '2025-02-04T00:00:00.000Z',
    })

    // The numbers trace back to the ledger: the days billed, and the rows each day's bytes were made of.
    const usage = await callEndpoint(suite.url, endpoints.invoiceUsage, {
      params: { org_id: org.orgId, invoice_id: found.invoice_id },
      key: org.key,
    })
    expect(usage.status).toBe(200)
    const { day_list, store_list, row_list } = usage.body
    expect(day_list).toHaveLength(31)
    expect(day_list[0]).toEqual({
      usage_date: '2025-01-01',
      plan_id: 'starter_month',
      plan_name: 'Starter',
      user_count: 2,
      live_bytes: TIB + 30 * GIB,
      retained_bytes: 0,
      total_bytes: TIB + 30 * GIB,
      included_bytes: TIB,
      billable_bytes: 30 * GIB,
      is_correction: false,
    })
    const billable = day_list.reduce((sum, day) => sum + day.billable_bytes, 0)
    expect(billable / GIB / 31).toBe(found.invoice_line_list[1]?.count)
    expect(day_list.reduce((sum, day) => sum + day.user_count, 0) / 31).toBe(
      found.invoice_line_list[0]?.count,
    )
    expect(store_list).toEqual([
      { s3_bucket_id: 0, s3_bucket_name: 'Default Storage', byte_days: 31 * (TIB + 30 * GIB) },
    ])
    expect(row_list).toHaveLength(31)
    expect(row_list[0]).toMatchObject({
      usage_date: '2025-01-01',
      volume_id: org.volumeId,
      s3_bucket_id: 0,
      byte_days: TIB + 30 * GIB,
    })
    const rowTotals = new Map<string, number>()
    for (const row of row_list)
      rowTotals.set(row.usage_date, (rowTotals.get(row.usage_date) ?? 0) + row.byte_days)
    expect(day_list.every((day) => rowTotals.get(day.usage_date) === day.total_bytes)).toBe(true)

    // Run again (a retried job, a second process): the same single invoice, charged once.
    expect(await issueInvoices(db(), '2025-02-03')).toBe(0)
    await chargeDueInvoices(chargeContext('2025-02-03'), '2025-02-03')
    await chargeDueInvoices(chargeContext('2025-02-10'), '2025-02-10')
    expect(await invoices(suite, org)).toHaveLength(1)
    expect(paymentsOf(await invoice(suite, org, found.invoice_id))).toHaveLength(1)

    // The calls: a member is refused; another organization, or an id that is not a UUID, finds nothing.
    const asMember = await callEndpoint(suite.url, endpoints.invoiceDetail, {
      params: { org_id: org.orgId, invoice_id: found.invoice_id },
      key: member.key,
    })
    expect(asMember).toEqual(refusal(403, 'admin_required'))
    const other = await adminOrg(suite, 'Other')
    const elsewhere = await callEndpoint(suite.url, endpoints.invoiceDetail, {
      params: { org_id: other.orgId, invoice_id: found.invoice_id },
      key: other.key,
    })
    expect(elsewhere).toEqual(refusal(404, 'not_found'))
    const malformed = await callEndpoint(suite.url, endpoints.invoiceDetail, {
      params: { org_id: org.orgId, invoice_id: 'not-a-uuid' },
      key: org.key,
    })
    expect(malformed).toEqual(refusal(404, 'not_found'))
  })

  it('prorates members who join mid-month and a plan changed mid-month, each day at its own plan', async () => {
    const org = await adminOrg(suite, 'Prorated') // Starter, the admin alone
    await backdate(db(), org.orgId, '2025-02-20T00:00:00Z')
    await meterDays(db(), '2025-03-01', '2025-03-10')
    const person = await addPerson(suite, org)
    await db().query('UPDATE org_user SET created_at = $3 WHERE org_id = $1 AND user_id = $2', [
      org.orgId,
      person.userId,
      '2025-03-11T09:00:00Z',
    ])
    const changed = await callEndpoint(suite.url, endpoints.orgSetPlan, {
      params: { org_id: org.orgId },
      key: org.key,
      body: { plan_id: 'pro_month' },
    })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    await meterDays(db(), '2025-03-11', '2025-03-31')

    await issueInvoices(db(), '2025-04-03')
    const found = await onlyInvoice(suite, org, '2025-03-01')
    const lines = found.invoice_line_list.map(
      ({ metric, plan_id, start_date, end_date, unit_price_usd, count, subtotal_usd }) => ({
        metric,
        plan_id,
        start_date,
        end_date,
        unit_price_usd,
        count,
        subtotal_usd,
      }),
    )
    expect(lines).toEqual([
      // 10 days of 1 member on Starter ($24.50 a member-month): 10/31 = 0.322581, $7.90.
      {
        metric: 'USER',
        plan_id: 'starter_month',
        start_date: '2025-03-01',
        end_date: '2025-03-10',
        unit_price_usd: 24.5,
        count: 0.322581,
        subtotal_usd: 7.9,
      },
      {
        metric: 'STORAGE',
        plan_id: 'starter_month',
        start_date: '2025-03-01',
        end_date: '2025-03-10',
        unit_price_usd: 0.02,
        count: 0,
        subtotal_usd: 0,
      },
      // 21 days of 2 members on Pro ($99.00 over 2 members): 42/31 = 1.354839, $67.06.
      {
        metric: 'USER',
        plan_id: 'pro_month',
        start_date: '2025-03-11',
        end_date: '2025-03-31',
        unit_price_usd: 49.5,
        count: 1.354839,
        subtotal_usd: 67.06,
      },
      {
        metric: 'STORAGE',
        plan_id: 'pro_month',
        start_date: '2025-03-11',
        end_date: '2025-03-31',
        unit_price_usd: 0.02,
        count: 0,
        subtotal_usd: 0,
      },
    ])
    expect(found.total_usd).toBe(74.96)
  })

  it('falls back to a backup card, leaves a declined invoice unpaid and charges it again later', async () => {
    // One organization whose default card is declined and whose backup pays...
    const withBackup = await adminOrg(suite, 'Backup')
    await addCard(suite, withBackup, 'pm_card_chargeCustomerFail', true)
    // ...and one whose only card is declined.
    const declined = await adminOrg(suite, 'Declined')
    const visa = (
      await callEndpoint(suite.url, endpoints.paymentMethodList, {
        params: { org_id: declined.orgId },
        key: declined.key,
      })
    ).body.payment_method_list[0]?.payment_method_id as number
    await addCard(suite, declined, 'pm_card_chargeCustomerFail', true)
    const removed = await callEndpoint(suite.url, endpoints.paymentMethodDelete, {
      params: { org_id: declined.orgId, payment_method_id: visa },
      key: declined.key,
    })
    expect(removed.status).toBe(200)
    for (const org of [withBackup, declined]) await backdate(db(), org.orgId, '2025-04-20T00:00:00Z')
    await meterDays(db(), '2025-05-01', '2025-05-31')

    await issueInvoices(db(), '2025-06-03')
    await chargeDueInvoices(chargeContext('2025-06-03'), '2025-06-03')

    const paidByBackup = await onlyInvoice(suite, withBackup, '2025-05-01')
    expect(paidByBackup.invoice_status).toBe('PAID')
    // A whole month of the admin alone on Starter: $24.50.
    expect(paymentsOf(paidByBackup)).toEqual([
      { payment_status: 'FAILED', card_last4: '0341', amount_usd: 24.5, failure_code: 'generic_decline' },
      { payment_status: 'SUCCEEDED', card_last4: '4242', amount_usd: 24.5, failure_code: null },
    ])

    let unpaid = await onlyInvoice(suite, declined, '2025-05-01')
    expect(unpaid.invoice_status).toBe('UNPAID')
    expect(paymentsOf(unpaid)).toEqual([
      { payment_status: 'FAILED', card_last4: '0341', amount_usd: 24.5, failure_code: 'generic_decline' },
    ])
    // Not due again the next day; due three days later, and declined again.
    await chargeDueInvoices(chargeContext('2025-06-04'), '2025-06-04')
    expect(paymentsOf(await invoice(suite, declined, unpaid.invoice_id))).toHaveLength(1)
    await chargeDueInvoices(chargeContext('2025-06-06'), '2025-06-06')
    unpaid = await invoice(suite, declined, unpaid.invoice_id)
    expect(unpaid.invoice_status).toBe('UNPAID')
    expect(paymentsOf(unpaid).map((payment) => payment.payment_status)).toEqual(['FAILED', 'FAILED'])

    // The admin adds a card that pays: the next round settles the invoice.
    await addCard(suite, declined, 'pm_card_mastercard', true)
    await chargeDueInvoices(chargeContext('2025-06-09'), '2025-06-09')
    const settled = await invoice(suite, declined, unpaid.invoice_id)
    expect(settled.invoice_status).toBe('PAID')
    expect(paymentsOf(settled).at(-1)).toEqual({
      payment_status: 'SUCCEEDED',
      card_last4: '4444',
      amount_usd: 24.5,
      failure_code: null,
    })
    expect(settled.payment_list.at(-1)?.payment_time).toBe('2025-06-09T06:00:00.000Z')
  })

  it('corrects late usage on the next invoice as its own lines, leaving the closed invoice as it was', async () => {
    const org = await adminOrg(suite, 'Late')
    await backdate(db(), org.orgId, '2025-06-25T00:00:00Z')
    // The last day of July is not metered in time (its metering kept failing, say).
    await meterDays(db(), '2025-07-01', '2025-07-30')
    await issueInvoices(db(), '2025-08-03')
    const july = await onlyInvoice(suite, org, '2025-07-01')
    // 30 member-days of 31: 0.967742 x $24.50 = $23.71.
    expect(july.invoice_line_list[0]).toMatchObject({
      count: 0.967742,
      subtotal_usd: 23.71,
      end_date: '2025-07-30',
    })
    expect(july.total_usd).toBe(23.71)

    await meterDays(db(), '2025-07-31', '2025-08-31')
    await issueInvoices(db(), '2025-09-03')
    const august = await onlyInvoice(suite, org, '2025-08-01')
    expect(
      august.invoice_line_list.map(
        ({ description, start_date, end_date, count, subtotal_usd, is_correction }) => ({
          description,
          start_date,
          end_date,
          count,
          subtotal_usd,
          is_correction,
        }),
      ),
    ).toEqual([
      {
        description: 'Members, Starter plan',
        start_date: '2025-08-01',
        end_date: '2025-08-31',
        count: 1,
        subtotal_usd: 24.5,
        is_correction: false,
      },
      {
        description: "Storage beyond the Starter plan's 1 TB",
        start_date: '2025-08-01',
        end_date: '2025-08-31',
        count: 0,
        subtotal_usd: 0,
        is_correction: false,
      },
      // The late day: 1 member-day of July's 31, $0.79.
      {
        description: 'Correction to 2025-07: members, Starter plan',
        start_date: '2025-07-31',
        end_date: '2025-07-31',
        count: 0.032258,
        subtotal_usd: 0.79,
        is_correction: true,
      },
    ])
    expect(august.total_usd).toBe(25.29)
    // July's invoice is as it was.
    expect(await invoice(suite, org, july.invoice_id)).toEqual(july)

    // Corrected once: the next month has no correction of that day.
    await meterDays(db(), '2025-09-01', '2025-09-30')
    await issueInvoices(db(), '2025-10-03')
    const september = await onlyInvoice(suite, org, '2025-09-01')
    expect(september.invoice_line_list.some((line) => line.is_correction)).toBe(false)
    expect(addDays('2025-09-30', 1)).toBe('2025-10-01')
  })

  it('sends a charge cut off by a crash again under the same idempotency key, and never charges twice', async () => {
    const org = await adminOrg(suite, 'Crash')
    await backdate(db(), org.orgId, '2025-10-20T00:00:00Z')
    await meterDays(db(), '2025-11-01', '2025-11-30')
    await issueInvoices(db(), '2025-12-03')
    const { payments } = suite.server.app
    const sent: string[] = []
    // The provider's answer never arrives: the payment is written, sent, and its outcome unknown.
    const cutOff = {
      ...chargeContext('2025-12-03'),
      payments: {
        ...payments,
        charge: async (request: Parameters<typeof payments.charge>[0]) => {
          sent.push(request.idempotencyKey)
          throw new Error('socket hang up')
        },
      },
    }
    await expect(chargeDueInvoices(cutOff, '2025-12-03')).rejects.toThrow('socket hang up')
    let found = await onlyInvoice(suite, org, '2025-11-01')
    expect(found.invoice_status).toBe('UNPAID')
    expect(found.payment_list.map((payment) => payment.payment_status)).toEqual(['PENDING'])
    // (Other organizations' invoices of the month are charged in the same rounds.)
    const pendingId = found.payment_list[0]?.payment_id as string
    expect(sent).toContain(pendingId)

    // The next round sends that payment again, under its own id, and it pays: one payment, not two.
    const recording = {
      ...chargeContext('2025-12-06'),
      payments: {
        ...payments,
        charge: (request: Parameters<typeof payments.charge>[0]) => {
          sent.push(request.idempotencyKey)
          return payments.charge(request)
        },
      },
    }
    await chargeDueInvoices(recording, '2025-12-06')
    found = await invoice(suite, org, found.invoice_id)
    expect(found.invoice_status).toBe('PAID')
    expect(paymentsOf(found)).toEqual([
      { payment_status: 'SUCCEEDED', card_last4: '4242', amount_usd: 24.5, failure_code: null },
    ])
    expect(found.payment_list[0]?.payment_id).toBe(pendingId)
    expect(sent.filter((key) => key === pendingId)).toHaveLength(2)
  })
})
