// The transfer panel across navigation: an upload started on the upload screen goes on while the user moves
// to a listing, where the panel shows its overall bar and the file's bar growing to the end, and opens the
// upload screen again; a download shows there too. The links are throttled (Chromium's network emulation)
// so that the transfers are still on their way when the test looks.
import AxeBuilder from '@axe-core/playwright'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { createReadyOrg, listGrants, putFile, signUpUser, type GrantAccess } from './support/api.ts'
import { expect, test } from './support/fixtures.ts'
import { freshEmail } from './support/mail.ts'
import { pickFromOrigin } from './support/originFiles.ts'

const GRANT = 'Panel Volume'
const MiB = 1024 * 1024

let access: GrantAccess
let workDir: string

test.beforeAll(async () => {
  const email = freshEmail('panel')
  const sessionKey = await signUpUser(email)
  const orgId = await createReadyOrg(sessionKey, `Panel Org ${email}`, GRANT)
  const grant = (await listGrants(sessionKey, orgId)).find((each) => each.grant_name === GRANT)
  if (!grant) throw new Error('the new volume came without its container')
  access = { sessionKey, orgId, grantId: grant.media_grant_id }
  await putFile(access, '/Big/large.bin', randomBytes(6 * MiB))
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-console-panel-'))
})

test.afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }))

test.beforeEach(async ({ layout }) => {
  await layout.useSession(access.sessionKey)
})

/** Limits the page's link to `bytesPerSecond` each way (its transfer workers' requests included). */
async function throttle(page: Page, bytesPerSecond: number) {
  // Once the service worker holds the app's files: a screen opened later loads at full speed.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  })
}

/** axe's WCAG A/AA rules find nothing in the panel, in either colour scheme. */
async function expectAccessible(page: Page) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    const results = await new AxeBuilder({ page })
      .include('.transfer-panel')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze()
    expect(results.violations.map((violation) => `${colorScheme}: ${violation.id}`)).toEqual([])
  }
}

async function valueOf(bar: Locator): Promise<number> {
  return Number(await bar.getAttribute('aria-valuenow'))
}

/** The bar's value now, once it has left 0, and then that it grows past it. */
async function expectGrowing(bar: Locator) {
  await expect.poll(() => valueOf(bar), { timeout: 20_000 }).toBeGreaterThan(0)
  const first = await valueOf(bar)
  await expect.poll(() => valueOf(bar), { timeout: 20_000 }).toBeGreaterThan(first)
}

test('an upload shows in the panel on another screen, to its end, and the panel opens the upload screen', async ({
  page,
  layout,
  uploadPage,
}) => {
  test.setTimeout(90_000)
  const file = path.join(fs.mkdtempSync(path.join(workDir, 'up-')), 'panel.bin')
  fs.writeFileSync(file, randomBytes(24 * MiB))
  await uploadPage.useFileInputs()
  await uploadPage.goto(GRANT, '/Panel/')
  await throttle(page, 3 * MiB)
  await uploadPage.pickFiles(file)
  await uploadPage.startUpload.click()
  await expect(uploadPage.summary).toHaveText('Running')
  // The upload screen shows the queue itself: the panel leaves it out there.
  await expect(page.getByRole('region', { name: 'Transfers' })).toHaveCount(0)

  // In the app, not a new page load: the queue lives in this page.
  await layout.navLink(GRANT).click()
  await expect(page).toHaveURL(new RegExp(`/home/${encodeURIComponent(GRANT)}/$`))
  const panel = page.getByRole('region', { name: 'Transfers' })
  await expect(panel).toBeVisible()
  const overall = panel.getByRole('progressbar', { name: 'Uploads overall' })
  const fileBar = panel.getByRole('progressbar', { name: 'panel.bin progress' })
  await expect(overall).toBeVisible()
  await expect(fileBar).toBeVisible()
  await expect(panel.getByText(/ of 24.0 MB/)).toBeVisible()
  await expectGrowing(fileBar)

  // Collapsed to its line, the overall bar of all transfers stays; expanded again, the details come back.
  const toggle = panel.getByRole('button', { name: 'Transfer details' })
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(fileBar).toBeHidden()
  await expect(panel.getByRole('progressbar', { name: 'All transfers' })).toBeVisible()
  await toggle.click()
  await expect(fileBar).toBeVisible()
  // The speed and time left, once measured.
  await expect(panel.getByText(/MB\/s · .* left$/)).toBeVisible()

  await expect(fileBar).toHaveAttribute('aria-valuenow', '100', { timeout: 45_000 })
  await expect(overall).toHaveAttribute('aria-valuenow', '100')
  await expect(panel.locator('[data-queue="uploads"]')).toContainText('Success')
  await expect(panel.getByText('24.0 MB of 24.0 MB')).toBeVisible()
  await expectAccessible(page)

  await panel.getByRole('link', { name: 'Open Uploads' }).click()
  await expect(page).toHaveURL(new RegExp(`/upload/${encodeURIComponent(GRANT)}/Panel/$`))
  await expect(uploadPage.summary).toHaveText('Success')
  await expect(uploadPage.uploads.getByRole('progressbar', { name: 'panel.bin progress' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  )

  // Over, the upload stays in the panel on other screens until dismissed.
  await layout.navLink(GRANT).click()
  await expect(panel.locator('[data-queue="uploads"]')).toContainText('Success')
  await panel.getByRole('button', { name: 'Dismiss' }).click()
  await expect(panel).toHaveCount(0)
})

test('a download shows in the panel on another screen, and the panel opens the download screen', async ({
  page,
  layout,
  fileList,
  downloadPage,
}) => {
  await pickFromOrigin(page, 'panel')
  await fileList.goto(GRANT)
  await fileList.select('Big')
  await fileList.download.click()
  await expect(downloadPage.collected.locator('tbody tr')).toHaveCount(1)
  await throttle(page, MiB)
  await downloadPage.downloadAll.click()
  await expect(downloadPage.statusOf('Big/large.bin')).toHaveText(/^\d+%$/, { timeout: 20_000 })

  await layout.navLink(GRANT).click()
  await expect(page).toHaveURL(new RegExp(`/home/${encodeURIComponent(GRANT)}/$`))
  const panel = page.getByRole('region', { name: 'Transfers' })
  await expect(panel.getByRole('progressbar', { name: 'Downloads overall' })).toBeVisible()
  await expectGrowing(panel.getByRole('progressbar', { name: 'Big/large.bin progress' }))

  await panel.getByRole('link', { name: 'Open Downloads' }).click()
  await expect(page).toHaveURL(new RegExp(`/download/${encodeURIComponent(GRANT)}/$`))
  await expect(downloadPage.downloads).toBeVisible()
  await expect(downloadPage.status).toHaveText('Success', { timeout: 30_000 })
})
