import type { Locator, Page } from '@playwright/test'
import { latestCode, mailCount } from '../support/mail.ts'

/** The e-mail step and the code step, as login and the first step of signup show them. */
export class LoginPage {
  readonly heading: Locator
  readonly email: Locator
  readonly sendCode: Locator
  readonly code: Locator
  readonly signIn: Locator
  readonly error: Locator
  readonly notAMemberHeading: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Sign In', level: 1 })
    this.email = page.getByLabel('E-mail')
    this.sendCode = page.getByRole('button', { name: 'Send Code' })
    this.code = page.getByLabel('Code', { exact: true })
    this.signIn = page.getByRole('button', { name: 'Sign In' })
    this.error = page.locator('.form-error')
    this.notAMemberHeading = page.getByRole('heading', { name: 'Not A Member' })
  }

  async goto() {
    await this.page.goto('/login')
  }

  /** Sends a code to the address and answers it, read from the server's outbox. */
  async requestCode(email: string): Promise<string> {
    const before = mailCount(email)
    await this.email.fill(email)
    await this.sendCode.click()
    await this.code.waitFor()
    return latestCode(email, before)
  }

  async enterCode(code: string) {
    await this.code.fill(code)
    await this.signIn.click()
  }

  async signInAs(email: string) {
    await this.enterCode(await this.requestCode(email))
  }
}
