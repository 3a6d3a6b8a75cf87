import type { Locator, Page } from '@playwright/test'

/**
 * The containers lists: every container (/volume/permission) and one volume's (/volume/{id}/permission),
 * each with its table and the Add Grant form and its overlap preview.
 */
export class GrantListPage {
  readonly heading: Locator
  readonly table: Locator
  readonly volume: Locator
  readonly containerName: Locator
  readonly prefixPath: Locator
  readonly addGrant: Locator
  /** What the prefix being typed overlaps (a polite live region). */
  readonly overlap: Locator
  readonly error: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 })
    this.table = page.getByRole('table', { name: 'Containers' })
    this.volume = page.getByLabel('Volume', { exact: true })
    this.containerName = page.getByLabel('Container Name')
    this.prefixPath = page.getByLabel('Prefix Path')
    this.addGrant = page.getByRole('button', { name: 'Add Grant' })
    this.overlap = page.getByRole('status', { name: 'Overlap' })
    this.error = page.locator('form .form-error[role="alert"]')
  }

  async gotoAll() {
    await this.page.goto('/volume/permission')
  }

  async gotoVolume(volumeId: number) {
    await this.page.goto(`/volume/${volumeId}/permission`)
  }

  /** A container's row, by the link its name is (at narrow widths the cell's name also holds its label). */
  row(grantName: string): Locator {
    return this.table.getByRole('row').filter({
      has: this.page.getByRole('rowheader').getByRole('link', { name: grantName, exact: true }),
    })
  }

  async fill(grantName: string, prefixPath: string) {
    await this.containerName.fill(grantName)
    await this.prefixPath.fill(prefixPath)
  }
}
