import type { Locator, Page } from '@playwright/test'
import { Toasts } from './Toasts.ts'

export type CapabilityLabel = 'Web Upload' | 'Web Download' | 'Add Devices'

/** /admin/user: the organization's users, the plan's count and Add User. */
export class UserListPage {
  readonly heading: Locator
  readonly table: Locator
  /** 'N of M users'. */
  readonly count: Locator
  readonly form: Locator
  readonly email: Locator
  readonly addUser: Locator
  readonly error: Locator
  readonly status: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Users', level: 1 })
    this.table = page.getByRole('table', { name: 'Users' })
    this.count = page.getByText(/^\d+ of \d+ users$/)
    this.form = page.getByRole('region', { name: 'Add User' })
    this.email = this.form.getByLabel('Email')
    this.addUser = this.form.getByRole('button', { name: 'Add User' })
    this.error = this.form.getByRole('alert')
    this.status = new Toasts(page).latest
  }

  async goto() {
    await this.page.goto('/admin/user')
  }

  row(email: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: email }) })
  }

  /** The Role radios of the Add User form: 'Org Admin' or 'Member'. */
  role(label: 'Org Admin' | 'Member'): Locator {
    return this.form.getByRole('group', { name: 'Role' }).getByRole('radio', { name: label })
  }

  /** A capability's radio in the Add User form. */
  capability(name: CapabilityLabel, state: 'Enabled' | 'Disabled'): Locator {
    return this.form.getByRole('group', { name }).getByRole('radio', { name: state })
  }

  /** Adds a person; capabilities named are set first. */
  async add(email: string, caps: Partial<Record<CapabilityLabel, boolean>> = {}) {
    await this.email.fill(email)
    for (const [name, on] of Object.entries(caps) as Array<[CapabilityLabel, boolean]>)
      await this.capability(name, on ? 'Enabled' : 'Disabled').check()
    await this.addUser.click()
  }
}
