import type { Locator, Page } from '@playwright/test'

/** /org/bucket: the network stores in the order uploads try them, Move Up / Move Down, Add Network Store. */
export class NetworkStoreListPage {
  readonly heading: Locator
  readonly table: Locator
  readonly form: Locator
  readonly add: Locator
  readonly error: Locator
  readonly status: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Network Stores', level: 1 })
    this.table = page.getByRole('table', { name: 'Network Stores' })
    this.form = page.getByRole('form', { name: 'Add Network Store' })
    this.add = this.form.getByRole('button', { name: 'Add Network Store' })
    this.error = this.form.getByRole('alert')
    this.status = this.form.getByRole('status')
  }

  async goto() {
    await this.page.goto('/org/bucket')
  }

  field(label: string): Locator {
    return this.form.getByLabel(label, { exact: true })
  }

  /** The table's rows (header row left out), in order. */
  rows(): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('rowheader') })
  }

  row(name: string): Locator {
    return this.table
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name, exact: true }) })
  }

  moveUp(name: string): Locator {
    return this.row(name).getByRole('button', { name: `Move Up ${name}` })
  }

  moveDown(name: string): Locator {
    return this.row(name).getByRole('button', { name: `Move Down ${name}` })
  }

  async fill(values: Record<string, string>) {
    for (const [label, value] of Object.entries(values)) await this.field(label).fill(value)
  }

  async open(name: string) {
    await this.row(name).getByRole('link', { name, exact: true }).click()
  }
}
