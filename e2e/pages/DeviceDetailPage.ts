import type { Locator, Page } from '@playwright/test'
import { Toasts } from './Toasts.ts'

export type MountButton = 'Enable' | 'Disable' | 'Delete' | 'Get Volume Key'

/** /device/{device_id}: the details box, the mounts with their actions and Add Mount, what it holds. */
export class DeviceDetailPage {
  readonly heading: Locator
  readonly details: Locator
  readonly deviceName: Locator
  readonly uploadPriority: Locator
  readonly user: Locator
  readonly save: Locator
  readonly error: Locator
  readonly status: Locator
  /** A member's read-only Status value. */
  readonly readOnlyStatus: Locator
  readonly mounts: Locator
  readonly containerChoice: Locator
  readonly addMount: Locator
  readonly addMountError: Locator
  readonly volumeKey: Locator
  readonly keysHandedOut: Locator
  readonly heldCount: Locator
  readonly lastRefused: Locator
  /** Why the device's user stops it (removed, or without Add Devices), when they do. */
  readonly userRefusal: Locator
  /** The alert or confirm dialog over the page. */
  readonly dialog: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 })
    this.details = page.getByRole('region', { name: 'Details' })
    const form = page.getByRole('form', { name: 'Device details' })
    this.deviceName = form.getByLabel('Device Name')
    this.uploadPriority = form.getByLabel('Upload Priority')
    this.user = form.getByLabel('User', { exact: true })
    this.save = form.getByRole('button', { name: 'Save' })
    this.error = form.getByRole('alert')
    this.status = new Toasts(page).latest
    this.readOnlyStatus = page.getByTestId('device-status')
    this.mounts = page.getByRole('table', { name: 'Mounts' })
    const addMount = page.getByRole('form', { name: 'Add Mount' })
    this.containerChoice = addMount.getByLabel('Container', { exact: true })
    this.addMount = addMount.getByRole('button', { name: 'Add Mount' })
    this.addMountError = addMount.getByRole('alert')
    this.volumeKey = page.getByRole('region', { name: 'Volume Key' }).getByRole('textbox')
    this.keysHandedOut = page.getByRole('table', { name: 'Volume Keys Handed Out' })
    this.heldCount = page.getByTestId('device-held-count')
    this.lastRefused = page.getByTestId('device-last-refused')
    this.userRefusal = page.getByTestId('device-user-refusal')
    this.dialog = page.locator('dialog.dialog[open]')
  }

  async goto(deviceId: number) {
    await this.page.goto(`/device/${deviceId}`)
  }

  /** A switch of the details box ('Status', 'Upload', 'Download', 'Avid'): its Enabled or Disabled radio. */
  switchTo(legend: 'Status' | 'Upload' | 'Download' | 'Avid', state: 'Enabled' | 'Disabled'): Locator {
    return this.page
      .getByRole('form', { name: 'Device details' })
      .getByRole('group', { name: legend })
      .getByRole('radio', { name: state })
  }

  mountRow(grantName: string): Locator {
    return this.mounts
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: grantName, exact: true }) })
  }

  mountButton(grantName: string, button: MountButton): Locator {
    return this.mountRow(grantName).getByRole('button', { name: `${button} ${grantName}`, exact: true })
  }

  /** Answers the dialog with its button of that name ('Delete', 'Cancel', 'Done'). */
  async answerDialog(button: string) {
    await this.dialog.getByRole('button', { name: button, exact: true }).click()
  }
}
