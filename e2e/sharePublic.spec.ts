// A share link's public page against the real server, in a browser context with no session: a member's
// folder (a clip, a picture and a text file) shared with a passphrase; the visitor enters it, sees the
// files, plays the clip in the console's viewer and steps to the picture and back, downloads the text file
// (the same bytes), and after the member revokes the link the page says it is not available. A view-only
// link's viewer has neither Download nor a way to the file's screen. Axe's rules on the passphrase form,
// the folder, the viewer and the gone page at 1280 and 375 px.
import AxeBuilder from '@axe-core/playwright'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import {
  createFolder,
  createShareLink,
  putFile,
  readyContainer,
  revokeShareLink,
  type GrantAccess,
} from './support/api.ts'
import { toolPaths } from '../server/derivatives/tools.ts'
import { expect, test } from './support/fixtures.ts'

const GRANT = 'Client Deliveries'
const PASSPHRASE = 'blue heron at dawn'
const NOTES = 'Selects for the client: takes 3, 7 and 12.\n'

/** A two-second clip, real enough for ffprobe, the thumbnailer and Chromium's decoder, and a picture. */
function makeMedia(): { clip: Buffer; photo: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'share-'))
  const run = (...args: string[]) =>
    execFileSync(toolPaths().ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args])
  run(
    '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25',
    '-t', '2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-crf', '30', '-movflags', '+faststart',
    join(dir, 'clip.mp4'),
  ) // prettier-ignore
  run('-f', 'lavfi', '-i', 'testsrc2=size=800x500:rate=1', '-frames:v', '1', join(dir, 'photo.jpg'))
  return { clip: readFileSync(join(dir, 'clip.mp4')), photo: readFileSync(join(dir, 'photo.jpg')) }
}

/** Whether the viewer's video has a frame to show, or has played some. */
const plays = (video: Locator) =>
  video.evaluate((element: HTMLVideoElement) => element.readyState >= 2 || element.currentTime > 0)

/** Whether the viewer's picture is drawn (loaded, with its pixels). */
const drawn = (image: Locator) =>
  image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)

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
    access = await readyContainer('share', 'Northlight Studio', GRANT)
    await createFolder(access, '/Review/')
    const { clip, photo } = makeMedia()
    await putFile(access, '/Review/clip.mp4', clip)
    await putFile(access, '/Review/photo.jpg', photo)
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
    await expect(files.getByRole('listitem')).toHaveCount(3)
    await expect(files.getByText('notes.txt')).toBeVisible()
    await expect(files.getByText(`${NOTES.length} B`)).toBeVisible()
    await expect(page.getByText('secret.txt')).toHaveCount(0)

    // A reload keeps the visit: no passphrase asked again.
    await page.reload()
    await expect(files.getByText('clip.mp4')).toBeVisible()
    await expect(page.getByLabel('Passphrase')).toHaveCount(0)
    await sweep(page, 'folder')

    // The clip plays in the viewer, from the link's inline URL; the viewer steps through the folder's
    // pictures, clips and sound (not the text file), with its buttons and the arrow keys.
    const clipName = files.getByRole('button', { name: 'clip.mp4', exact: true })
    await clipName.click()
    const viewer = page.getByRole('dialog', { name: 'clip.mp4' })
    await expect(viewer).toHaveAttribute('aria-modal', 'true')
    await expect(viewer.getByText('1 of 2')).toBeVisible()
    await expect(viewer.getByRole('button', { name: 'Close' })).toBeFocused()
    await expect.poll(() => plays(viewer.locator('video')), { timeout: 30_000 }).toBe(true)
    await expect(viewer.getByRole('button', { name: 'Download' })).toBeVisible()
    // The link shows no way to the file's screen: the visitor has none.
    await expect(viewer.getByRole('link')).toHaveCount(0)
    await sweep(page, 'viewer on the clip')
    await viewer.getByRole('button', { name: 'Next file' }).click()
    const photoViewer = page.getByRole('dialog', { name: 'photo.jpg' })
    await expect(photoViewer.getByText('2 of 2')).toBeVisible()
    await expect
      .poll(() => drawn(photoViewer.getByRole('img', { name: 'photo.jpg' })), { timeout: 30_000 })
      .toBe(true)
    await expect(photoViewer.getByRole('button', { name: 'Next file' })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
    await sweep(page, 'viewer on the picture')
    await page.keyboard.press('ArrowLeft')
    const clipViewer = page.getByRole('dialog', { name: 'clip.mp4' })
    await expect(clipViewer.getByText('1 of 2')).toBeVisible()
    await expect.poll(() => plays(clipViewer.locator('video')), { timeout: 30_000 }).toBe(true)
    await clipViewer.getByRole('button', { name: 'Close' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(clipName).toBeFocused()
    // Its picture opens it too.
    const picture = await files
      .getByRole('listitem')
      .filter({ hasText: 'clip.mp4' })
      .locator('.share-picture')
      .boundingBox()
    if (!picture) throw new Error('the clip has no picture')
    await page.mouse.click(picture.x + picture.width / 2, picture.y + picture.height / 2)
    await expect(clipViewer).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)

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

  test('a view-only link plays in the viewer with no Download and no way to the file screen', async ({
    browser,
    baseURL,
  }) => {
    const link = await createShareLink(access, {
      folder_path: 'Review/',
      label: 'Look only',
      view_only: true,
    })
    const context = await browser.newContext({ baseURL })
    const page = await context.newPage()
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(link.path)
    const files = page.getByRole('list', { name: 'Files' })
    await files.getByRole('button', { name: 'photo.jpg', exact: true }).click()
    const viewer = page.getByRole('dialog', { name: 'photo.jpg' })
    await expect(viewer.getByText('2 of 2')).toBeVisible()
    await expect
      .poll(() => drawn(viewer.getByRole('img', { name: 'photo.jpg' })), { timeout: 30_000 })
      .toBe(true)
    await expect(viewer.getByRole('button', { name: 'Download' })).toHaveCount(0)
    await expect(viewer.getByRole('link')).toHaveCount(0)
    await page.keyboard.press('ArrowLeft')
    const clipViewer = page.getByRole('dialog', { name: 'clip.mp4' })
    await expect.poll(() => plays(clipViewer.locator('video')), { timeout: 30_000 }).toBe(true)
    await expect(clipViewer.getByRole('button', { name: 'Download' })).toHaveCount(0)
    await context.close()
  })
})
