import type { Locator, Page } from '@playwright/test'

export class HomePage {
  readonly heading: Locator
  readonly containers: Locator
  readonly continueSignUp: Locator
  readonly notice: Locator
  readonly firstVolume: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Home', level: 1 })
    this.containers = page.getByRole('list', { name: 'Containers' }).getByRole('link')
    this.continueSignUp = page.getByRole('button', { name: 'Continue Sign Up' })
    this.notice = page.locator('.notice')
    this.firstVolume = page.getByRole('link', { name: 'Create Your First Volume' })
  }

  async goto() {
    await this.page.goto('/home')
  }
}
