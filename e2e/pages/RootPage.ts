import type { Locator, Page } from '@playwright/test'

export class RootPage {
  readonly heading: Locator
  readonly planCards: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 })
    this.planCards = page.locator('.plan-card')
  }

  async goto() {
    await this.page.goto('/')
  }

  planCard(planName: string): Locator {
    return this.planCards.filter({ has: this.page.getByRole('heading', { name: planName, exact: true }) })
  }
}
