import type { Locator, Page } from '@playwright/test'

export class AccountPage {
  readonly heading: Locator
  readonly userName: Locator
  readonly save: Locator
  readonly error: Locator
  readonly signOut: Locator
  /** The alert or confirm dialog over the page. */
  readonly dialog: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Account', level: 1 })
    this.userName = page.getByLabel('User Name')
    this.save = page.getByRole('button', { name: 'Save' })
    this.error = page.locator('.form-error')
    this.signOut = page.getByRole('button', { name: 'Sign out' })
    this.dialog = page.locator('dialog.dialog[open]')
  }

  async goto() {
    await this.page.goto('/account')
  }

  orgRow(orgName: string): Locator {
    return this.page.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: orgName }) })
  }
}
