import type { Locator, Page } from '@playwright/test'

/** What every page has: the logo link home and the version label. */
export class AppFrame {
  readonly logo: Locator
  readonly versionLabel: Locator

  constructor(readonly page: Page) {
    this.logo = page.getByRole('link', { name: 'Media Console home' })
    this.versionLabel = page.getByTestId('version-label')
  }
}
