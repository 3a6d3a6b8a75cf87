import type { Locator, Page } from '@playwright/test'

/** One file: /home/{grant_name}/path/name */
export class FileDetailPage {
  readonly heading: Locator
  readonly open: Locator
  readonly download: Locator
  readonly deleteButton: Locator
  readonly undeleteButton: Locator
  readonly properties: Locator
  /** The Devices With Media table of the Properties tab. */
  readonly devices: Locator
  readonly versions: Locator
  readonly restore: Locator
  readonly audit: Locator

  constructor(readonly page: Page) {
    this.heading = page.locator('#file-heading')
    const actions = page.getByRole('toolbar', { name: 'File actions' })
    this.open = actions.getByRole('button', { name: 'Open' })
    this.download = actions.getByRole('button', { name: 'Download' })
    this.deleteButton = actions.getByRole('button', { name: 'Delete' })
    this.undeleteButton = actions.getByRole('button', { name: 'Undelete' })
    this.properties = page.locator('dl.properties')
    this.devices = page.getByRole('table', { name: 'Devices With Media' })
    this.versions = page.getByRole('table', { name: 'Versions' }).locator('tbody tr')
    this.restore = page.getByRole('button', { name: 'Restore to Folder' })
    this.audit = page.getByRole('table', { name: 'Audit Tracking' }).locator('tbody tr')
  }

  tab(name: 'Properties' | 'Versions' | 'Audit Tracking'): Locator {
    return this.page.getByRole('tab', { name })
  }

  property(label: string): Locator {
    const term = this.page.locator('dt').getByText(label, { exact: true })
    return this.properties.locator('div').filter({ has: term }).locator('dd')
  }

  versionAction(name: 'Open' | 'Download'): Locator {
    return this.page.getByRole('toolbar', { name: 'Version actions' }).getByRole('button', { name })
  }
}
