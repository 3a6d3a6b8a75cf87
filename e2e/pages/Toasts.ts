import type { Locator, Page } from '@playwright/test'

/** The toasts' region (src/ui/toasts.tsx): results of actions, newest last, on every screen. */
export class Toasts {
  readonly region: Locator
  /** The newest success or information toast. */
  readonly latest: Locator
  /** The newest error toast. */
  readonly latestError: Locator

  constructor(readonly page: Page) {
    this.region = page.getByRole('region', { name: 'Notifications' })
    this.latest = this.region.getByRole('status').last()
    this.latestError = this.region.getByRole('alert').last()
  }
}
