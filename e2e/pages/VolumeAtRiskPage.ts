import type { Locator, Page } from '@playwright/test'

/**
 * /volume/{volume_id}/at_risk: the volume's files not in the cloud yet, with the devices that hold them, and
 * the days within which a device counts as recent (?days=N).
 */
export class VolumeAtRiskPage {
  readonly heading: Locator
  readonly tabs: Locator
  readonly explanation: Locator
  /** The days control (a select of 1, 7, 30, 90 and 365 days). */
  readonly days: Locator
  /** '2 files not uploaded; 1 held by no device seen in the last 7 days' */
  readonly counts: Locator
  readonly table: Locator
  readonly empty: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 })
    this.tabs = page.getByRole('navigation', { name: 'Volume' })
    const panel = page.getByRole('region', { name: 'Files at Risk' })
    this.explanation = panel.getByText("Files whose content is not in the cloud yet ('Not Uploaded')")
    this.days = panel.getByLabel('Recent Devices')
    this.counts = panel.getByTestId('at-risk-counts')
    this.table = panel.getByRole('table', { name: 'Files at Risk' })
    this.empty = this.table.getByText('No files at risk.')
  }

  async goto(volumeId: number, days?: number | string) {
    await this.page.goto(`/volume/${volumeId}/at_risk${days === undefined ? '' : `?days=${days}`}`)
  }

  tab(name: 'Settings' | 'Containers' | 'Audit' | 'At Risk'): Locator {
    return this.tabs.getByRole('link', { name, exact: true })
  }

  /** The data rows, in order (the header row left out). */
  rows(): Locator {
    return this.table.getByRole('rowgroup').last().getByRole('row')
  }

  /** The row of a file by its path in the volume ('/clip.mov'). */
  row(path: string): Locator {
    return this.table
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: path, exact: true }) })
  }

  /** A cell of a file's row: Size, Last Updated, Devices or Risk. */
  cell(path: string, column: 'Size' | 'Last Updated' | 'Devices' | 'Risk'): Locator {
    const index = { Size: 0, 'Last Updated': 1, Devices: 2, Risk: 3 }[column]
    return this.row(path).getByRole('cell').nth(index)
  }
}
