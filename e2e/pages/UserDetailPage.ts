import type { Locator, Page } from '@playwright/test'
import type { CapabilityLabel } from './UserListPage.ts'

/** /admin/user/{user_id}: a user's role and capabilities, grants, volumes, removal and changes. */
export class UserDetailPage {
  readonly heading: Locator
  readonly ownRecordNote: Locator
  readonly save: Locator
  readonly roleError: Locator
  readonly grants: Locator
  readonly containerChoice: Locator
  readonly addGrant: Locator
  readonly volumes: Locator
  readonly removeUser: Locator
  readonly changes: Locator
  readonly loadMore: Locator
  /** The alert or confirm dialog over the page. */
  readonly dialog: Locator
  readonly dialogDetails: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 })
    this.ownRecordNote = page.getByText('You cannot edit your own user.')
    const role = page.getByRole('region', { name: 'Role and Capabilities' })
    this.save = role.getByRole('button', { name: 'Save' })
    this.roleError = role.getByRole('alert')
    this.grants = page.getByRole('table', { name: 'Grants' })
    this.containerChoice = page.getByLabel('Container', { exact: true })
    this.addGrant = page.getByRole('button', { name: 'Add Grant' })
    this.volumes = page.getByRole('table', { name: 'Volumes' })
    this.removeUser = page.getByRole('main').getByRole('button', { name: 'Remove User' })
    this.changes = page.getByRole('table', { name: 'Changes' })
    this.loadMore = page.getByRole('region', { name: 'Changes' }).getByRole('button', { name: 'Load More' })
    this.dialog = page.locator('dialog.dialog[open]')
    this.dialogDetails = this.dialog.getByRole('listitem')
  }

  async goto(userId: number) {
    await this.page.goto(`/admin/user/${userId}`)
  }

  role(label: 'Org Admin' | 'Member'): Locator {
    return this.page.getByRole('group', { name: 'Role' }).getByRole('radio', { name: label })
  }

  capability(name: CapabilityLabel, state: 'Enabled' | 'Disabled'): Locator {
    return this.page.getByRole('group', { name }).getByRole('radio', { name: state })
  }

  grantRow(grantName: string): Locator {
    return this.grants.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: grantName }) })
  }

  /** Answers the confirmation over the page with its button. */
  async confirm(label: string) {
    await this.dialog.getByRole('button', { name: label }).click()
  }
}
