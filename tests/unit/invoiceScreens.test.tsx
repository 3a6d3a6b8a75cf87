// The invoice screens (issue 13; specification 001, sections 2 and 4): an admin reaches /org/invoice and
// /org/invoice/{invoice_id}, a member finds neither; the list shows the short id, date, amount and status;
// the invoice shows its lines (a correction with its sign), its payments (a declined one with the reason),
// how its storage was computed, and the CSV of its usage rows. The real route tree loads over a fake server
// answering in the contract's shapes; the screens' parts render as markup from the same answers.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import type {
  Invoice,
  InvoiceResponse,
  InvoiceListResponse,
  InvoiceUsageResponse,
} from '../../server/contract/invoice.ts'
import type { OrgListItem } from '../../server/contract/user.ts'
import { setTransport } from '../../src/api/client.ts'
import { getInvoice, getInvoiceUsage, listInvoices } from '../../src/api/invoices.ts'
import { ApiError, type RequestOptions, type Transport } from '../../src/api/transport.ts'
import {
  InvoiceLines,
  InvoicePayments,
  InvoiceSummaryFacts,
} from '../../src/routes/_app/-invoice/InvoiceDetail.tsx'
import { InvoiceTable, NO_INVOICES_MESSAGE } from '../../src/routes/_app/-invoice/InvoiceTable.tsx'
import { StorageUsage } from '../../src/routes/_app/-invoice/StorageUsage.tsx'
import {
  dayText,
  lineAmountText,
  paymentStatusText,
  usageCsv,
  usageCsvFileName,
} from '../../src/routes/_app/-invoice/invoiceText.ts'
import { org, plan } from './orgFixture.ts'
import { answering, forgetSession, loadRoute } from './routeTreeHarness.ts'

const INVOICE_ID = '1a2b3c4d-5e6f-4a0b-8c9d-0e1f2a3b4c5d'
const GIB = 1024 ** 3

const invoice: Invoice = {
  invoice_id: INVOICE_ID,
  invoice_date: '2026-11-03',
  period_start: '2026-10-01',
  period_end: '2026-10-31',
  total_usd: 10.27,
  invoice_status: 'UNPAID',
  invoice_line_list: [
    {
      invoice_line_id: 1,
      metric: 'USER',
      description: 'Members',
      start_date: '2026-10-01',
      end_date: '2026-10-31',
      unit_price_usd: 6,
      count: 1.5,
      subtotal_usd: 9,
      plan_id: 'starter_month',
      is_correction: false,
    },
    {
      invoice_line_id: 2,
      metric: 'STORAGE',
      description: 'Storage beyond the plan',
      start_date: '2026-10-01',
      end_date: '2026-10-31',
      unit_price_usd: 0.02048,
      count: 12.25,
      subtotal_usd: 0.25,
      plan_id: 'starter_month',
      is_correction: false,
    },
    {
      invoice_line_id: 3,
      metric: 'STORAGE',
      description: 'Storage correction',
      start_date: '2026-09-30',
      end_date: '2026-09-30',
      unit_price_usd: 0.02048,
      count: -60,
      subtotal_usd: -1.23,
      plan_id: 'starter_month',
      is_correction: true,
    },
    {
      invoice_line_id: 4,
      metric: 'USER',
      description: 'Members correction',
      start_date: '2026-09-01',
      end_date: '2026-09-30',
      unit_price_usd: 6,
      count: 0.375,
      subtotal_usd: 2.25,
      plan_id: 'starter_month',
      is_correction: true,
    },
  ],
  payment_list: [
    {
      payment_id: 'pay-1',
      payment_time: '2026-11-03T06:00:00Z',
      card_brand: 'visa',
      card_last4: '0341',
      payment_status: 'FAILED',
      amount_usd: 10.27,
      failure_code: 'insufficient_funds',
    },
    {
      payment_id: 'pay-2',
      payment_time: '2026-11-03T06:00:05Z',
      card_brand: 'mastercard',
      card_last4: '4444',
      payment_status: 'FAILED',
      amount_usd: 10.27,
      failure_code: 'generic_decline',
    },
  ],
}

const usage: InvoiceUsageResponse = {
  store_list: [
    { s3_bucket_id: 0, s3_bucket_name: 'Default', byte_days: 30 * GIB },
    { s3_bucket_id: 7, s3_bucket_name: 'studio-archive', byte_days: 6 * GIB + GIB / 4 },
  ],
  day_list: [
    {
      usage_date: '2026-09-30',
      plan_id: 'starter_month',
      plan_name: 'Starter',
      user_count: 2,
      live_bytes: 2 * GIB,
      retained_bytes: GIB / 2,
      total_bytes: 2.5 * GIB,
      included_bytes: 1024 ** 4,
      billable_bytes: 0,
      is_correction: true,
    },
    {
      usage_date: '2026-10-01',
      plan_id: 'starter_month',
      plan_name: 'Starter',
      user_count: 1,
      live_bytes: 4 * GIB,
      retained_bytes: 512 * 1024 ** 2,
      total_bytes: 4.5 * GIB,
      included_bytes: null,
      billable_bytes: 4.5 * GIB,
      is_correction: false,
    },
  ],
  row_list: [
    {
      usage_date: '2026-10-01',
      volume_id: 3,
      volume_name: 'Dailies, "final"',
      s3_bucket_id: 7,
      s3_bucket_name: 'studio-archive',
      byte_days: 4831838208,
    },
    {
      usage_date: '2026-10-01',
      volume_id: 4,
      volume_name: 'Stills',
      s3_bucket_id: 0,
      s3_bucket_name: 'Default',
      byte_days: 1024,
    },
  ],
}

const listAnswer: InvoiceListResponse = {
  invoice_list: [
    {
      invoice_id: INVOICE_ID,
      invoice_date: invoice.invoice_date,
      period_start: invoice.period_start,
      period_end: invoice.period_end,
      total_usd: invoice.total_usd,
      invoice_status: invoice.invoice_status,
    },
    {
      invoice_id: 'ffeeddcc-0000-4000-8000-000000000001',
      invoice_date: '2026-10-02',
      period_start: '2026-09-01',
      period_end: '2026-09-30',
      total_usd: 1234.5,
      invoice_status: 'PAID',
    },
  ],
}
const detailAnswer: InvoiceResponse = { invoice }

function fakeApi(theOrg: OrgListItem, invoices: InvoiceListResponse = listAnswer): Transport {
  return answering([
    [/^\/api\/1\/config/, { domain_prefix: null, stripe_publishable_key: null }],
    [
      /^\/api\/1\/user\/current$/,
      { user: { user_id: 1, user_name: null, email: 'user1@example.com' }, org_list: [theOrg] },
    ],
    [/^\/api\/1\/org\/1\/invoice$/, invoices],
    [new RegExp(`^/api/1/org/1/invoice/${INVOICE_ID}$`), detailAnswer],
    [new RegExp(`^/api/1/org/1/invoice/${INVOICE_ID}/usage$`), usage],
  ])
}

const starter = plan('starter_month')
const admin = org(1, { is_admin: true, plan: starter })
const member = org(1, { cap_add_device: true, plan: starter })

/** Markup of a screen's part, inside a router so its links resolve. */
async function render(node: ReactNode): Promise<string> {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => node }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  await router.load()
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
}

/** The text of the markup, tags dropped, so a test reads what a person reads. */
function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ')
}

afterEach(forgetSession)

describe('invoice screens: who reaches them', () => {
  it('an admin reaches the list and an invoice', async () => {
    expect(await loadRoute('/org/invoice', fakeApi(admin))).toMatchObject({
      notFoundAt: undefined,
      failed: false,
      leaf: '/_app/_admin/org/invoice/',
    })
    expect(await loadRoute(`/org/invoice/${INVOICE_ID}`, fakeApi(admin))).toMatchObject({
      notFoundAt: undefined,
      failed: false,
      leaf: '/_app/_admin/org/invoice/$invoiceId',
    })
  })

  it('an invoice the organization does not have is Page not found inside the layout', async () => {
    const api = fakeApi(admin)
    const missing: Transport = {
      request<T>(path: string, options?: RequestOptions): Promise<T> {
        return path.startsWith('/api/1/org/1/invoice/00000000')
          ? Promise.reject(new ApiError(404, { error: 'not_found' }))
          : api.request<T>(path, options)
      },
    }
    expect(await loadRoute('/org/invoice/00000000-0000-4000-8000-000000000000', missing)).toMatchObject({
      notFoundAt: '/_app',
      failed: false,
    })
  })

  it('a member finds neither screen', async () => {
    for (const path of ['/org/invoice', `/org/invoice/${INVOICE_ID}`])
      expect(await loadRoute(path, fakeApi(member)), path).toMatchObject({
        notFoundAt: '/_app',
        failed: false,
      })
  })
})

describe('invoice list', () => {
  it('shows the short id as a link to the invoice, the date, the amount and the status in words', async () => {
    setTransport(fakeApi(admin))
    const html = await render(<InvoiceTable invoices={await listInvoices(1)} />)
    expect(html).toContain(`href="/org/invoice/${INVOICE_ID}"`)
    expect(html).toContain('<code>1a2b3c4d</code>')
    expect(text(html)).not.toContain('1a2b3c4d-5e6f')
    const rows = text(html)
    expect(rows).toContain('1a2b3c4d 2026-11-03 $10.27 Unpaid')
    expect(rows).toContain('ffeeddcc 2026-10-02 $1,234.50 Paid')
  })

  it('says when there are no invoices yet', async () => {
    setTransport(fakeApi(admin, { invoice_list: [] }))
    const html = await render(<InvoiceTable invoices={await listInvoices(1)} />)
    expect(text(html)).toContain(NO_INVOICES_MESSAGE)
    expect(NO_INVOICES_MESSAGE).toBe('No invoices yet. The first is issued after your first month.')
  })
})

describe('invoice detail', () => {
  it('shows the whole id, the date, the period, the total and the status', async () => {
    setTransport(fakeApi(admin))
    const fetched = await getInvoice(1, INVOICE_ID)
    const facts = text(await render(<InvoiceSummaryFacts invoice={fetched} />))
    expect(facts).toContain(`Invoice ID ${INVOICE_ID}`)
    expect(facts).toContain('Date 2026-11-03')
    expect(facts).toContain('Period 2026-10-01 – 2026-10-31')
    expect(facts).toContain('Total $10.27')
    expect(facts).toContain('Status Unpaid')
  })

  it('shows each line with its unit price in the long form, count with its unit, days and subtotal', async () => {
    setTransport(fakeApi(admin))
    const html = await render(<InvoiceLines invoice={await getInvoice(1, INVOICE_ID)} />)
    const lines = text(html)
    expect(lines).toContain('Members Users · 2026-10-01 – 2026-10-31 $6.00 1.5 member-months $9.00')
    expect(lines).toContain(
      'Storage beyond the plan Storage · 2026-10-01 – 2026-10-31 $0.02048 12.25 GiB-months $0.25',
    )
    expect(html).toContain('data-metric="STORAGE"')
  })

  it('marks correction lines and shows money given back with its minus sign', async () => {
    const html = await render(<InvoiceLines invoice={invoice} />)
    const lines = text(html)
    expect(lines).toContain(
      'Storage correction Correction Storage · 2026-09-30 $0.02048 \u221260 GiB-months \u2212$1.23',
    )
    expect(lines).toContain('Members correction Correction Users · 2026-09-01 – 2026-09-30 $6.00')
    expect(html.match(/data-correction="true"/g)).toHaveLength(2)
    expect(lines).toContain('Subtotal $10.27 Total $10.27')
  })

  it('shows the payments, a declined one with its reason in words', async () => {
    setTransport(fakeApi(admin))
    const html = await render(<InvoicePayments invoice={await getInvoice(1, INVOICE_ID)} />)
    const payments = text(html)
    expect(payments).toContain('Visa ending in 0341 Declined (insufficient funds) $10.27')
    expect(payments).toContain('Mastercard ending in 4444 Declined $10.27')
    expect(payments).not.toContain('generic')
  })

  it('words every payment status', () => {
    expect(paymentStatusText({ payment_status: 'SUCCEEDED', failure_code: null })).toBe('Succeeded')
    expect(paymentStatusText({ payment_status: 'PENDING', failure_code: null })).toBe('Pending')
    expect(paymentStatusText({ payment_status: 'FAILED', failure_code: null })).toBe('Declined')
    expect(paymentStatusText({ payment_status: 'FAILED', failure_code: 'expired_card' })).toBe(
      'Declined (expired card)',
    )
  })

  it('reads a day as the UTC day it names, whatever the time zone', () => {
    expect(dayText('2026-10-31')).toBe('2026-10-31')
    expect(dayText('2026-10-31T00:00:00.000Z')).toBe('2026-10-31')
    expect(dayText('not a day')).toBe('')
  })

  it('writes one unit in the singular', () => {
    expect(lineAmountText({ metric: 'USER', count: 1 })).toBe('1 member-month')
    expect(lineAmountText({ metric: 'STORAGE', count: -1 })).toBe('\u22121 GiB-month')
  })
})

describe('how storage was computed', () => {
  it('shows byte-days per store, live versus retained over the days, and each day as billed', async () => {
    setTransport(fakeApi(admin))
    const fetched = await getInvoiceUsage(1, INVOICE_ID)
    const html = await render(<StorageUsage invoiceId={INVOICE_ID} usage={fetched} />)
    expect(html).toContain('<h2 id="invoice-storage-heading">How storage was computed</h2>')
    expect(html).toContain('aria-labelledby="invoice-storage-heading"')
    const section = text(html)
    expect(section).toContain('Default 32,212,254,720 byte-days 30.00 GiB-days')
    expect(section).toContain('studio-archive 6,710,886,400 byte-days 6.25 GiB-days')
    expect(section).toContain('Live 6.00 GiB-days (6,442,450,944 byte-days)')
    expect(section).toContain('Retained by retention 1.00 GiB-days (1,073,741,824 byte-days)')
    expect(section).toContain('Total 7.00 GiB-days')
    expect(section).toContain('By day (2 days)')
    expect(section).toContain('2026-09-30 Correction Starter 2 2.000 GB 512 MB 2.500 GB 1.000 TB 0 B')
    expect(section).toContain('2026-10-01 Starter 1 4.000 GB 512 MB 4.500 GB No limit 4.500 GB')
    expect(section).toContain('Download CSV')
    expect(section).toContain('2 usage rows')
  })

  it('makes the CSV of the usage rows: header first, RFC 4180 quoting, CRLF lines', async () => {
    setTransport(fakeApi(admin))
    const fetched = await getInvoiceUsage(1, INVOICE_ID)
    expect(usageCsv(fetched.row_list)).toBe(
      'usage_date,volume_id,volume_name,s3_bucket_id,s3_bucket_name,byte_days\r\n' +
        '2026-10-01,3,"Dailies, ""final""",7,studio-archive,4831838208\r\n' +
        '2026-10-01,4,Stills,0,Default,1024\r\n',
    )
    expect(usageCsv([])).toBe('usage_date,volume_id,volume_name,s3_bucket_id,s3_bucket_name,byte_days\r\n')
    expect(usageCsvFileName(INVOICE_ID)).toBe('invoice-1a2b3c4d-usage.csv')
  })
})
