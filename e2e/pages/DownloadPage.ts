import type { Locator, Page } from '@playwright/test'

/** Multi-download: /download/{grant_name}/path/, first the files collected, then their progress. */
export class DownloadPage {
  readonly collected: Locator
  readonly downloadAll: Locator
  readonly summary: Locator
  readonly status: Locator
  readonly downloads: Locator
  readonly retry: Locator
  readonly close: Locator

  constructor(readonly page: Page) {
    this.collected = page.getByRole('table', { name: 'Files to download' })
    this.downloadAll = page.getByRole('button', { name: 'Download All' })
    this.summary = page.getByLabel('Summary', { exact: true })
    this.status = this.summary.getByRole('status')
    this.downloads = page.getByRole('table', { name: 'Downloads' })
    this.retry = page.getByRole('button', { name: 'Retry' })
    this.close = page.getByRole('button', { name: 'Close' })
  }

  /** Path and Size of each collected file, in order. */
  async collectedRows(): Promise<string[][]> {
    const rows = this.collected.locator('tbody tr')
    return rows.evaluateAll((each) =>
      each.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')),
    )
  }

  /** The summary's count under a label: Succeeded, Skipped or Failed. */
  count(label: 'Succeeded' | 'Skipped' | 'Failed'): Locator {
    return this.summary
      .locator('div')
      .filter({ has: this.page.locator('dt', { hasText: label }) })
      .locator('dd')
  }

  /** A file's row of the progress table: Name, Size, Status, Error. */
  row(name: string): Locator {
    return this.downloads
      .locator('tbody tr')
      .filter({ has: this.page.getByRole('cell', { name, exact: true }) })
  }

  statusOf(name: string): Locator {
    return this.row(name).locator('td').nth(2)
  }

  errorOf(name: string): Locator {
    return this.row(name).locator('td').nth(3)
  }
}
