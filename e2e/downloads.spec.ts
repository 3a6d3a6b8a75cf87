// Multi-download against the real server: a folder tree seeded through the API (two files of the same
// content, one registered but never uploaded) downloaded into a directory of the page's Origin Private File
// System, which stands in for the native directory picker Playwright cannot drive; every byte read back.
import { createHash, randomBytes } from 'node:crypto'
import type { Page, Request } from '@playwright/test'
import {
  createReadyOrg,
  listGrants,
  putFile,
  registerFile,
  signUpUser,
  type GrantAccess,
} from './support/api.ts'
import { freshEmail } from './support/mail.ts'
import { losePermissionOnReload, pickFromOrigin, readBack } from './support/originFiles.ts'
import type { DownloadPage } from './pages/DownloadPage.ts'
import type { FileListPage } from './pages/FileListPage.ts'
import { expect, test } from './support/fixtures.ts'
import { STAGING_DIRECTORY } from '../workers/downloadFiles.ts'

const GRANT = 'Downloads Volume'
const SAME = 'the same words in two places\n'
const FILES: Record<string, Buffer> = {
  'Media/a.txt': Buffer.from('alpha'),
  'Media/dup.txt': Buffer.from(SAME),
  'Media/sub/b.bin': randomBytes(3000),
  'Media/sub/deep/c.txt': Buffer.from(SAME),
}
const LARGE = randomBytes(8 * 1024 * 1024)
/** The range size the ranged download test sets through the page's test hook. */
const RANGE = 1024 * 1024

test.describe('downloads', () => {
  let access: GrantAccess

  test.beforeAll(async () => {
    const email = freshEmail('downloads')
    const sessionKey = await signUpUser(email)
    const orgId = await createReadyOrg(sessionKey, `Downloads Org ${email}`, GRANT)
    const grant = (await listGrants(sessionKey, orgId)).find((each) => each.grant_name === GRANT)
    if (!grant) throw new Error('the new volume came without its container')
    access = { sessionKey, orgId, grantId: grant.media_grant_id }
    for (const [path, bytes] of Object.entries(FILES)) await putFile(access, `/${path}`, bytes)
    // Registered, never uploaded: its download address is not found.
    await registerFile(access, '/Media/pending.bin', { file_hash: 'ab'.repeat(32), file_size: 1234 })
    await putFile(access, '/Big/large.bin', LARGE)
  })

  test.beforeEach(async ({ layout }) => {
    await layout.useSession(access.sessionKey)
  })

  test('opened without chosen entries, it goes back to the listing', async ({ page }) => {
    await page.goto(`/download/${encodeURIComponent(GRANT)}/Media/`)
    await expect(page).toHaveURL(new RegExp(`/home/${encodeURIComponent(GRANT)}/Media/$`))
  })

  test('a browser without a directory picker is told it cannot download several files', async ({
    page,
    fileList,
    downloadPage,
  }) => {
    await page.addInitScript(() => Object.defineProperty(window, 'showDirectoryPicker', { value: undefined }))
    await fileList.goto(GRANT)
    await fileList.select('Media')
    await fileList.download.click()
    await expect(
      page.getByText('Looks like your browser does not suport multiple file downloads.'),
    ).toBeVisible()
    await expect(downloadPage.collected.locator('tbody tr')).toHaveCount(5)
    await downloadPage.downloadAll.click()
    await expect(page.getByRole('dialog')).toContainText(
      'Sorry, your browser does not support multi-download.',
    )
    await expect(downloadPage.downloads).toBeHidden()
  })

  test('downloads a folder tree, copies the duplicate, marks the missing file, then skips it all', async ({
    page,
    fileList,
    downloadPage,
  }) => {
    await pickFromOrigin(page, 'tree')
    const addressCalls: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/download_url')) addressCalls.push(request.url())
    })
    await fileList.goto(GRANT)
    await fileList.select('Media')
    await fileList.download.click()
    await expect(page).toHaveURL(new RegExp(`/download/${encodeURIComponent(GRANT)}/$`))
    await expect(downloadPage.collected.locator('tbody tr')).toHaveCount(5)
    expect(await downloadPage.collectedRows()).toEqual([
      ['Media/a.txt', '5 B'],
      ['Media/dup.txt', `${SAME.length} B`],
      ['Media/pending.bin', '1.205 KB'],
      ['Media/sub/b.bin', '2.930 KB'],
      ['Media/sub/deep/c.txt', `${SAME.length} B`],
    ])

    await downloadPage.downloadAll.click()
    await expect(downloadPage.status).toHaveText('Done - 1 Failed', { timeout: 30_000 })
    await expect(downloadPage.count('Succeeded')).toHaveText('4')
    await expect(downloadPage.count('Skipped')).toHaveText('0')
    await expect(downloadPage.count('Failed')).toHaveText('1')
    await expect(downloadPage.statusOf('Media/pending.bin')).toHaveText('Failed')
    await expect(downloadPage.errorOf('Media/pending.bin')).toHaveText('Not Uploaded')
    await expect(downloadPage.statusOf('Media/a.txt')).toHaveText('Done')
    // The failure is fatal: nothing to retry.
    await expect(downloadPage.retry).toBeHidden()
    // Two files of one content are fetched once: one address for each of the other files and the missing one.
    expect(addressCalls).toHaveLength(4)

    const written = await readBack(page, 'tree')
    // A file goes into the folder only whole: the one never uploaded leaves nothing there.
    expect([...written.keys()].sort()).toEqual(Object.keys(FILES).sort())
    for (const [path, bytes] of Object.entries(FILES))
      expect(written.get(path)?.equals(bytes), path).toBe(true)

    await downloadPage.close.click()
    await expect(page).toHaveURL(new RegExp(`/home/${encodeURIComponent(GRANT)}/$`))
    await fileList.select('Media')
    await fileList.download.click()
    await expect(downloadPage.collected.locator('tbody tr')).toHaveCount(5)
    await downloadPage.downloadAll.click()
    await expect(downloadPage.status).toHaveText('Done - 1 Failed', { timeout: 30_000 })
    await expect(downloadPage.count('Skipped')).toHaveText('4')
    await expect(downloadPage.count('Succeeded')).toHaveText('0')
    for (const path of Object.keys(FILES)) await expect(downloadPage.statusOf(path)).toHaveText('Skip')
    // A skipped file is not asked for again: only the missing one is.
    expect(addressCalls).toHaveLength(5)
  })

  test('a download cut by a reload resumes with a Range request', async ({
    page,
    fileList,
    downloadPage,
  }) => {
    await pickFromOrigin(page, 'large')
    await reloadInTheMiddle(page, fileList, downloadPage)
    await expect(downloadPage.status).toHaveText('Success', { timeout: 45_000 })
    await expect(downloadPage.count('Succeeded')).toHaveText('1')
    expect(resumedFrom.some((start) => start > 0)).toBe(true)
    const written = await readBack(page, 'large')
    expect(written.get('Big/large.bin')?.equals(LARGE)).toBe(true)
  })

  test('a download in ranges cut by a reload fetches only the missing ranges, and the file hashes to its own', async ({
    page,
    fileList,
    downloadPage,
  }) => {
    // 1 MiB ranges (DOWNLOAD_RANGE_BYTES is 16 MiB), so the 8 MiB file comes as 8 ranges on loopback.
    await page.addInitScript((rangeBytes) => {
      window.__MEDIA_CONSOLE_TEST__ = true
      window.__MEDIA_CONSOLE_DOWNLOAD_RANGE_BYTES__ = rangeBytes
    }, RANGE)
    await pickFromOrigin(page, 'ranged')
    const before: string[] = []
    const recordRanges = (into: string[]) => (request: Request) => {
      if (request.method() !== 'GET' || !new URL(request.url()).pathname.startsWith('/storage/')) return
      into.push(request.headers()['range'] ?? '')
    }
    const beforeReload = recordRanges(before)
    page.context().on('request', beforeReload)
    await reloadInTheMiddle(page, fileList, downloadPage)
    page.context().off('request', beforeReload)
    const after: string[] = []
    page.context().on('request', recordRanges(after))
    await expect(downloadPage.status).toHaveText('Success', { timeout: 45_000 })
    await expect(downloadPage.count('Succeeded')).toHaveText('1')
    await expect(downloadPage.count('Failed')).toHaveText('0')

    // Before the reload, closed ranges: several at once, each within its 1 MiB.
    const closed = /^bytes=(\d+)-(\d+)$/
    expect(before.length).toBeGreaterThan(1)
    for (const header of [...before, ...after]) {
      const match = closed.exec(header)
      expect(match, header).not.toBeNull()
      const [from, last] = [Number(match?.[1]), Number(match?.[2])]
      expect(Math.floor(from / RANGE), header).toBe(Math.floor(last / RANGE))
      expect((last + 1) % RANGE === 0 || last + 1 === LARGE.length, header).toBe(true)
    }
    // After it, only what was missing: fewer bytes than the file, and no range asked twice.
    const fetchedAfter = after.reduce((sum, header) => {
      const match = closed.exec(header)
      return sum + Number(match?.[2]) - Number(match?.[1]) + 1
    }, 0)
    expect(fetchedAfter).toBeGreaterThan(0)
    expect(fetchedAfter).toBeLessThan(LARGE.length)
    const rangesAfter = after.map((header) => Math.floor(Number(closed.exec(header)?.[1]) / RANGE))
    expect(new Set(rangesAfter).size).toBe(rangesAfter.length)

    const written = await readBack(page, 'ranged')
    const placed = written.get('Big/large.bin')
    expect(placed?.equals(LARGE)).toBe(true)
    expect(
      createHash('sha256')
        .update(placed ?? Buffer.alloc(0))
        .digest('hex'),
    ).toBe(createHash('sha256').update(LARGE).digest('hex'))
    expect(await readBack(page, STAGING_DIRECTORY)).toEqual(new Map())
  })

  test('a reload mid-download leaves no swap file or partial file: the folder gets the file only whole', async ({
    page,
    fileList,
    downloadPage,
  }) => {
    await pickFromOrigin(page, 'clean')
    await reloadInTheMiddle(page, fileList, downloadPage)
    // Whatever moment the reload came at, the folder holds no swap file, and the file is there whole or not
    // at all: its bytes wait in the private staging file until every one has arrived.
    const afterReload = await readBack(page, 'clean')
    expect([...afterReload.keys()].filter((path) => path.endsWith('.crswap'))).toEqual([])
    for (const [path, bytes] of afterReload) {
      expect(path).toBe('Big/large.bin')
      expect(bytes.equals(LARGE)).toBe(true)
    }

    await expect(downloadPage.status).toHaveText('Success', { timeout: 45_000 })
    expect(resumedFrom.some((start) => start > 0)).toBe(true)
    const written = await readBack(page, 'clean')
    expect([...written.keys()]).toEqual(['Big/large.bin'])
    expect(written.get('Big/large.bin')?.equals(LARGE)).toBe(true)
    // Nothing of the download is left in the staging directory either.
    expect(await readBack(page, STAGING_DIRECTORY)).toEqual(new Map())
  })

  test('when the browser asks for permission to the directory again, Allow Access resumes', async ({
    page,
    fileList,
    downloadPage,
  }) => {
    await pickFromOrigin(page, 'asked')
    await losePermissionOnReload(page)
    await reloadInTheMiddle(page, fileList, downloadPage)
    const notice = page.getByRole('alert').filter({ hasText: 'permission again' })
    await expect(notice).toContainText("The browser needs your permission again to save into 'asked'.")
    await expect(downloadPage.status).toHaveText('Running')
    // Nothing is fetched until the user allows it: the file waits.
    await expect(downloadPage.statusOf('Big/large.bin')).toHaveText('Waiting')
    expect(resumedFrom).toEqual([])
    await notice.getByRole('button', { name: 'Allow Access' }).click()
    await expect(notice).toBeHidden()
    await expect(downloadPage.status).toHaveText('Success', { timeout: 45_000 })
    expect(resumedFrom.some((start) => start > 0)).toBe(true)
    const written = await readBack(page, 'asked')
    expect(written.get('Big/large.bin')?.equals(LARGE)).toBe(true)
  })

  /** Where each fetch of the file's bytes after the reload starts: the Range start, 0 without one. */
  let resumedFrom: number[] = []

  /** Starts the download of Big/ on a slow link and reloads the page once it is 30 to 99% through. */
  async function reloadInTheMiddle(page: Page, fileList: FileListPage, downloadPage: DownloadPage) {
    resumedFrom = []
    // A slow link, so the page can be reloaded while the file is on its way.
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: 1024 * 1024,
      uploadThroughput: -1,
    })

    await fileList.goto(GRANT)
    await fileList.select('Big')
    await fileList.download.click()
    await downloadPage.downloadAll.click()
    await expect(downloadPage.statusOf('Big/large.bin')).toHaveText(/^([3-9]\d)%$/, { timeout: 30_000 })
    page.context().on('request', (request: Request) => {
      if (request.method() !== 'GET' || !new URL(request.url()).pathname.startsWith('/storage/')) return
      resumedFrom.push(Number(/^bytes=(\d+)-$/.exec(request.headers()['range'] ?? '')?.[1] ?? 0))
    })
    await page.reload()
  }
})
