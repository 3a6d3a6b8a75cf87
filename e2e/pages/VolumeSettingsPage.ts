import type { Locator, Page } from '@playwright/test'
import { Toasts } from './Toasts.ts'

/** /volume/{volume_id}: the volume's settings under its tab bar. */
export class VolumeSettingsPage {
  readonly heading: Locator
  readonly tabs: Locator
  readonly volumeName: Locator
  readonly enabled: Locator
  readonly disabled: Locator
  readonly statusHint: Locator
  readonly minExpireSize: Locator
  readonly liveExpiration: Locator
  readonly liveDays: Locator
  readonly deadExpiration: Locator
  readonly deadDays: Locator
  readonly save: Locator
  readonly error: Locator
  /** 'Volume saved.' after a save. */
  readonly saved: Locator
  /** What the settings as edited would purge over the next 30 days. */
  readonly retentionPreview: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 })
    this.tabs = page.getByRole('navigation', { name: 'Volume' })
    const form = page.getByRole('form', { name: 'Volume settings' })
    this.volumeName = form.getByLabel('Volume Name')
    const status = form.getByRole('group', { name: 'Status' })
    this.enabled = status.getByLabel('Enabled')
    this.disabled = status.getByLabel('Disabled')
    this.statusHint = status.locator('.hint')
    this.minExpireSize = form.getByLabel('Minimum Expire Size')
    this.liveExpiration = form.getByRole('group', { name: 'Live Expiration' })
    this.liveDays = form.getByLabel('Live Expiration Days')
    this.deadExpiration = form.getByRole('group', { name: 'Dead Expiration' })
    this.deadDays = form.getByLabel('Dead Expiration Days')
    this.save = form.getByRole('button', { name: 'Save' })
    this.error = form.locator(':scope > .form-error')
    this.saved = new Toasts(page).latest
    this.retentionPreview = form.getByRole('status', { name: 'What these settings purge' })
  }

  async goto(volumeId: number) {
    await this.page.goto(`/volume/${volumeId}`)
  }

  tab(name: 'Settings' | 'Containers' | 'Audit' | 'At Risk'): Locator {
    return this.tabs.getByRole('link', { name, exact: true })
  }

  /** Off or Expire of an expiration. */
  expire(group: Locator, choice: 'Off' | 'Expire'): Locator {
    return group.getByLabel(choice, { exact: true })
  }
}
