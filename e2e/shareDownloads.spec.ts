// Download All on a share link's page against the real server, in a browser context with no session: a
// folder tree (two files of one content, a subfolder two deep) saved through the visitor's download queue
// into a directory of the page's Origin Private File System (which stands in for the native directory
// picker, as in downloads.spec.ts), every byte read back; Download All again skips every file; a link
// revoked while its files wait for their addresses fails them in the page's words, with nothing to retry;
// a reload while files wait resumes them from the visitor's own database; and a browser without a
// directory picker is told so, in the console's words. Axe's rules on the page with its panel.
import AxeBuilder from '@axe-core/playwright'
import { randomBytes } from 'node:crypto'
import type { Page, Route } from '@playwright/test'
import { createShareLink, putFile, readyContainer, revokeShareLink, type GrantAccess } from './support/api.ts'
import { pickFromOrigin, readBack } from './support/originFiles.ts'
import { expect, test } from './support/fixtures.ts'

const GRANT = 'Client Deliveries'
const SAME = 'the same cut in two places\n'
/** The shared folder's files, relative to it. */
const FILES: Record<string, Buffer> = {
  'a.txt': Buffer.from('alpha'),
  'dup.txt': Buffer.from(SAME),
  'sub/b.bin': randomBytes(3000),
  'sub/deep/c.txt': Buffer.from(SAME),
}

/** Axe's rules on the page with its panel open, at 1280 and 375 px. */
async function sweep(page: Page, what: string) {
  for (const [width, height] of [
    [1280, 800],
    [375, 812],
  ] as const) {
    await page.setViewportSize({ width, height })
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze()
    const found = results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
    )
    expect.soft(found, `axe at ${what}, ${width} px`).toEqual([])
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

test.describe('share link downloads', () => {
  let access: GrantAccess

  test.beforeAll(async () => {
    access = await readyContainer('share-downloads', 'Northlight Studio', GRANT)
    for (const [path, bytes] of Object.entries(FILES)) await putFile(access, `/Delivery/${path}`, bytes)
    await putFile(access, '/Elsewhere/secret.txt', 'not shared')
  })

  test('Download All saves the shared tree through the queue with no session, then skips it all', async ({
    browser,
    baseURL,
  }) => {
    const link = await createShareLink(access, { folder_path: 'Delivery/', label: 'Final delivery' })
    const context = await browser.newContext({ baseURL })
    const page = await context.newPage()
    await pickFromOrigin(page, 'delivery')
    const addressCalls: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/download_url')) addressCalls.push(request.url())
    })
    await page.goto(link.path)
    await expect(page.getByRole('heading', { level: 1, name: 'Final delivery' })).toBeVisible()

    await page.getByRole('button', { name: 'Download All' }).click()
    const panel = page.getByRole('region', { name: 'Downloads' })
    await expect(panel.getByRole('status')).toHaveText('Success', { timeout: 30_000 })
    const count = (term: string) =>
      panel.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd')
    await expect(count('Succeeded')).toHaveText('4')
    await expect(count('Skipped')).toHaveText('0')
    await expect(count('Failed')).toHaveText('0')
    const files = panel.getByRole('list', { name: 'Downloads files' })
    await expect(files.getByRole('listitem')).toHaveCount(4)
    await expect(files.getByRole('listitem').filter({ hasText: 'sub/deep/c.txt' })).toContainText('Done')
    // Two files of one content are fetched once, through the link, with no session of the console.
    expect(addressCalls).toHaveLength(3)
    for (const call of addressCalls) {
      expect(call).toContain(`/s/1/${link.token}/media/`)
      expect(call).toContain('link_session=')
      expect(call).not.toContain('session_key')
    }

    await sweep(page, 'the finished downloads')

    const written = await readBack(page, 'delivery')
    expect([...written.keys()].sort()).toEqual(Object.keys(FILES).sort())
    for (const [path, bytes] of Object.entries(FILES))
      expect(written.get(path)?.equals(bytes), path).toBe(true)

    // Again into the same directory: every file is there whole, so none is fetched.
    await page.getByRole('button', { name: 'Download All' }).click()
    await expect(count('Skipped')).toHaveText('4', { timeout: 30_000 })
    await expect(panel.getByRole('status')).toHaveText('Success')
    expect(addressCalls).toHaveLength(3)
    await expect(files.getByRole('listitem').first()).toContainText('Skip')

    await panel.getByRole('button', { name: 'Close' }).click()
    await expect(panel).toHaveCount(0)
    await context.close()
  })

  test('a link revoked while its files wait fails them in its words, with nothing to retry', async ({
    browser,
    baseURL,
  }) => {
    const link = await createShareLink(access, { folder_path: 'Delivery/sub/', label: 'Sub delivery' })
    const context = await browser.newContext({ baseURL })
    const page = await context.newPage()
    await pickFromOrigin(page, 'revoked')
    // The addresses wait until the link is revoked, then go to the server as they were.
    let revoked: () => void = () => undefined
    const revocation = new Promise<void>((resolve) => (revoked = resolve))
    await page.route('**/download_url*', async (route: Route) => {
      await revocation
      await route.continue()
    })
    await page.goto(link.path)
    await page.getByRole('button', { name: 'Download All' }).click()
    const panel = page.getByRole('region', { name: 'Downloads' })
    await expect(panel.getByRole('status')).toHaveText('Running')
    await revokeShareLink(access, link.shareLinkId)
    revoked()
    await expect(panel.getByRole('status')).toHaveText('Done - 2 Failed', { timeout: 30_000 })
    const files = panel.getByRole('list', { name: 'Downloads files' })
    for (const name of ['b.bin', 'deep/c.txt'])
      await expect(files.getByRole('listitem').filter({ hasText: name })).toContainText(
        'This link does not exist or is no longer available.',
      )
    await expect(panel.getByRole('button', { name: 'Retry' })).toHaveCount(0)
    expect((await readBack(page, 'revoked')).size).toBe(0)
    await context.close()
  })

  test('a reload while files wait resumes the queue in the reloaded page, from its own database', async ({
    browser,
    baseURL,
  }) => {
    const link = await createShareLink(access, { folder_path: 'Delivery/', label: 'Reloaded delivery' })
    const context = await browser.newContext({ baseURL })
    const page = await context.newPage()
    await pickFromOrigin(page, 'reloaded')
    // No address is answered before the reload: every file is still to fetch when the page goes.
    let answering = false
    await page.route('**/download_url*', async (route: Route) => {
      if (answering) await route.continue()
      else await route.abort()
    })
    await page.goto(link.path)
    await page.getByRole('button', { name: 'Download All' }).click()
    const panel = page.getByRole('region', { name: 'Downloads' })
    await expect(panel.getByRole('listitem').first()).toContainText('Waiting')
    answering = true
    await page.reload()
    await expect(panel.getByRole('status')).toHaveText('Success', { timeout: 60_000 })
    const written = await readBack(page, 'reloaded')
    for (const [path, bytes] of Object.entries(FILES))
      expect(written.get(path)?.equals(bytes), path).toBe(true)
    // A visitor's queue is kept apart from the console's.
    const stores = await page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name))
    expect(stores).toContain('media-console-link-transfers')
    expect(stores).not.toContain('media-console-transfers')
    await context.close()
  })

  test('a browser without a directory picker is told it cannot download several files', async ({
    browser,
    baseURL,
  }) => {
    const link = await createShareLink(access, { folder_path: 'Delivery/', label: 'No picker' })
    const context = await browser.newContext({ baseURL })
    const page = await context.newPage()
    await page.addInitScript(() => Object.defineProperty(window, 'showDirectoryPicker', { value: undefined }))
    await page.goto(link.path)
    await expect(
      page.getByText('Looks like your browser does not suport multiple file downloads.'),
    ).toBeVisible()
    await page.getByRole('button', { name: 'Download All' }).click()
    await expect(page.getByRole('dialog')).toContainText(
      'Sorry, your browser does not support multi-download.',
    )
    // Each file's own Download still saves it.
    await expect(page.getByRole('button', { name: 'Download a.txt' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Downloads' })).toHaveCount(0)
    await context.close()
  })
})
