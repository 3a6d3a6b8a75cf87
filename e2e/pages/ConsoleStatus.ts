import type { Locator, Page } from '@playwright/test'

/**
 * What the console says over every screen: that it is offline, or that the server cannot be reached, and
 * that a new version is available.
 */
export class ConsoleStatus {
  readonly offline: Locator
  readonly serverUnreachable: Locator
  readonly updateBanner: Locator
  readonly reload: Locator
  readonly reloadNow: Locator

  constructor(readonly page: Page) {
    this.offline = page.getByRole('status').filter({ hasText: 'You are offline.' })
    this.serverUnreachable = page.getByRole('status').filter({ hasText: 'The server cannot be reached.' })
    this.updateBanner = page.getByRole('status').filter({ hasText: /new version/ })
    this.reload = this.updateBanner.getByRole('button', { name: 'Reload', exact: true })
    this.reloadNow = this.updateBanner.getByRole('button', { name: 'Reload Now' })
  }
}
