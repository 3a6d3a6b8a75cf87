import type { Locator, Page } from '@playwright/test'

/**
 * /org/plan: the current plan, the change list (a Choose button per self-signup plan, contact-sales text
 * for the others), and the picked plan's preview with Change Plan and Cancel.
 */
export class PlanPage {
  readonly heading: Locator
  readonly tabs: Locator
  readonly planTab: Locator
  readonly currentPlan: Locator
  readonly choices: Locator
  /** The picked plan's panel: what the change does, and its buttons. */
  readonly changePanel: Locator
  readonly preview: Locator
  readonly changePlan: Locator
  readonly status: Locator
  readonly error: Locator
  /** The alert or confirm dialog over the page. */
  readonly dialog: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Plan', level: 1 })
    this.tabs = page.getByRole('navigation', { name: 'Organization' })
    this.planTab = this.tabs.getByRole('link', { name: 'Plan', exact: true })
    this.currentPlan = page.getByTestId('current-plan')
    this.choices = page.getByTestId('plan-choices')
    this.changePanel = page.getByRole('region', { name: /^Change to / })
    this.preview = this.changePanel.getByTestId('plan-preview')
    this.changePlan = this.changePanel.getByRole('button', { name: 'Change Plan' })
    this.status = page.getByRole('region', { name: 'Current Plan' }).getByRole('status')
    this.error = this.changePanel.locator('.form-error[role="alert"]')
    this.dialog = page.locator('dialog.dialog[open]')
  }

  async goto() {
    await this.page.goto('/org/plan')
  }

  /** The card of a plan in the change list, by its id (e.g. 'starter_month'). */
  choice(planId: string): Locator {
    return this.choices.locator(`[data-plan-id="${planId}"]`)
  }

  choose(planName: string): Locator {
    return this.choices.getByRole('button', { name: `Choose ${planName}` })
  }

  /** Answers the dialog with its button of that name. */
  async answerDialog(button: string) {
    await this.dialog.getByRole('button', { name: button, exact: true }).click()
  }
}
