import type { Locator, Page } from '@playwright/test'

/** /org/invoice: the organization's invoices by short id (a link), Date, Amount and Status. */
export class InvoiceListPage {
  readonly heading: Locator
  readonly tabs: Locator
  readonly table: Locator
  /** 'No invoices yet. The first is issued after your first month.' */
  readonly empty: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Invoices', level: 1 })
    this.tabs = page.getByRole('navigation', { name: 'Organization' })
    this.table = page.getByRole('table', { name: 'Invoices' })
    this.empty = this.table.getByText('No invoices yet. The first is issued after your first month.')
  }

  async goto() {
    await this.page.goto('/org/invoice')
  }

  /** The table's rows (header row left out), newest first. */
  rows(): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('rowheader') })
  }

  /** The row of an invoice by its whole id. */
  row(invoiceId: string): Locator {
    return this.table.locator(`tr[data-invoice="${invoiceId}"]`)
  }

  /** The link of an invoice, named by its short id (the first 8 characters). */
  link(invoiceId: string): Locator {
    return this.row(invoiceId).getByRole('link', { name: invoiceId.slice(0, 8), exact: true })
  }

  /** A cell of an invoice's row by column: 'Date', 'Amount' or 'Status'. */
  cell(invoiceId: string, column: 'Date' | 'Amount' | 'Status'): Locator {
    return this.row(invoiceId).locator(`td[data-label="${column}"]`)
  }
}
