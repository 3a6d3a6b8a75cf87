import type { Locator, Page } from '@playwright/test'
import { Toasts } from './Toasts.ts'

/** /org: the organization's name and custom domain prefix, under the organization's tab bar. */
export class OrgDetailPage {
  readonly heading: Locator
  readonly tabs: Locator
  readonly detailTab: Locator
  /** The saved host, `{prefix}{domain suffix}`, or 'None'. */
  readonly host: Locator
  readonly orgName: Locator
  readonly domainPrefix: Locator
  /** The warning under the prefix when it holds '_'. */
  readonly prefixHint: Locator
  readonly save: Locator
  readonly error: Locator
  readonly status: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 })
    this.tabs = page.getByRole('navigation', { name: 'Organization' })
    this.detailTab = this.tabs.getByRole('link', { name: 'Detail', exact: true })
    this.host = page.getByTestId('org-host')
    const form = page.getByRole('form', { name: 'Organization detail' })
    this.orgName = form.getByLabel('Organization Name')
    this.domainPrefix = form.getByLabel('Domain Prefix')
    this.prefixHint = form.locator('.hint')
    this.save = form.getByRole('button', { name: 'Save' })
    this.error = form.locator('.form-error[role="alert"]')
    this.status = new Toasts(page).latest
  }

  async goto() {
    await this.page.goto('/org')
  }
}
