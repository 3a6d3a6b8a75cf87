import type { Locator, Page } from '@playwright/test'

/** A directory of a container: /home/{grant_name}/path/ */
export class FileListPage {
  readonly grid: Locator
  readonly rows: Locator
  readonly names: Locator
  readonly breadcrumbs: Locator
  readonly empty: Locator
  readonly createFolder: Locator
  readonly upload: Locator
  readonly deleteButton: Locator
  readonly undeleteButton: Locator
  readonly download: Locator
  readonly noAccess: Locator
  /** The bar of a selection: its count, its actions and Cancel. */
  readonly selectionBar: Locator
  readonly selectionCount: Locator
  readonly more: Locator
  readonly nameFilter: Locator
  readonly nameFilterCount: Locator
  /** A folder that cannot be shown yet (offline, or the server did not answer), with its Retry. */
  readonly unavailable: Locator
  readonly retry: Locator

  constructor(readonly page: Page) {
    this.grid = page.getByRole('grid', { name: 'Files' })
    this.rows = this.grid.locator('.virtual-rows [role="row"]')
    this.names = this.rows.locator('.cell-name a')
    this.breadcrumbs = page.getByRole('navigation', { name: 'Path' })
    this.empty = this.grid.getByText('Empty Directory')
    const actions = page.getByRole('toolbar', { name: 'File actions' })
    this.createFolder = actions.getByRole('button', { name: 'Create Folder' })
    this.upload = actions.getByRole('button', { name: 'Upload' })
    this.deleteButton = actions.getByRole('button', { name: 'Delete', exact: true })
    this.undeleteButton = actions.getByRole('button', { name: 'Undelete' })
    this.download = actions.getByRole('button', { name: 'Download' })
    this.noAccess = page.getByRole('heading', { name: "Looks like you don't have access to this container." })
    this.selectionBar = page.getByRole('toolbar', { name: 'Selection' })
    this.selectionCount = this.selectionBar.locator('.selection-count')
    this.more = actions.getByRole('button', { name: 'More' })
    this.nameFilter = page.getByRole('searchbox', { name: 'Filter by name' })
    this.nameFilterCount = page.locator('.listing-search output')
    this.unavailable = this.grid.locator('.listing-unavailable')
    this.retry = this.unavailable.getByRole('button', { name: 'Retry' })
  }

  async goto(grantName: string, path = '/') {
    const escaped = path.split('/').map(encodeURIComponent).join('/')
    await this.page.goto(`/home/${encodeURIComponent(grantName)}${escaped}`)
  }

  row(name: string): Locator {
    return this.rows.filter({ has: this.page.getByRole('link', { name, exact: true }) })
  }

  async select(...names: string[]) {
    for (const name of names) await this.row(name).getByRole('checkbox').check()
  }

  async filter(label: 'All' | 'Active' | 'Deleted') {
    await this.page.getByRole('radio', { name: label }).check()
  }

  async open(name: string) {
    await this.row(name).getByRole('link', { name, exact: true }).click()
  }

  async confirm(label: string) {
    await this.page.getByRole('alertdialog').getByRole('button', { name: label }).click()
  }
}
