import type { Locator, Page } from '@playwright/test'

/** /device: the devices (Active or All), their status, last seen and version, and the client downloads. */
export class DeviceListPage {
  readonly heading: Locator
  readonly table: Locator
  readonly empty: Locator
  readonly downloads: Locator
  readonly agentHint: Locator
  readonly agentDownload: Locator
  readonly desktopClients: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Devices', level: 1 })
    this.table = page.getByRole('table', { name: 'Devices' })
    this.empty = this.table.getByText("Looks like you don't have any devices yet.")
    this.downloads = page.getByRole('region', { name: 'Download the Client' })
    this.agentHint = this.downloads.getByText(/node media-agent\.mjs login --server http/)
    this.agentDownload = this.downloads.getByRole('link', { name: 'Download the Device Agent' })
    this.desktopClients = this.downloads.getByRole('list', { name: 'Desktop clients' }).getByRole('listitem')
  }

  async goto(filter?: 'all') {
    await this.page.goto(filter ? `/device?filter=${filter}` : '/device')
  }

  /** The filter's radio: 'Active' or 'All'. */
  filter(label: 'Active' | 'All'): Locator {
    return this.page.getByRole('group', { name: 'Show' }).getByRole('radio', { name: label })
  }

  row(deviceName: string): Locator {
    return this.table
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: deviceName, exact: true }) })
  }

  /** The device names listed, in order. */
  names(): Locator {
    return this.table.getByRole('rowheader')
  }

  async open(deviceName: string) {
    await this.row(deviceName).getByRole('link', { name: deviceName, exact: true }).click()
  }

  /** Every link of the downloads section. */
  downloadLinks(): Locator {
    return this.downloads.getByRole('link')
  }
}
