import type { Locator, Page } from '@playwright/test'

/** The signed-in frame: the sidebar and, on narrow screens, the top bar. */
export class Layout {
  readonly sidebar: Locator
  readonly topBar: Locator
  readonly menuButton: Locator
  readonly orgPicker: Locator
  readonly orgLabel: Locator
  readonly accountCard: Locator
  readonly collapse: Locator
  readonly expand: Locator

  constructor(readonly page: Page) {
    this.sidebar = page.getByRole('navigation', { name: 'Main' })
    this.topBar = page.getByTestId('top-bar')
    this.menuButton = page.getByRole('button', { name: 'Menu' })
    this.orgPicker = this.sidebar.getByLabel('Organization')
    this.orgLabel = page.getByTestId('org-label')
    this.accountCard = this.sidebar.locator('.account-card')
    this.collapse = page.getByRole('button', { name: 'Collapse sidebar' })
    this.expand = page.getByRole('button', { name: 'Expand sidebar' })
  }

  navLink(name: string): Locator {
    return this.sidebar.getByRole('link', { name, exact: true })
  }

  /** Opens the console already signed in, as a user who signed in earlier in this browser would. */
  async useSession(sessionKey: string) {
    await this.page.addInitScript((key) => {
      localStorage.setItem('local-state-session_key', JSON.stringify(key))
    }, sessionKey)
  }
}
