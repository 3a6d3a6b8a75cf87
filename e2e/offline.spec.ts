// The console without a network, and a new deployment reaching an open tab: a signed-in deep link reloaded
// offline shows that it is offline with the last data it had, and recovers by itself; a new service worker is
// looked for on navigation.
import fs from 'node:fs'
import { NAVIGATION_CHECK_MIN_INTERVAL_MS } from '../src/app/updateSchedule.ts'
import { ConsoleStatus } from './pages/ConsoleStatus.ts'
import { createReadyOrg, listGrants, putFile, signUpUser, type GrantAccess } from './support/api.ts'
import { controlledByServiceWorker, keptAnswersHold } from './support/keptAnswers.ts'
import { freshEmail } from './support/mail.ts'
import { expect, test } from './support/fixtures.ts'

const GRANT = 'Offline Volume'
/** The goal of the offline reload: the user knows within this time, and sees the last data. */
const OFFLINE_NOTICE_MS = 3_000

test.describe('offline and updates', () => {
  let access: GrantAccess

  test.beforeAll(async () => {
    const email = freshEmail('offline')
    const sessionKey = await signUpUser(email)
    const orgId = await createReadyOrg(sessionKey, `Offline Org ${email}`, GRANT)
    const grant = (await listGrants(sessionKey, orgId)).find((each) => each.grant_name === GRANT)
    if (!grant) throw new Error('the new volume came without its container')
    access = { sessionKey, orgId, grantId: grant.media_grant_id }
    await putFile(access, '/kept.txt', 'seen before going offline')
  })

  test.beforeEach(async ({ layout }) => {
    await layout.useSession(access.sessionKey)
  })

  test('a deep link reloaded offline shows the last data and says so, then recovers online', async ({
    page,
    context,
    fileList,
  }) => {
    const status = new ConsoleStatus(page)
    await fileList.goto(GRANT, '/')
    await expect(fileList.row('kept.txt')).toBeVisible()
    await expect(status.offline).toHaveCount(0)
    await controlledByServiceWorker(page)
    await expect.poll(() => keptAnswersHold(page, 'kept.txt')).toBe(true)

    // Made while the tab is offline: it can show only once the console refetches.
    await putFile(access, '/added-while-offline.txt', 'new')
    await context.setOffline(true)
    try {
      const reloadedAt = Date.now()
      await page.reload()
      await expect(status.offline).toBeVisible({ timeout: OFFLINE_NOTICE_MS })
      await expect(fileList.row('kept.txt')).toBeVisible({ timeout: OFFLINE_NOTICE_MS })
      expect(Date.now() - reloadedAt).toBeLessThan(OFFLINE_NOTICE_MS)
      await expect(status.offline).toContainText(/shows what it loaded at \d{1,2}:\d\d [AP]M/)
      await expect(page.getByRole('heading', { name: 'Loading…' })).toHaveCount(0)
      await expect(fileList.row('added-while-offline.txt')).toHaveCount(0)
    } finally {
      await context.setOffline(false)
    }

    // Back online: the status goes away and the screen refetches by itself, with no reload.
    await expect(status.offline).toHaveCount(0)
    await expect(fileList.row('added-while-offline.txt')).toBeVisible()
    await expect(fileList.row('kept.txt')).toBeVisible()
  })

  test('an open tab looks for a new deployment when it navigates', async ({ page, homePage }) => {
    const status = new ConsoleStatus(page)
    // Counts the checks (registration.update()) the console makes; the browser's own fetch of /sw.js is
    // not seen by the page, so the count is taken where the console asks.
    await page.addInitScript(() => {
      const win = window as Window & { updateChecks?: number }
      win.updateChecks = 0
      const update = ServiceWorkerRegistration.prototype.update
      ServiceWorkerRegistration.prototype.update = function (this: ServiceWorkerRegistration) {
        win.updateChecks = (win.updateChecks ?? 0) + 1
        return update.call(this)
      }
    })
    const checks = () => page.evaluate(() => (window as Window & { updateChecks?: number }).updateChecks ?? 0)
    // Time flows as usual, and jumps where the test says.
    await page.clock.install()

    await homePage.goto()
    await expect(homePage.heading).toBeVisible()
    await controlledByServiceWorker(page)
    // Loading fetched /sw.js already: a navigation right after asks nothing.
    const before = await checks()
    await homePage.containers.filter({ hasText: GRANT }).click()
    await expect(page).toHaveURL(/\/home\/Offline%20Volume\/$/)
    expect(await checks()).toBe(before)

    // A minute later, the next navigation checks.
    await page.clock.fastForward(NAVIGATION_CHECK_MIN_INTERVAL_MS)
    await page.goBack()
    await expect(homePage.heading).toBeVisible()
    await expect.poll(checks).toBe(before + 1)
    // Nothing new was deployed: nothing is offered.
    await expect(status.updateBanner).toHaveCount(0)
  })

  test('uploads waiting on the network say so, and go on when it is back', async ({
    context,
    uploadPage,
  }, testInfo) => {
    await uploadPage.useFileInputs()
    const file = testInfo.outputPath('sent-when-online.txt')
    fs.writeFileSync(file, 'sent once the network is back')
    await uploadPage.goto(GRANT, '/')
    await uploadPage.pickFiles(file)
    await expect(uploadPage.waitingForNetwork).toHaveCount(0)
    await context.setOffline(true)
    try {
      await uploadPage.startUpload.click()
      await expect(uploadPage.waitingForNetwork).toBeVisible()
    } finally {
      await context.setOffline(false)
    }
    await expect(uploadPage.waitingForNetwork).toHaveCount(0)
    await expect(uploadPage.summary).toHaveText('Success', { timeout: 30_000 })
  })

  // Last: signing out ends the session the tests above share.
  test('going offline on an open screen says so and keeps it; signing out forgets the kept answers', async ({
    page,
    context,
    fileList,
  }) => {
    const status = new ConsoleStatus(page)
    await fileList.goto(GRANT, '/')
    await expect(fileList.row('kept.txt')).toBeVisible()
    await context.setOffline(true)
    await expect(status.offline).toBeVisible()
    await expect(status.offline).toContainText('shows what it last loaded')
    await expect(fileList.row('kept.txt')).toBeVisible()
    await context.setOffline(false)
    await expect(status.offline).toHaveCount(0)

    await expect.poll(() => keptAnswersHold(page, 'kept.txt')).toBe(true)
    await page.goto('/logout')
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible()
    await expect.poll(() => keptAnswersHold(page, 'kept.txt')).toBe(false)
  })
})
