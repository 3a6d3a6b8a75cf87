import type { Locator, Page } from '@playwright/test'

/** A file as another app shares it: a name, a type and its bytes. */
export interface SharedFilePayload {
  name: string
  mimeType: string
  buffer: Buffer
}

/** The share screen, /share?id=…, where files shared to the installed app wait for a container and folder. */
export class SharePage {
  readonly heading: Locator
  readonly files: Locator
  readonly container: Locator
  readonly folder: Locator
  readonly upload: Locator
  readonly cancel: Locator
  readonly noPermission: Locator
  readonly nothingWaiting: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Upload Shared Files', level: 1 })
    this.files = page.getByRole('list', { name: 'Shared files' }).getByRole('listitem')
    this.container = page.getByLabel('Container', { exact: true })
    this.folder = page.getByLabel('Folder', { exact: true })
    this.upload = page.getByRole('button', { name: 'Upload', exact: true })
    this.cancel = page.getByRole('button', { name: 'Cancel', exact: true })
    this.noPermission = page.getByText('Sorry, you do not have permission to upload.')
    this.nothingWaiting = page.getByText('There are no shared files waiting here.')
  }

  file(name: string): Locator {
    return this.files.filter({ hasText: name })
  }

  /** The folder button that opens a folder of the one shown. */
  openFolder(name: string): Locator {
    return this.page.getByRole('list', { name: /^Folders in / }).getByRole('button', { name, exact: true })
  }

  /** Waits until the service worker controls the page: shares go to it, never to the server. */
  async waitForServiceWorker() {
    await this.page.evaluate(() => navigator.serviceWorker.ready)
    await this.page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  }

  /**
   * Shares files to the app as the phone's share sheet does: a navigation that POSTs multipart form data to
   * the manifest's share_target action, with the files in its files field. Lands on the share screen.
   */
  async share(files: SharedFilePayload[]) {
    const manifest = await this.page.request.get('/manifest.webmanifest')
    const { share_target } = (await manifest.json()) as {
      share_target: { action: string; params: { files: Array<{ name: string }> } }
    }
    const field = share_target.params.files[0]?.name ?? ''
    await this.page.evaluate(
      ({ action, field }) => {
        const form = document.createElement('form')
        form.id = 'e2e-share'
        form.method = 'post'
        form.enctype = 'multipart/form-data'
        form.action = action
        const input = document.createElement('input')
        input.type = 'file'
        input.name = field
        input.multiple = true
        form.append(input)
        document.body.append(form)
      },
      { action: share_target.action, field },
    )
    await this.page.locator('#e2e-share input').setInputFiles(files)
    await Promise.all([
      this.page.waitForURL(/\/share\?id=/),
      this.page.locator('#e2e-share').evaluate((form: HTMLFormElement) => form.submit()),
    ])
  }
}
