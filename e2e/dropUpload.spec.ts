// Files and folders dropped on a directory listing upload into that directory, against the real server.
// A page cannot put a folder in a DataTransfer it makes, so the folder drop is built from a real folder of
// the origin's private file system: the dropped item's getAsFileSystemHandle answers that folder's real
// FileSystemDirectoryHandle (as Chromium answers a folder dragged from the desktop), and the listing walks
// it. Plain files are dropped as the page's DataTransfer holds them, with nothing faked.
import type { JSHandle, Page } from '@playwright/test'
import {
  addGrantUser,
  addOrgUser,
  createFolder,
  createReadyOrg,
  listGrants,
  orgUserIdOf,
  readStoredFile,
  signUpUser,
  type GrantAccess,
} from './support/api.ts'
import { expect, test } from './support/fixtures.ts'
import { freshEmail } from './support/mail.ts'
import { Toasts } from './pages/Toasts.ts'

const GRANT = 'Drop Volume'
const UPLOAD_REFUSAL = 'Sorry, you do not have permission to upload.'
const A_TEXT = 'the first file of the trip\n'
const B_TEXT = 'the second file, a day later, a little longer\n'

/**
 * Writes the folder tree in the origin's private file system (a number is an empty file of no bytes, text
 * a file of that text) and answers a DataTransfer whose one item is that folder, as a drop from the
 * desktop gives it.
 */
async function folderDrop(
  page: Page,
  folder: string,
  files: Record<string, string>,
): Promise<JSHandle<DataTransfer>> {
  return page.evaluateHandle(
    async ({ folder, files }) => {
      const root = await navigator.storage.getDirectory()
      const top = await root.getDirectoryHandle(folder, { create: true })
      for (const [path, text] of Object.entries(files)) {
        const segments = path.split('/')
        const name = segments.pop() ?? path
        let dir = top
        for (const segment of segments) dir = await dir.getDirectoryHandle(segment, { create: true })
        const writable = await (await dir.getFileHandle(name, { create: true })).createWritable()
        await writable.write(text)
        await writable.close()
      }
      // The item stands for the folder: its getAsFileSystemHandle answers the folder's handle.
      const dropped = new Map<string, FileSystemHandle>([[folder, top]])
      const proto = DataTransferItem.prototype as DataTransferItem & {
        getAsFileSystemHandle?: () => Promise<FileSystemHandle | null>
      }
      const own = proto.getAsFileSystemHandle
      proto.getAsFileSystemHandle = function (this: DataTransferItem) {
        const handle = dropped.get(this.getAsFile()?.name ?? '')
        return handle ? Promise.resolve(handle) : (own?.call(this) ?? Promise.resolve(null))
      }
      const transfer = new DataTransfer()
      transfer.items.add(new File([], folder))
      return transfer
    },
    { folder, files },
  )
}

/** A DataTransfer of plain files, made in the page. */
function filesDrop(page: Page, files: Record<string, string>): Promise<JSHandle<DataTransfer>> {
  return page.evaluateHandle((files) => {
    const transfer = new DataTransfer()
    for (const [name, text] of Object.entries(files)) transfer.items.add(new File([text], name))
    return transfer
  }, files)
}

/** The uploads the queue keeps in IndexedDB (src/transfers/queueStore.ts): each path with its handle's name. */
function keptUploads(page: Page): Promise<Array<[string, string | null]>> {
  return page.evaluate(
    () =>
      new Promise<Array<[string, string | null]>>((resolve, reject) => {
        const open = indexedDB.open('media-console-transfers')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const read = open.result.transaction('uploads').objectStore('uploads').getAll()
          read.onerror = () => reject(read.error)
          read.onsuccess = () =>
            resolve(
              (
                read.result as Array<{
                  item: { media_path: string }
                  file_handle: FileSystemFileHandle | null
                }>
              )
                .map((each): [string, string | null] => [
                  each.item.media_path,
                  each.file_handle?.name ?? null,
                ])
                .sort(([a], [b]) => a.localeCompare(b)),
            )
          open.result.close()
        }
      }),
  )
}

test.describe('dropping files on a listing', () => {
  let access: GrantAccess
  let readOnlyKey: string

  test.beforeAll(async () => {
    const email = freshEmail('drop')
    const sessionKey = await signUpUser(email)
    const orgId = await createReadyOrg(sessionKey, `Drop Org ${email}`, GRANT)
    const grant = (await listGrants(sessionKey, orgId)).find((each) => each.grant_name === GRANT)
    if (!grant) throw new Error('the new volume came without its container')
    access = { sessionKey, orgId, grantId: grant.media_grant_id }
    await createFolder(access, '/Photos/')

    const readerEmail = freshEmail('drop-reader')
    readOnlyKey = await signUpUser(readerEmail)
    await addOrgUser(sessionKey, orgId, { email: readerEmail, cap_web_upload: false, cap_web_download: true })
    await addGrantUser(
      sessionKey,
      orgId,
      grant.media_grant_id,
      await orgUserIdOf(sessionKey, orgId, readerEmail),
    )
  })

  test('a dropped folder uploads into the listed directory with its subfolders', async ({
    page,
    layout,
    fileList,
    fileDetail,
  }) => {
    await layout.useSession(access.sessionKey)
    await fileList.goto(GRANT, '/Photos/')
    await expect(fileList.empty).toBeVisible()
    const zone = page.locator('.drop-zone')
    const overlay = page.locator('.drop-overlay')
    const live = zone.getByRole('status')

    const transfer = await folderDrop(page, 'Trip', {
      'a.txt': A_TEXT,
      'day 1/b.txt': B_TEXT,
      '.DS_Store': 'hidden',
      'empty.txt': '',
    })
    // Entering the grid, then the toolbar, then leaving the grid: the drag is still over the listing.
    await fileList.grid.dispatchEvent('dragenter', { dataTransfer: transfer })
    await page
      .getByRole('toolbar', { name: 'File actions' })
      .dispatchEvent('dragenter', { dataTransfer: transfer })
    await fileList.grid.dispatchEvent('dragleave', { dataTransfer: transfer })
    await fileList.grid.dispatchEvent('dragover', { dataTransfer: transfer })
    await expect(overlay).toHaveText('Drop to upload to /Photos/')
    await expect(live).toHaveText('Drop to upload to /Photos/')

    await fileList.grid.dispatchEvent('drop', { dataTransfer: transfer })
    await expect(overlay).toBeHidden()
    await expect(live).toHaveText('')
    await expect(new Toasts(page).latest).toHaveText(
      'Uploading 2 files to /Photos/. Skipped 2 files: 1 empty file (nothing to upload), ' +
        '1 hidden file (a name in its path starts with a dot).',
    )
    // Each file's handle is kept with its item, so that the upload resumes after a reload.
    await expect
      .poll(() => keptUploads(page))
      .toEqual([
        ['/Photos/Trip/a.txt', 'a.txt'],
        ['/Photos/Trip/day 1/b.txt', 'b.txt'],
      ])
    // The transfer panel shows the uploads, and the listing is read again as they finish.
    await expect(page.getByRole('region', { name: 'Transfers' })).toBeVisible()
    await expect(fileList.names).toHaveText(['Trip'], { timeout: 30_000 })

    await fileList.open('Trip')
    await expect(fileList.names).toHaveText(['day 1', 'a.txt'])
    await expect(fileList.row('a.txt')).toContainText(`${A_TEXT.length} B`)
    await fileList.open('day 1')
    await fileList.open('b.txt')
    await expect(fileDetail.property('Full Path')).toHaveText('/Photos/Trip/day 1/b.txt')
    await expect(fileDetail.property('Size in Bytes')).toHaveText(String(B_TEXT.length))
    expect((await readStoredFile(access, '/Photos/Trip/day 1/b.txt')).toString()).toBe(B_TEXT)
    expect((await readStoredFile(access, '/Photos/Trip/a.txt')).toString()).toBe(A_TEXT)
  })

  test('dropped files upload as they are; a drop of the same files again adds nothing', async ({
    page,
    layout,
    fileList,
  }) => {
    await layout.useSession(access.sessionKey)
    await fileList.goto(GRANT, '/')
    await expect(fileList.row('Photos')).toBeVisible()
    const files = { 'one.txt': 'one\n', 'two.txt': 'two, twice as long\n' }
    await fileList.grid.dispatchEvent('dragenter', { dataTransfer: await filesDrop(page, files) })
    await fileList.grid.dispatchEvent('drop', { dataTransfer: await filesDrop(page, files) })
    const toasts = new Toasts(page)
    await expect(toasts.latest).toHaveText('Uploading 2 files to /.')
    await expect(fileList.row('two.txt')).toContainText(`${files['two.txt'].length} B`, { timeout: 30_000 })
    await expect(fileList.row('one.txt')).toContainText(`${files['one.txt'].length} B`)

    await fileList.grid.dispatchEvent('drop', { dataTransfer: await filesDrop(page, files) })
    await expect(toasts.latest).toHaveText('Nothing new to upload to /. 2 files already in the upload queue.')
  })

  test('a drag of text or of the page’s own links shows no drop target', async ({
    page,
    layout,
    fileList,
  }) => {
    await layout.useSession(access.sessionKey)
    await fileList.goto(GRANT, '/')
    await expect(fileList.row('Photos')).toBeVisible()
    const text = await page.evaluateHandle(() => {
      const transfer = new DataTransfer()
      transfer.setData('text/uri-list', `${location.origin}/home/Drop%20Volume/Photos/`)
      transfer.setData('text/plain', 'Photos')
      return transfer
    })
    await fileList.row('Photos').dispatchEvent('dragenter', { dataTransfer: text })
    await fileList.row('Photos').dispatchEvent('dragover', { dataTransfer: text })
    await expect(page.locator('.drop-zone')).not.toHaveAttribute('data-dragging')
    await expect(page.locator('.drop-overlay')).toHaveCount(0)
  })

  test('a member who may not upload gets no drop target: the drop says why and uploads nothing', async ({
    page,
    layout,
    fileList,
  }) => {
    await layout.useSession(readOnlyKey)
    await fileList.goto(GRANT, '/')
    await expect(fileList.row('Photos')).toBeVisible()
    const transfer = await filesDrop(page, { 'refused.txt': 'not for here\n' })
    await fileList.grid.dispatchEvent('dragenter', { dataTransfer: transfer })
    await expect(page.locator('.drop-overlay')).toHaveText(UPLOAD_REFUSAL)
    await expect(page.locator('.drop-zone').getByRole('status')).toHaveText(UPLOAD_REFUSAL)
    await fileList.grid.dispatchEvent('drop', { dataTransfer: transfer })
    const dialog = page.getByRole('dialog', { name: UPLOAD_REFUSAL })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Done' }).click()
    await expect(page.locator('.drop-overlay')).toHaveCount(0)
    await expect(page.getByRole('region', { name: 'Transfers' })).toHaveCount(0)
    await expect(readStoredFile(access, '/refused.txt')).rejects.toThrow('is not in the listing')
  })
})
