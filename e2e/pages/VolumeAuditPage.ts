import type { Locator, Page } from '@playwright/test'

/** /volume/{volume_id}/audit: the volume's file events and, below them, the changes admins made. */
export class VolumeAuditPage {
  readonly heading: Locator
  readonly tabs: Locator
  readonly events: Locator
  readonly changes: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 })
    this.tabs = page.getByRole('navigation', { name: 'Volume' })
    this.events = page.getByRole('table', { name: 'Audit' })
    this.changes = page.getByRole('table', { name: 'Changes' })
  }

  async goto(volumeId: number) {
    await this.page.goto(`/volume/${volumeId}/audit`)
  }

  /** The data rows of a table (the header row left out). */
  rows(table: Locator): Locator {
    return table.getByRole('rowgroup').last().getByRole('row')
  }

  loadMore(table: 'events' | 'changes'): Locator {
    const heading = table === 'events' ? 'File Events' : 'Changes'
    return this.page.getByRole('region', { name: heading }).getByRole('button', { name: 'Load More' })
  }
}
