import type { Locator, Page } from '@playwright/test'

export class SignupPage {
  readonly heading: Locator
  readonly currentStep: Locator
  readonly orgName: Locator
  readonly createOrg: Locator
  readonly planCards: Locator
  readonly planSummary: Locator
  readonly cardNumber: Locator
  readonly expiry: Locator
  readonly cvc: Locator
  readonly addCard: Locator
  readonly volumeName: Locator
  readonly createVolume: Locator
  readonly finish: Locator
  readonly error: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Sign Up', level: 1 })
    this.currentStep = page.getByRole('list', { name: 'Signup steps' }).locator('[aria-current="step"]')
    this.orgName = page.getByLabel('Organization Name')
    this.createOrg = page.getByRole('button', { name: 'Create Organization' })
    this.planCards = page.locator('.plan-card')
    this.planSummary = page.getByTestId('plan-summary')
    this.cardNumber = page.getByLabel('Card Number')
    this.expiry = page.getByLabel('Expiry (MM/YY)')
    this.cvc = page.getByLabel('CVC')
    this.addCard = page.getByRole('button', { name: 'Add Card' })
    this.volumeName = page.getByLabel('Volume Name')
    this.createVolume = page.getByRole('button', { name: 'Create Volume' })
    this.finish = page.getByRole('button', { name: 'Finish' })
    this.error = page.locator('.form-error')
  }

  async goto(plan?: string) {
    await this.page.goto(plan ? `/signup?plan=${encodeURIComponent(plan)}` : '/signup')
  }

  planCard(planName: string): Locator {
    return this.planCards.filter({ has: this.page.getByRole('heading', { name: planName, exact: true }) })
  }

  async choosePlan(planName: string) {
    await this.page.getByRole('button', { name: `Choose ${planName}` }).click()
  }

  async enterCard(number: string, expiry = '12/34', cvc = '123') {
    await this.cardNumber.fill(number)
    await this.expiry.fill(expiry)
    await this.cvc.fill(cvc)
    await this.addCard.click()
  }
}
