import type { Locator, Page } from '@playwright/test'
import { Toasts } from './Toasts.ts'

/** /volume: the organization's volumes, the plan's count and Add Volume. */
export class VolumeListPage {
  readonly heading: Locator
  readonly table: Locator
  /** 'N of M volumes enabled'. */
  readonly count: Locator
  readonly volumeName: Locator
  readonly addVolume: Locator
  readonly error: Locator
  readonly status: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Volumes', level: 1 })
    this.table = page.getByRole('table', { name: 'Volumes' })
    this.count = page.getByText(/ of \d+ volumes enabled$/)
    const form = page.getByRole('region', { name: 'Add Volume' })
    this.volumeName = form.getByLabel('Volume Name')
    this.addVolume = form.getByRole('button', { name: 'Add Volume' })
    this.error = form.getByRole('alert')
    this.status = new Toasts(page).latest
  }

  async goto() {
    await this.page.goto('/volume')
  }

  row(volumeName: string): Locator {
    return this.table
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: volumeName, exact: true }) })
  }

  async add(volumeName: string) {
    await this.volumeName.fill(volumeName)
    await this.addVolume.click()
  }
}
