import type { Locator, Page } from '@playwright/test'

/** A container's detail (/volume/{volume_id}/grant/{grant_name}). */
export class GrantDetailPage {
  readonly heading: Locator
  readonly prefixPath: Locator
  readonly status: Locator
  readonly enable: Locator
  readonly disable: Locator
  readonly deleteButton: Locator
  readonly containerName: Locator
  readonly prefixPathField: Locator
  readonly save: Locator
  readonly overlap: Locator
  readonly users: Locator
  readonly userChoice: Locator
  readonly addUser: Locator
  readonly devices: Locator
  /** The alert or confirm dialog over the page. */
  readonly dialog: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 })
    this.prefixPath = page.getByTestId('grant-prefix-path')
    this.status = page.getByTestId('grant-status')
    this.enable = page.getByRole('button', { name: 'Enable', exact: true })
    this.disable = page.getByRole('button', { name: 'Disable', exact: true })
    this.deleteButton = page.getByRole('main').getByRole('button', { name: 'Delete', exact: true })
    this.containerName = page.getByLabel('Container Name')
    this.prefixPathField = page.getByLabel('Prefix Path')
    this.save = page.getByRole('button', { name: 'Save' })
    this.overlap = page.getByRole('status', { name: 'Overlap' })
    this.users = page.getByRole('table', { name: 'Users' })
    this.userChoice = page.getByLabel('User', { exact: true })
    this.addUser = page.getByRole('button', { name: 'Add User' })
    this.devices = page.getByRole('table', { name: 'Devices' })
    this.dialog = page.locator('dialog.dialog[open]')
  }

  async goto(volumeId: number, grantName: string) {
    await this.page.goto(`/volume/${volumeId}/grant/${encodeURIComponent(grantName)}`)
  }

  userRow(email: string): Locator {
    return this.users.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: email }) })
  }

  async removeUser(email: string) {
    await this.userRow(email).getByRole('button', { name: 'Remove' }).click()
  }

  /** Answers the confirm dialog with its button of that name ('Delete', 'Cancel'). */
  async answerDialog(button: string) {
    await this.dialog.getByRole('button', { name: button, exact: true }).click()
  }
}
