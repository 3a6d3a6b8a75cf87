import type { Locator, Page } from '@playwright/test'

/** /org/app/{app_id}: name, status with Enable or Disable, the secret key, and the app's devices. */
export class AppDetailPage {
  readonly heading: Locator
  readonly appName: Locator
  readonly save: Locator
  readonly nameError: Locator
  readonly status: Locator
  readonly enable: Locator
  readonly disable: Locator
  readonly appId: Locator
  readonly keyState: Locator
  readonly newKey: Locator
  readonly regenerateKey: Locator
  /** The new secret key, shown once. */
  readonly secretKey: Locator
  readonly keyNote: Locator
  readonly keyError: Locator
  readonly devices: Locator
  /** The alert or confirm dialog over the page. */
  readonly dialog: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 })
    const form = page.getByRole('form', { name: 'App name' })
    this.appName = form.getByLabel('App Name')
    this.save = form.getByRole('button', { name: 'Save' })
    this.nameError = form.getByRole('alert')
    this.status = page.getByTestId('app-status')
    const details = page.getByRole('region', { name: 'Details' })
    this.enable = details.getByRole('button', { name: 'Enable', exact: true })
    this.disable = details.getByRole('button', { name: 'Disable', exact: true })
    const key = page.getByRole('region', { name: 'Secret Key' })
    this.appId = page.getByTestId('app-id')
    this.keyState = page.getByTestId('app-key-state')
    this.newKey = key.getByRole('button', { name: 'New Key', exact: true })
    this.regenerateKey = key.getByRole('button', { name: 'Regenerate Key', exact: true })
    this.secretKey = key.getByLabel('New Secret Key')
    this.keyNote = key.getByText('Copy it now: it will not be shown again.')
    this.keyError = key.getByRole('alert')
    this.devices = page.getByRole('table', { name: 'Devices' })
    this.dialog = page.locator('dialog.dialog[open]')
  }

  async goto(appId: number) {
    await this.page.goto(`/org/app/${appId}`)
  }

  /** Answers the dialog with its button of that name. */
  async answerDialog(button: string) {
    await this.dialog.getByRole('button', { name: button, exact: true }).click()
  }
}
