import type { Locator, Page } from '@playwright/test'

/** /org/bucket/{s3_bucket_id}: a network store's settings, Enable or Disable, and its health. */
export class NetworkStoreDetailPage {
  readonly heading: Locator
  readonly form: Locator
  readonly save: Locator
  readonly error: Locator
  readonly saved: Locator
  readonly status: Locator
  readonly enable: Locator
  readonly disable: Locator
  readonly health: Locator
  /** The alert dialog over the page. */
  readonly dialog: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 })
    this.form = page.getByRole('form', { name: 'Network store settings' })
    this.save = this.form.getByRole('button', { name: 'Save' })
    this.error = this.form.getByRole('alert')
    this.saved = this.form.getByRole('status')
    this.status = page.getByTestId('bucket-status')
    const statusRegion = page.getByRole('region', { name: 'Status' })
    this.enable = statusRegion.getByRole('button', { name: 'Enable', exact: true })
    this.disable = statusRegion.getByRole('button', { name: 'Disable', exact: true })
    this.health = page.getByTestId('bucket-health')
    this.dialog = page.locator('dialog.dialog[open]')
  }

  async goto(storeId: number) {
    await this.page.goto(`/org/bucket/${storeId}`)
  }

  field(label: string): Locator {
    return this.form.getByLabel(label, { exact: true })
  }
}
