import type { Locator, Page } from '@playwright/test'

/** The upload screen: /upload/{grant_name}/path/ */
export class UploadPage {
  readonly heading: Locator
  readonly chooseFiles: Locator
  readonly chooseFolder: Locator
  readonly startUpload: Locator
  readonly selection: Locator
  /** The line that counts the picked files the rules left out (empty, hidden). */
  readonly skipped: Locator
  readonly uploads: Locator
  readonly summary: Locator
  readonly waitingForNetwork: Locator
  readonly retry: Locator
  readonly close: Locator
  readonly autoRetry: Locator
  readonly noPermission: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Upload', exact: true })
    const actions = page.getByRole('toolbar', { name: 'Upload actions' })
    this.chooseFiles = actions.getByRole('button', { name: 'Choose Files' })
    this.chooseFolder = actions.getByRole('button', { name: 'Choose Folder' })
    this.startUpload = actions.getByRole('button', { name: 'Start Upload' })
    this.retry = actions.getByRole('button', { name: 'Retry' })
    this.close = actions.getByRole('button', { name: 'Close' })
    this.autoRetry = actions.getByRole('checkbox', { name: 'Automated Retry' })
    this.selection = page.getByRole('table', { name: 'Files to upload' })
    this.skipped = page.getByRole('status').filter({ hasText: /^Skipped / })
    this.uploads = page.getByRole('table', { name: 'Uploads' })
    this.summary = page.getByRole('status', { name: 'Upload summary' })
    this.waitingForNetwork = page.getByRole('status').filter({ hasText: 'Waiting for the network' })
    this.noPermission = page.getByText('Sorry, you do not have permission to upload.')
  }

  /**
   * Picks through the file inputs, as browsers without the File System Access pickers do: Playwright
   * drives the browser's file chooser, which the native pickers do not open.
   */
  async useFileInputs() {
    await this.page.addInitScript(() => {
      for (const name of ['showOpenFilePicker', 'showDirectoryPicker'])
        Object.defineProperty(window, name, { value: undefined, configurable: true })
    })
  }

  async goto(grantName: string, path = '/') {
    const escaped = path.split('/').map(encodeURIComponent).join('/')
    await this.page.goto(`/upload/${encodeURIComponent(grantName)}${escaped}`)
  }

  private async choose(button: Locator, files: string | string[]) {
    const chooser = this.page.waitForEvent('filechooser')
    await button.click()
    await (await chooser).setFiles(files)
  }

  async pickFolder(directory: string) {
    await this.choose(this.chooseFolder, directory)
  }

  async pickFiles(...files: string[]) {
    await this.choose(this.chooseFiles, files)
  }

  /** A row of the progress table, by the file's name. */
  item(name: string): Locator {
    return this.uploads.getByRole('row').filter({ has: this.page.getByRole('cell', { name, exact: true }) })
  }

  status(name: string): Locator {
    return this.item(name).getByRole('cell').nth(3)
  }

  error(name: string): Locator {
    return this.item(name).getByRole('cell').nth(4)
  }

  async chooseAgain(name: string, file: string) {
    await this.choose(this.item(name).getByRole('button', { name: 'Choose File Again' }), file)
  }
}
