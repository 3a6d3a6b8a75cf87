import type { Locator, Page } from '@playwright/test'

/** The page of a route that failed unexpectedly. */
export class RouteErrorPage {
  readonly heading: Locator
  /** The status and its text, or the error's message. */
  readonly summary: Locator
  readonly reload: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Unexpected Application Error!', level: 1 })
    this.summary = page.getByRole('alert').getByRole('heading', { level: 2 })
    this.reload = page.getByRole('alert').getByRole('button', { name: 'Reload' })
  }
}
