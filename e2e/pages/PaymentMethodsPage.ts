import type { Locator, Page } from '@playwright/test'

/**
 * /org/payment and /org/payment/add: the cards on file (Card, Expiration, Status), Make Default and Delete
 * per backup card, Add Method, and the add screen's test card form.
 */
export class PaymentMethodsPage {
  readonly heading: Locator
  readonly tabs: Locator
  readonly table: Locator
  readonly addMethod: Locator
  /** The add screen. */
  readonly addHeading: Locator
  readonly cardForm: Locator
  readonly cardNumber: Locator
  readonly expiry: Locator
  readonly cvc: Locator
  readonly addCard: Locator
  /** The card form's message (a declined card, a failure). */
  readonly formError: Locator
  /** The alert or confirm dialog over the page. */
  readonly dialog: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Payment Methods', level: 1 })
    this.tabs = page.getByRole('navigation', { name: 'Organization' })
    this.table = page.getByRole('table', { name: 'Payment Methods' })
    this.addMethod = page.getByRole('link', { name: 'Add Method' })
    this.addHeading = page.getByRole('heading', { name: 'Add Payment Method', level: 1 })
    this.cardForm = page.getByRole('form', { name: 'Card' })
    this.cardNumber = this.cardForm.getByLabel('Card Number')
    this.expiry = this.cardForm.getByLabel('Expiry (MM/YY)')
    this.cvc = this.cardForm.getByLabel('CVC')
    this.addCard = this.cardForm.getByRole('button', { name: 'Add Card' })
    this.formError = this.cardForm.locator(':scope > .form-error')
    this.dialog = page.locator('dialog.dialog[open]')
  }

  async goto() {
    await this.page.goto('/org/payment')
  }

  async gotoAdd() {
    await this.page.goto('/org/payment/add')
  }

  /** The message under the expiry field, when there is one. */
  expiryError(): Locator {
    return this.cardForm
      .locator('.field')
      .filter({ has: this.page.getByLabel('Expiry (MM/YY)') })
      .getByRole('alert')
  }

  /** The message under the card number field, when there is one. */
  cardNumberError(): Locator {
    return this.cardForm
      .locator('.field')
      .filter({ has: this.page.getByLabel('Card Number') })
      .getByRole('alert')
  }

  /** The table's rows (header row left out), in order. */
  rows(): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('rowheader') })
  }

  /** The row of a card by its text, e.g. 'Visa ending in 4242'. */
  row(card: string): Locator {
    return this.table
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: card, exact: true }) })
  }

  makeDefault(card: string): Locator {
    return this.row(card).getByRole('button', { name: `Make Default ${card}` })
  }

  delete(card: string): Locator {
    return this.row(card).getByRole('button', { name: `Delete ${card}` })
  }

  /** Types the card's fields key by key, as a person would. */
  async enterCard(number: string, expiry = '1234', cvc = '123') {
    await this.cardNumber.fill(number)
    await this.expiry.fill('')
    await this.expiry.pressSequentially(expiry)
    await this.cvc.fill(cvc)
  }

  /** Answers the dialog with its button of that name. */
  async answerDialog(button: string) {
    await this.dialog.getByRole('button', { name: button, exact: true }).click()
  }
}
