// A share link's public page against the real server, in a browser context with no session: a member's
// folder (a clip and a text file) shared with a passphrase; the visitor enters it, sees the files, plays the
// clip, downloads the text file (the same bytes), and after the member revokes the link the page says it
// is not available. Axe's rules on the passphrase form, the folder and the gone page at 1280 and 375 px.
import AxeBuilder from '@axe-core/playwright'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import {
  createFolder,
  createReadyOrg,
  createShareLink,
  listGrants,
  putFile,
  revokeShareLink,
  signUpUser,
  type GrantAccess,
} from './support/api.ts'
import { toolPaths } from '../server/derivatives/tools.ts'
import { expect, test } from './support/fixtures.ts'
import { freshEmail } from './support/mail.ts'

const GRANT = 'Client Deliveries'
const PASSPHRASE = 'blue heron at dawn'
const NOTES = 'Selects for the client: takes 3, 7 and 12.\n'

/** A two-second clip, real enough for ffprobe, the thumbnailer and Chromium's decoder. */
function makeClip(): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'share-'))
  execFileSync(toolPaths().ffmpeg, [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25',
    '-t', '2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-crf', '30', '-movflags', '+faststart',
    join(dir, 'clip.mp4'),
  ]) // prettier-ignore
  return readFileSync(join(dir, 'clip.mp4'))
}

async function expectNoAxeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze()
  const found = results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
  )
  expect.soft(found, `axe at ${label}`).toEqual([])
}

async function sweep(page: Page, what: string) {
  await page.setViewportSize({ width: 1280, height: 800 })
  await expectNoAxeViolations(page, `${what}, 1280 px`)
  await page.setViewportSize({ width: 375, height: 812 })
  await expectNoAxeViolations(page, `${what}, 375 px`)
  await page.setViewportSize({ width: 1280, height: 800 })
}

test.describe('share link page', () => {
  let access: GrantAccess

  test.beforeAll(async () => {
    const email = freshEmail('share')
    const sessionKey = await signUpUser(email)
    const orgId = await createReadyOrg(sessionKey, `Northlight Studio ${email}`, GRANT)
    const grant = (await listGrants(sessionKey, orgId)).find((each) => each.grant_name === GRANT)
    if (!grant) throw new Error('the new volume came without its container')
    access = { sessionKey, orgId, grantId: grant.media_grant_id }
    await createFolder(access, '/Review/')
    await putFile(access, '/Review/clip.mp4', makeClip())
    await putFile(access, '/Review/notes.txt', NOTES)
    await putFile(access, '/Elsewhere/secret.txt', 'not shared')
  })

  test('a visitor with no session opens the folder with its passphrase, plays, downloads; revoked, it is gone', async ({
    browser,
    baseURL,
  }) => {
    const link = await createShareLink(access, {
      folder_path: 'Review/',
      label: 'Client review',
      passphrase: PASSPHRASE,
    })
    const context = await browser.newContext({ baseURL, acceptDownloads: true })
    const page = await context.newPage()
    await page.setViewportSize({ width: 1280, height: 800 })
    const response = await page.goto(link.path)
    expect(response?.headers()['x-robots-tag']).toBe('noindex')

    // The passphrase first: nothing of the folder before it; a wrong one is refused in words.
    await expect(page.getByRole('heading', { level: 1, name: 'Client review' })).toBeVisible()
    await expect(page.getByText(/Northlight Studio/).first()).toBeVisible()
    await expect(page.getByText('notes.txt')).toHaveCount(0)
    await sweep(page, 'passphrase form')
    await page.getByLabel('Passphrase').fill('not the passphrase')
    await page.getByRole('button', { name: 'Open' }).click()
    await expect(page.getByRole('alert')).toHaveText('That passphrase is not right. Check it and try again.')
    await page.getByLabel('Passphrase').fill(PASSPHRASE)
    await page.getByRole('button', { name: 'Open' }).click()

    const files = page.getByRole('list', { name: 'Files' })
    await expect(files.getByRole('listitem')).toHaveCount(2)
    await expect(files.getByText('notes.txt')).toBeVisible()
    await expect(files.getByText(`${NOTES.length} B`)).toBeVisible()
    await expect(page.getByText('secret.txt')).toHaveCount(0)

    // A reload keeps the visit: no passphrase asked again.
    await page.reload()
    await expect(files.getByText('clip.mp4')).toBeVisible()
    await expect(page.getByLabel('Passphrase')).toHaveCount(0)
    await sweep(page, 'folder')

    // The clip plays in the preview, from the link's inline URL.
    await files.getByRole('button', { name: 'clip.mp4', exact: true }).click()
    const preview = page.getByRole('dialog', { name: 'clip.mp4' })
    const video = preview.locator('video')
    await expect
      .poll(
        () =>
          video.evaluate((element: HTMLVideoElement) => element.readyState >= 2 || element.currentTime > 0),
        {
          timeout: 30_000,
        },
      )
      .toBe(true)
    await preview.getByRole('button', { name: 'Close' }).click()
    await expect(preview).toHaveCount(0)
    // Its picture opens it too.
    const picture = await files
      .getByRole('listitem')
      .filter({ hasText: 'clip.mp4' })
      .locator('.share-picture')
      .boundingBox()
    if (!picture) throw new Error('the clip has no picture')
    await page.mouse.click(picture.x + picture.width / 2, picture.y + picture.height / 2)
    await expect(preview).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(preview).toHaveCount(0)

    // The text file downloads with its own bytes.
    const downloading = page.waitForEvent('download')
    await files.getByRole('button', { name: 'Download notes.txt' }).click()
    const download = await downloading
    expect(readFileSync(await download.path()).toString()).toBe(NOTES)

    // Revoked: the page reads as for a link that never was.
    await revokeShareLink(access, link.shareLinkId)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Link not available' })).toBeVisible()
    await expect(page.getByText('This link does not exist or is no longer available.')).toBeVisible()
    await expect(page.getByText('Client review')).toHaveCount(0)
    await sweep(page, 'gone page')

    await page.goto(`/s/${'x'.repeat(43)}`)
    await expect(page.getByText('This link does not exist or is no longer available.')).toBeVisible()
    await context.close()
  })
})
