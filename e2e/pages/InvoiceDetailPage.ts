import type { Locator, Page } from '@playwright/test'

/**
 * /org/invoice/{invoice_id}: the invoice's id, date, period, total and status; its Lines and Payments
 * tables; and the section 'How storage was computed' (byte-days per store, live versus retained, the days
 * table, Download CSV).
 */
export class InvoiceDetailPage {
  readonly heading: Locator
  readonly tabs: Locator
  readonly invoiceId: Locator
  readonly date: Locator
  readonly period: Locator
  readonly total: Locator
  readonly status: Locator
  readonly lines: Locator
  /** The sum of the lines' subtotals, and the total under the lines. */
  readonly subtotal: Locator
  readonly linesTotal: Locator
  readonly payments: Locator
  /** The section 'How storage was computed'. */
  readonly storage: Locator
  readonly stores: Locator
  readonly days: Locator
  /** The disclosure that opens the days table ('By day (n days)'). */
  readonly byDay: Locator
  readonly live: Locator
  readonly retained: Locator
  readonly keptTotal: Locator
  readonly downloadCsv: Locator
  readonly allInvoices: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 })
    this.tabs = page.getByRole('navigation', { name: 'Organization' })
    this.invoiceId = page.getByTestId('invoice-id')
    this.date = page.getByTestId('invoice-date')
    this.period = page.getByTestId('invoice-period')
    this.total = page.getByTestId('invoice-total')
    this.status = page.getByTestId('invoice-status')
    this.lines = page.getByRole('table', { name: 'Lines' })
    this.subtotal = page.getByTestId('invoice-subtotal')
    this.linesTotal = page.getByTestId('invoice-lines-total')
    this.payments = page.getByRole('table', { name: 'Payments' })
    this.storage = page.getByRole('region', { name: 'How storage was computed' })
    this.stores = this.storage.getByRole('table', { name: 'Stores' })
    this.days = this.storage.getByRole('table', { name: 'Days' })
    this.byDay = this.storage.locator('details.usage-days > summary')
    this.live = page.getByTestId('usage-live')
    this.retained = page.getByTestId('usage-retained')
    this.keptTotal = page.getByTestId('usage-total')
    this.downloadCsv = this.storage.getByRole('button', { name: 'Download CSV' })
    this.allInvoices = page.getByRole('link', { name: 'All invoices' })
  }

  async goto(invoiceId: string) {
    await this.page.goto(`/org/invoice/${invoiceId}`)
  }

  /** The rows of a table (header row left out), in order. */
  rowsOf(table: Locator): Locator {
    return table.getByRole('row').filter({ has: this.page.getByRole('rowheader') })
  }

  /** The lines that correct days of an earlier invoice (marked 'Correction'). */
  correctionLines(): Locator {
    return this.lines.locator('tr[data-correction="true"]')
  }

  /** The lines of a metric: 'USER' or 'STORAGE'. */
  linesOf(metric: 'USER' | 'STORAGE'): Locator {
    return this.lines.locator(`tr[data-metric="${metric}"]`)
  }

  /** Clicks Download CSV and gives the file's name and text. */
  async downloadUsageCsv(): Promise<{ fileName: string; text: string }> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.downloadCsv.click()])
    const stream = await download.createReadStream()
    const chunks: Buffer[] = []
    for await (const chunk of stream) chunks.push(chunk as Buffer)
    return { fileName: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') }
  }
}
