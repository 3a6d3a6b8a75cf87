// Invoices (issue 13; specification 001 sections 2 and 9), against a server of this spec's own: a new
// organization on Starter with a file stores it for the rest of the month; the daily jobs then run, once,
// with a clock past the month's grace period (`npm run jobs -- --now`, the operator's command, on the
// stopped server's DATA_DIR), as the server would have run them day by day. The admin finds the invoice in
// the list, opens it, reads its lines and the payment to the default card, and downloads the ledger rows
// its storage was made of.
import { daysInMonth } from '../server/services/invoiceLines.ts'
import { listGrants, putFile, signUpReadyAdmin } from './support/api.ts'
import { expect, test as base } from './support/fixtures.ts'
import { closeThisMonth } from './support/jobs.ts'
import { ownServer, type ProductServer } from './support/server.ts'

const VOLUME = 'Footage'
const CONTENT = 'frames'

const test = base.extend<object, { server: ProductServer }>({
  server: [async ({}, use) => ownServer({ logName: 'e2e-invoices-server.log' }, use), { scope: 'worker' }],
  baseURL: async ({ server }, use) => use(server.baseUrl),
})

test.describe('invoices', () => {
  test('the admin reads the month closed by the invoice job, its payment and the rows its storage was made of', async ({
    page,
    layout,
    server,
    invoiceList,
    invoiceDetail,
  }) => {
    const { sessionKey: key, orgId } = await signUpReadyAdmin('invoices-admin', 'Invoices Org', VOLUME)
    const root = (await listGrants(key, orgId)).find((grant) => grant.grant_name === VOLUME)
    if (!root) throw new Error('the new volume came without its container')
    await putFile({ sessionKey: key, orgId, grantId: root.media_grant_id }, '/clip.mov', CONTENT)

    // This month, from today (the organization's first day) to its end, is invoiced 3 days after it ends.
    const { today, invoiceDay, daysBilled } = await closeThisMonth(server)

    // The admin alone on Starter ($49.00 for 2 members): $24.50 a member-month, for the days billed.
    const count = Math.round((daysBilled / daysInMonth(today)) * 1e6) / 1e6
    const amount = `$${(Math.round(24.5 * count * 100) / 100).toFixed(2)}`

    await layout.useSession(key)
    await page.goto('/org')
    await invoiceList.tabs.getByRole('link', { name: 'Invoices' }).click()
    await expect(page).toHaveURL(/\/org\/invoice$/)
    await expect(invoiceList.heading).toBeVisible()
    await expect(invoiceList.rows()).toHaveCount(1)
    const row = invoiceList.rows().first()
    const invoiceId = (await row.getAttribute('data-invoice')) ?? ''
    expect(invoiceId).toMatch(/^[0-9a-f-]{36}$/)
    await expect(invoiceList.cell(invoiceId, 'Date')).toHaveText(invoiceDay)
    await expect(invoiceList.cell(invoiceId, 'Amount')).toHaveText(amount)
    await expect(invoiceList.cell(invoiceId, 'Status')).toHaveText('Paid')

    await invoiceList.link(invoiceId).click()
    await expect(page).toHaveURL(new RegExp(`/org/invoice/${invoiceId}$`))
    await expect(invoiceDetail.invoiceId).toHaveText(invoiceId)
    await expect(invoiceDetail.total).toHaveText(amount)
    await expect(invoiceDetail.linesOf('USER')).toHaveCount(1)
    await expect(invoiceDetail.linesOf('USER')).toContainText('Members, Starter plan')
    await expect(invoiceDetail.linesOf('USER')).toContainText('$24.50')
    await expect(invoiceDetail.linesOf('STORAGE')).toHaveCount(1)
    await expect(invoiceDetail.rowsOf(invoiceDetail.payments)).toHaveCount(1)
    await expect(invoiceDetail.payments).toContainText('Visa ending in 4242')
    await expect(invoiceDetail.payments).toContainText('Succeeded')

    // Every day billed holds the file's bytes in the service's own store, one ledger row a day.
    await expect(invoiceDetail.stores).toContainText('Default Storage')
    await expect(invoiceDetail.byDay).toHaveText(
      `By day (${daysBilled} ${daysBilled === 1 ? 'day' : 'days'})`,
    )
    await invoiceDetail.byDay.click()
    await expect(invoiceDetail.rowsOf(invoiceDetail.days)).toHaveCount(daysBilled)
    await expect(invoiceDetail.rowsOf(invoiceDetail.days).first()).toContainText('Starter')
    const csv = await invoiceDetail.downloadUsageCsv()
    expect(csv.fileName).toBe(`invoice-${invoiceId.slice(0, 8)}-usage.csv`)
    const lines = csv.text.trim().split('\r\n')
    expect(lines[0]).toBe('usage_date,volume_id,volume_name,s3_bucket_id,s3_bucket_name,byte_days')
    expect(lines).toHaveLength(daysBilled + 1)
    expect(lines[1]).toMatch(new RegExp(`^${today},\\d+,${VOLUME},0,Default Storage,${CONTENT.length}$`))
  })
})
