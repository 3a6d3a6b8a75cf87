// A new deployment while a tab is open: the tab notices it on a navigation, offers the new version, and with
// an upload running, Reload waits for the upload to finish and then brings the new version up by itself. The
// spec's server serves a copy of the build (APP_DIR); deploying is writing a new service worker into it, as a
// new build does, so the browser finds a changed /sw.js when the console looks.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { NAVIGATION_CHECK_MIN_INTERVAL_MS } from '../src/app/updateSchedule.ts'
import { ConsoleStatus } from './pages/ConsoleStatus.ts'
import { createReadyOrg, listGrants, readStoredFile, signUpUser, type GrantAccess } from './support/api.ts'
import { expect, test as base } from './support/fixtures.ts'
import { controlledByServiceWorker } from './support/keptAnswers.ts'
import { freshEmail } from './support/mail.ts'
import { ownServer, type ProductServer } from './support/server.ts'

const GRANT = 'Update Volume'
const BUILT_APP = path.resolve(import.meta.dirname, '../dist/app')

const test = base.extend<object, { appDir: string; server: ProductServer }>({
  appDir: [
    async ({}, use) => {
      // The shared server's start has built the app (npm start builds a stale build first).
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-console-deployed-'))
      fs.cpSync(BUILT_APP, dir, { recursive: true })
      await use(dir)
      fs.rmSync(dir, { recursive: true, force: true })
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ appDir }, use) => ownServer({ logName: 'e2e-update-server.log', env: { APP_DIR: appDir } }, use),
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => use(server.baseUrl),
})

/** A new build of the service worker, as a deployment brings: the same app with a changed /sw.js. */
function deployNewVersion(appDir: string): void {
  const worker = path.join(appDir, 'sw.js')
  fs.appendFileSync(worker, `\n// deployment of ${new Date().toISOString()}\n`)
  // The server sends the precompressed copies first: they go, so that the new file is what it sends.
  for (const copy of ['.br', '.gz']) fs.rmSync(`${worker}${copy}`, { force: true })
}

/** Whether a new version of the service worker is installed and waiting to take over. */
function newVersionWaits(page: Page): Promise<boolean> {
  return page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))
}

test('a new deployment is offered on navigation, and Reload waits for a running upload, then brings it up', async ({
  page,
  appDir,
  layout,
  uploadPage,
  homePage,
  fileList,
}, testInfo) => {
  test.setTimeout(120_000)
  const email = freshEmail('update')
  const sessionKey = await signUpUser(email)
  const orgId = await createReadyOrg(sessionKey, `Update Org ${email}`, GRANT)
  const grant = (await listGrants(sessionKey, orgId)).find((each) => each.grant_name === GRANT)
  if (!grant) throw new Error('the new volume came without its container')
  const access: GrantAccess = { sessionKey, orgId, grantId: grant.media_grant_id }
  await layout.useSession(sessionKey)
  await uploadPage.useFileInputs()
  const status = new ConsoleStatus(page)
  // Time flows as usual, and jumps where the test says.
  await page.clock.install()

  await homePage.goto()
  await expect(homePage.heading).toBeVisible()
  await controlledByServiceWorker(page)
  await expect(status.updateBanner).toHaveCount(0)

  deployNewVersion(appDir)
  // The tab looks again on its next navigation a minute on: it finds the new worker, which installs and waits.
  await page.clock.fastForward(NAVIGATION_CHECK_MIN_INTERVAL_MS)
  await homePage.containers.filter({ hasText: GRANT }).click()
  await expect(status.updateBanner).toContainText('A new version is available.', { timeout: 30_000 })
  expect(await newVersionWaits(page)).toBe(true)

  // An upload whose bytes are held on the way: the server stores them once they are let through.
  const held: Array<() => void> = []
  await page.context().route(
    (url) => url.pathname.startsWith('/storage/') || /\/upload\/\d+\//.test(url.pathname),
    (route) =>
      route.request().method() === 'PUT' ? held.push(() => void route.continue()) : route.continue(),
  )
  const file = testInfo.outputPath('sent-before-the-update.txt')
  fs.writeFileSync(file, 'sent while a new version waited')
  // On to the upload screen within the console: a reload now would take the new version at once.
  await fileList.upload.click()
  await uploadPage.pickFiles(file)
  await uploadPage.startUpload.click()
  await expect.poll(() => held.length).toBeGreaterThan(0)
  await expect(status.updateBanner).toContainText('1 transfer is running: Reload waits for them to finish.')

  let loads = 0
  page.on('load', () => loads++)
  await status.reload.click()
  await expect(status.updateBanner).toContainText('The new version loads when the transfers finish')
  await expect(status.reloadNow).toBeVisible()
  expect(loads).toBe(0)

  held.splice(0).forEach((send) => send())
  await expect.poll(() => loads, { timeout: 30_000 }).toBe(1)
  await controlledByServiceWorker(page)
  expect(await newVersionWaits(page)).toBe(false)
  await expect(status.updateBanner).toHaveCount(0)
  expect((await readStoredFile(access, '/sent-before-the-update.txt')).toString()).toBe(
    'sent while a new version waited',
  )
})
