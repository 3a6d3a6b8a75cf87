import type { Locator, Page } from '@playwright/test'
import { Toasts } from './Toasts.ts'

/** /org/app: the apps, each Enabled or Disabled, and Add App. */
export class AppListPage {
  readonly heading: Locator
  readonly table: Locator
  readonly newAppName: Locator
  readonly createApp: Locator
  readonly error: Locator
  readonly status: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Apps', level: 1 })
    this.table = page.getByRole('table', { name: 'Apps' })
    const form = page.getByRole('region', { name: 'Add App' })
    this.newAppName = form.getByLabel('New App Name')
    this.createApp = form.getByRole('button', { name: 'Create App' })
    this.error = form.getByRole('alert')
    this.status = new Toasts(page).latest
  }

  async goto() {
    await this.page.goto('/org/app')
  }

  row(appName: string): Locator {
    return this.table
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: appName, exact: true }) })
  }

  async create(appName: string) {
    await this.newAppName.fill(appName)
    await this.createApp.click()
  }

  async open(appName: string) {
    await this.row(appName).getByRole('link', { name: appName, exact: true }).click()
  }
}
