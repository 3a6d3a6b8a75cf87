import type { Locator, Page } from '@playwright/test'

export class NotFoundPage {
  readonly heading: Locator
  readonly goHome: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Page not found' })
    this.goHome = page.getByRole('link', { name: 'Go Home' })
  }
}
