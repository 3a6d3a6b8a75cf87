// The states of a share link's public page that the visit of sharePublic.spec.ts does not reach, each set up
// through the API and seen in one fresh browser context with no session: a link with a download limit of 1
// is used up after one file (the page says so when a second is asked for, and opened again shows the files
// without Download), a view-only link shows no Download but still previews and plays, and a passphrase link refuses every try after its limit (services/rateLimit.ts:
// 10 tries a link in 5 minutes), the right passphrase included. An expired link is not here: the API makes
// links of at least one day (expire_days >= 1) and no call moves an expiry, so one cannot be had without
// waiting a day or writing to the database. The server's answer to one (410 link_expired) is in
// tests/server/shareLinks.test.ts, and the page it leads to in tests/unit/shareVisitText.test.ts.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  api,
  createFolder,
  createShareLink,
  putFile,
  readyContainer,
  type GrantAccess,
} from './support/api.ts'
import { endpoints } from '../server/contract/endpoints.ts'
import { toolPaths } from '../server/derivatives/tools.ts'
import { RATE_LIMITS } from '../server/services/rateLimit.ts'
import {
  GONE_TEXT,
  TOO_MANY_TRIES_MESSAGE,
  USED_UP_VIEW_MESSAGE,
  VIEW_ONLY_MESSAGE,
  WRONG_PASSPHRASE_MESSAGE,
} from '../src/lib/shareVisitText.ts'
import { expect, test } from './support/fixtures.ts'

const GRANT = 'Client Deliveries'
const NOTES = 'Selects for the client: takes 3, 7 and 12.\n'
const PASSPHRASE = 'blue heron at dawn'

/** A one-second clip, real enough for Chromium's decoder. */
function makeClip(): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'share-states-'))
  execFileSync(toolPaths().ffmpeg, [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=25',
    '-t', '1', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-crf', '30', '-movflags', '+faststart',
    join(dir, 'clip.mp4'),
  ]) // prettier-ignore
  return readFileSync(join(dir, 'clip.mp4'))
}

test.describe('share link page: used up, view only, too many tries', () => {
  let access: GrantAccess

  test.beforeAll(async () => {
    access = await readyContainer('share-states', 'Share States', GRANT)
    await createFolder(access, '/Review/')
    await putFile(access, '/Review/clip.mp4', makeClip())
    await putFile(access, '/Review/notes.txt', NOTES)
  })

  test('a link with a download limit of 1 is used up after one file', async ({ browser, baseURL }) => {
    const link = await createShareLink(access, {
      folder_path: 'Review/',
      label: 'One download',
      download_limit: 1,
    })
    const context = await browser.newContext({ baseURL, acceptDownloads: true })
    const page = await context.newPage()
    await page.goto(link.path)
    const files = page.getByRole('list', { name: 'Files' })
    const downloading = page.waitForEvent('download')
    await files.getByRole('button', { name: 'Download notes.txt' }).click()
    expect(readFileSync(await (await downloading).path()).toString()).toBe(NOTES)

    // The next file is refused, and the page says why. (The server still shows a used-up link's page, what
    // was shared, and refuses its downloads: the page says so at the first one.)
    await files.getByRole('button', { name: 'Download clip.mp4' }).click()
    await expect(page.getByRole('heading', { level: 1, name: GONE_TEXT.used_up.heading })).toBeVisible()
    await expect(page.getByText(GONE_TEXT.used_up.detail)).toBeVisible()
    await expect(page.getByRole('list', { name: 'Files' })).toHaveCount(0)
    // Opened again, the link shows what was shared, with no Download that would be refused.
    await page.reload()
    await expect(files.getByText('notes.txt')).toBeVisible()
    await expect(page.getByText(USED_UP_VIEW_MESSAGE)).toBeVisible()
    await expect(page.getByRole('button', { name: /^Download/ })).toHaveCount(0)
    // The organization's list counts it: one of one, used up.
    const { share_link_list } = await api(
      endpoints.shareLinkList,
      { params: { org_id: access.orgId } },
      access.sessionKey,
    )
    expect(share_link_list.find((each) => each.share_link_id === link.shareLinkId)).toMatchObject({
      download_count: 1,
      state: 'used_up',
    })
    await context.close()
  })

  test('a view-only link offers no Download, says so, and still plays', async ({ browser, baseURL }) => {
    const link = await createShareLink(access, {
      folder_path: 'Review/',
      label: 'Look only',
      view_only: true,
    })
    const context = await browser.newContext({ baseURL })
    const page = await context.newPage()
    await page.goto(link.path)
    const files = page.getByRole('list', { name: 'Files' })
    await expect(files.getByText('notes.txt')).toBeVisible()
    await expect(page.getByText(VIEW_ONLY_MESSAGE)).toBeVisible()
    await expect(page.getByRole('button', { name: /^Download/ })).toHaveCount(0)

    await files.getByRole('button', { name: 'clip.mp4', exact: true }).click()
    const preview = page.getByRole('dialog', { name: 'clip.mp4' })
    const video = preview.locator('video')
    await expect
      .poll(
        () =>
          video.evaluate((element: HTMLVideoElement) => element.readyState >= 2 || element.currentTime > 0),
        { timeout: 30_000 },
      )
      .toBe(true)
    await expect(preview.getByRole('button', { name: /^Download/ })).toHaveCount(0)
    await context.close()
  })

  test('after too many passphrase tries the page says so, even to the right one', async ({
    browser,
    baseURL,
  }) => {
    const link = await createShareLink(access, {
      folder_path: 'Review/',
      label: 'Guarded',
      passphrase: PASSPHRASE,
    })
    // The link's tries used up through the API, each one refused as wrong.
    for (let index = 0; index < RATE_LIMITS.passphrasePerLink.limit; index += 1) {
      const answer = await fetch(new URL(`/s/1/${link.token}/passphrase`, baseURL), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ passphrase: `not it ${index}` }),
      })
      expect(answer.status).toBe(403)
    }
    const context = await browser.newContext({ baseURL })
    const page = await context.newPage()
    await page.goto(link.path)
    await page.getByLabel('Passphrase').fill(PASSPHRASE)
    await page.getByRole('button', { name: 'Open' }).click()
    await expect(page.getByRole('alert')).toHaveText(TOO_MANY_TRIES_MESSAGE)
    await expect(page.getByRole('alert')).not.toHaveText(WRONG_PASSPHRASE_MESSAGE)
    await expect(page.getByRole('list', { name: 'Files' })).toHaveCount(0)
    await context.close()
  })
})
