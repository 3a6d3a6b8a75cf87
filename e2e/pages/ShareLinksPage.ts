import type { Locator, Page } from '@playwright/test'
import { Toasts } from './Toasts.ts'

/** /share_link: the links (an admin's: every one, a member's: their own), Revoke, and the admin's settings. */
export class ShareLinksPage {
  readonly heading: Locator
  readonly table: Locator
  readonly settings: Locator
  readonly enabledOn: Locator
  readonly enabledOff: Locator
  readonly maxDays: Locator
  readonly save: Locator
  readonly status: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Share Links', level: 1 })
    this.table = page.getByRole('table', { name: 'Share links' })
    this.settings = page.getByRole('form', { name: 'Share link settings' })
    this.enabledOn = this.settings.getByRole('radio', { name: 'On' })
    this.enabledOff = this.settings.getByRole('radio', { name: 'Off' })
    this.maxDays = this.settings.getByLabel('Longest lifetime (days)')
    this.save = this.settings.getByRole('button', { name: 'Save' })
    this.status = new Toasts(page).latest
  }

  async goto() {
    await this.page.goto('/share_link')
  }

  row(label: string): Locator {
    return this.table
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: label, exact: true }) })
  }
}

/** The Share dialog of a file screen: the form, then the link shown once. */
export class ShareDialog {
  readonly dialog: Locator
  readonly label: Locator
  readonly expireDays: Locator
  readonly passphrase: Locator
  readonly downloadLimit: Locator
  readonly viewOnly: Locator
  readonly create: Locator
  readonly error: Locator
  readonly link: Locator
  readonly copy: Locator
  readonly copied: Locator
  readonly done: Locator

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: /^Share / })
    this.label = this.dialog.getByLabel('Label', { exact: true })
    this.expireDays = this.dialog.getByLabel('Expires in days')
    this.passphrase = this.dialog.getByLabel('Passphrase (optional)')
    this.downloadLimit = this.dialog.getByLabel('Download limit (optional)')
    this.viewOnly = this.dialog.getByRole('checkbox', { name: /View only/ })
    this.create = this.dialog.getByRole('button', { name: 'Create Link' })
    this.error = this.dialog.locator('.form-error[role="alert"]').last()
    this.link = this.dialog.getByLabel('Link', { exact: true })
    this.copy = this.dialog.getByRole('button', { name: 'Copy Link' })
    this.copied = this.dialog.getByRole('status')
    this.done = this.dialog.getByRole('button', { name: 'Done' })
  }
}
