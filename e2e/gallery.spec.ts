// Media in the console against the real server: a picture and a clip made here with ffmpeg, uploaded
// through the API, shown as a grid whose thumbnails arrive while the page waits (the listing is read again
// while they are pending), opened in the viewer (the clip plays and seeks on Range requests), stepped through
// with the arrow keys and closed with Escape; the file screen's preview and media properties; axe's rules
// on the grid and the open viewer at 1280 and 375 px.
import AxeBuilder from '@axe-core/playwright'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import {
  createFolder,
  createReadyOrg,
  listGrants,
  putFile,
  signUpUser,
  type GrantAccess,
} from './support/api.ts'
import { toolPaths } from '../server/derivatives/tools.ts'
import { expect, test } from './support/fixtures.ts'
import { freshEmail } from './support/mail.ts'

const GRANT = 'Gallery Volume'
const LISTING = `/home/${encodeURIComponent(GRANT)}/`

/** Media made on the spot: small, and real enough for sharp, ffprobe and Chromium's decoders. */
function makeMedia(): { photo: Buffer; clip: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'gallery-'))
  const run = (...args: string[]) =>
    execFileSync(toolPaths().ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args])
  run('-f', 'lavfi', '-i', 'testsrc2=size=800x500:rate=1', '-frames:v', '1', join(dir, 'photo.jpg'))
  // Six seconds with a keyframe every second, so that a seek lands well past the start.
  run(
    '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25',
    '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100',
    '-t', '6', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-g', '25', '-crf', '30',
    '-c:a', 'aac', '-b:a', '48k', '-movflags', '+faststart', join(dir, 'clip.mp4'),
  ) // prettier-ignore
  return { photo: readFileSync(join(dir, 'photo.jpg')), clip: readFileSync(join(dir, 'clip.mp4')) }
}

async function openGrid(page: Page) {
  await page.goto(LISTING)
  await page.getByRole('radio', { name: 'Grid view' }).check()
  await expect(page.getByRole('grid', { name: 'Files' }).locator('.card').first()).toBeVisible()
}

const card = (page: Page, name: string) =>
  page.getByRole('grid', { name: 'Files' }).getByRole('gridcell').filter({ hasText: name })

/** Waits for a card's thumbnail to be drawn (the image decoded, not only asked for). */
async function expectThumbnail(page: Page, name: string) {
  const image = card(page, name).locator('.card-picture img')
  await expect
    .poll(
      async () =>
        (await image.count()) > 0 && (await image.evaluate((img: HTMLImageElement) => img.naturalWidth)),
      {
        timeout: 60_000,
      },
    )
    .toBeGreaterThan(0)
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

test.describe('gallery', () => {
  let access: GrantAccess

  test.beforeAll(async () => {
    const email = freshEmail('gallery')
    const sessionKey = await signUpUser(email)
    const orgId = await createReadyOrg(sessionKey, `Gallery Org ${email}`, GRANT)
    const grant = (await listGrants(sessionKey, orgId)).find((each) => each.grant_name === GRANT)
    if (!grant) throw new Error('the new volume came without its container')
    access = { sessionKey, orgId, grantId: grant.media_grant_id }
    const { photo, clip } = makeMedia()
    await createFolder(access, '/Trips/')
    await putFile(access, '/clip.mp4', clip)
    await putFile(access, '/notes.txt', 'words, no picture')
    await putFile(access, '/photo.jpg', photo)
  })

  test.beforeEach(async ({ layout }) => {
    await layout.useSession(access.sessionKey)
  })

  test('the grid shows thumbnails as they are made, remembers the view, and moves with the keys', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await openGrid(page)
    // Read again while pending: the pictures come without a reload.
    await expectThumbnail(page, 'photo.jpg')
    await expectThumbnail(page, 'clip.mp4')
    // Folders first, as folder cards; a file with no picture shows its kind's icon.
    await expect(page.getByRole('gridcell').first()).toContainText('Trips')
    await expect(card(page, 'notes.txt').locator('.card-picture .entry-icon')).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('local-state-listing_view'))).toBe('"grid"')

    // One tab stop: the first card; the arrows move between cards, Space selects, Enter opens.
    await card(page, 'Trips').focus()
    await page.keyboard.press('ArrowRight')
    await expect(card(page, 'clip.mp4')).toBeFocused()
    await page.keyboard.press('End')
    await expect(card(page, 'photo.jpg')).toBeFocused()
    await page.keyboard.press('Space')
    await expect(card(page, 'photo.jpg')).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('toolbar', { name: 'Selection' })).toContainText('1 selected')
    await page.keyboard.press('Space')
    await expect(card(page, 'photo.jpg')).toHaveAttribute('aria-selected', 'false')
    await page.keyboard.press('Enter')
    const viewer = page.getByRole('dialog', { name: 'photo.jpg' })
    await expect(viewer).toBeVisible()
    await expect(viewer.getByText('3 of 3')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(viewer).toBeHidden()
    await expect(card(page, 'photo.jpg')).toBeFocused()

    // The choice stays: a new visit opens the grid.
    await page.reload()
    await expect(page.getByRole('radio', { name: 'Grid view' })).toBeChecked()
    await expect(card(page, 'photo.jpg')).toBeVisible()
  })

  test('the viewer plays and seeks the clip on Range requests, steps with the arrow keys, and gives focus back', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    const partial: string[] = []
    page.on('response', (response) => {
      if (response.status() === 206) partial.push(response.url())
    })
    await openGrid(page)
    await expectThumbnail(page, 'clip.mp4')
    await card(page, 'clip.mp4').locator('.card-main').click()
    const viewer = page.getByRole('dialog', { name: 'clip.mp4' })
    await expect(viewer).toBeVisible()
    await expect(viewer).toHaveAttribute('aria-modal', 'true')
    await expect(viewer.getByText('1 of 3')).toBeVisible()
    await expect(viewer.getByRole('button', { name: 'Close' })).toBeFocused()

    const video = viewer.locator('video')
    await expect(video).toHaveAttribute('poster', /thumbnail\?size=large/)
    await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true
      await element.play()
    })
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
      .toBeGreaterThan(0)
    await video.evaluate(
      (element: HTMLVideoElement) =>
        new Promise<void>((resolve) => {
          element.addEventListener('seeked', () => resolve(), { once: true })
          element.currentTime = 4.5
        }),
    )
    expect(await video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThanOrEqual(
      4.4,
    )
    // The store served parts of the file, not the whole of it at once.
    expect(partial.length).toBeGreaterThan(0)

    // Next: the text file (no preview, its properties and Download), then the picture.
    await page.keyboard.press('ArrowRight')
    await expect(page.getByRole('dialog', { name: 'notes.txt' })).toBeVisible()
    await expect(page.getByRole('dialog').getByText('2 of 3')).toBeVisible()
    await expect(page.getByRole('dialog').getByText('No preview of this file.')).toBeVisible()
    await page.getByRole('dialog').getByRole('button', { name: 'Next file' }).click()
    const photoViewer = page.getByRole('dialog', { name: 'photo.jpg' })
    await expect(photoViewer.getByText('3 of 3')).toBeVisible()
    const image = photoViewer.getByRole('img', { name: 'photo.jpg' })
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
    // Past the last file nothing moves.
    await page.keyboard.press('ArrowRight')
    await expect(photoViewer.getByText('3 of 3')).toBeVisible()
    await page.keyboard.press('ArrowLeft')
    await expect(page.getByRole('dialog', { name: 'notes.txt' })).toBeVisible()

    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toBeHidden()
    await expect(card(page, 'clip.mp4')).toBeFocused()
  })

  test('the list opens the viewer from a selection’s View, and the file screen previews the clip with its properties', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(LISTING)
    await page.getByRole('radio', { name: 'List view' }).check()
    await page.getByRole('checkbox', { name: 'Select photo.jpg' }).check()
    await page.getByRole('toolbar', { name: 'Selection' }).getByRole('button', { name: 'View' }).click()
    const viewer = page.getByRole('dialog', { name: 'photo.jpg' })
    await expect(viewer).toBeVisible()
    await viewer.getByRole('link', { name: 'File Details' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'photo.jpg' })).toBeVisible()
    await expect(page.getByRole('dialog')).toBeHidden()

    await page.goto(`${LISTING}clip.mp4`)
    await expect(page.locator('.file-preview video')).toBeVisible()
    const properties = page.locator('.properties')
    await expect(properties).toContainText('Duration')
    await expect(properties).toContainText('0:06')
    await expect(properties).toContainText('320 × 240')
    await expect(properties).toContainText('h264')
    await expect(properties).toContainText('aac')
  })

  for (const [label, size] of [
    ['1280', { width: 1280, height: 800 }],
    ['375', { width: 375, height: 740 }],
  ] as const) {
    test(`axe finds nothing on the grid and the open viewer at ${label} px`, async ({ page }) => {
      await page.setViewportSize(size)
      await openGrid(page)
      await expectThumbnail(page, 'photo.jpg')
      if (label === '375') {
        // A phone shows two cards a row.
        const tops = await page
          .getByRole('grid', { name: 'Files' })
          .getByRole('row')
          .first()
          .getByRole('gridcell')
          .count()
        expect(tops).toBe(2)
      }
      await expectNoAxeViolations(page, `${label} px, grid`)
      await card(page, 'photo.jpg').locator('.card-main').click()
      const viewer = page.getByRole('dialog', { name: 'photo.jpg' })
      await expect(viewer).toBeVisible()
      await expect
        .poll(() =>
          viewer
            .getByRole('img', { name: 'photo.jpg' })
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
        )
        .toBeGreaterThan(0)
      await expectNoAxeViolations(page, `${label} px, viewer`)
      // The viewer's buttons are thumb-sized.
      for (const name of ['Close', 'Previous file', 'Next file', 'Download']) {
        const box = await viewer.getByRole('button', { name }).boundingBox()
        expect(box?.height, name).toBeGreaterThanOrEqual(44)
      }
    })
  }
})
