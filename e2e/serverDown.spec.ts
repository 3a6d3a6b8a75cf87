// The console with its server down while the browser still says it is online: a signed-in deep link reloaded
// then says within 3 s that the server cannot be reached, with the last data its session had, and recovers
// by itself once the server answers again, without a reload. A session with no saved answers of its own
// waits on /loading as the spec says, with the same line saying why. The spec stops and starts a server of
// its own, so the other specs never see theirs go away.
import type { Page } from '@playwright/test'
import { ConsoleStatus } from './pages/ConsoleStatus.ts'
import type { FileListPage } from './pages/FileListPage.ts'
import type { LoginPage } from './pages/LoginPage.ts'
import { createReadyOrg, listGrants, putFile, signUpUser, type GrantAccess } from './support/api.ts'
import { expect, test as base } from './support/fixtures.ts'
import { controlledByServiceWorker, keptAnswersHold } from './support/keptAnswers.ts'
import { freshEmail } from './support/mail.ts'
import { ownServer, type ProductServer } from './support/server.ts'

const GRANT = 'Down Volume'
/** The goal of the reload: the user knows within this time, and sees the last data. */
const NOTICE_MS = 3_000
/** Starting the server again (npm start), then the console's next question to it, 5 s apart, and a refetch. */
const RECOVERY_MS = 20_000

const test = base.extend<object, { server: ProductServer }>({
  server: [async ({}, use) => ownServer({ logName: 'e2e-server-down.log' }, use), { scope: 'worker' }],
  baseURL: async ({ server }, use) => use(server.baseUrl),
})

/** Stops the server while the body runs, and starts it again after, whatever the body did. */
async function whileDown(server: ProductServer, body: () => Promise<void>): Promise<void> {
  await server.stop()
  try {
    await body()
  } finally {
    await server.start()
  }
}

interface SignIn {
  page: Page
  loginPage: LoginPage
  fileList: FileListPage
}

function readSessionKey(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('local-state-session_key'))
}

test.describe('the server down while the browser is online', () => {
  // Stopping and starting npm start twice on a busy machine takes a while.
  test.describe.configure({ timeout: 120_000 })

  let email: string
  let apiKey: string
  let access: GrantAccess

  test.beforeEach(async ({ server }) => {
    // Made through this spec's own server, the one the browser talks to.
    expect(process.env.E2E_BASE_URL).toBe(server.baseUrl)
    email = freshEmail('server-down')
    apiKey = await signUpUser(email)
    const orgId = await createReadyOrg(apiKey, `Server Down Org ${email}`, GRANT)
    const grant = (await listGrants(apiKey, orgId)).find((each) => each.grant_name === GRANT)
    if (!grant) throw new Error('the new volume came without its container')
    access = { sessionKey: apiKey, orgId, grantId: grant.media_grant_id }
    await putFile(access, '/kept.txt', 'seen before the server went down')
  })

  /** Signs in from the deep link, as a user would, and waits until its listing is kept; the status line. */
  async function signInToListing({ page, loginPage, fileList }: SignIn): Promise<ConsoleStatus> {
    await fileList.goto(GRANT, '/')
    await expect(loginPage.heading).toBeVisible()
    await loginPage.signInAs(email)
    await expect(page).toHaveURL(/\/home\/Down%20Volume\/$/)
    await expect(fileList.row('kept.txt')).toBeVisible()
    await controlledByServiceWorker(page)
    await expect.poll(() => keptAnswersHold(page, 'kept.txt')).toBe(true)
    return new ConsoleStatus(page)
  }

  test('a deep link reloaded with the server down shows the last data and says so, then recovers', async ({
    page,
    server,
    loginPage,
    fileList,
  }) => {
    const status = await signInToListing({ page, loginPage, fileList })
    await expect(status.serverUnreachable).toHaveCount(0)

    // Made after the listing was kept: it can show only once the console asks the server again.
    await putFile(access, '/added-while-down.txt', 'new')
    await whileDown(server, async () => {
      const reloadedAt = Date.now()
      await page.reload()
      await expect(status.serverUnreachable).toBeVisible({ timeout: NOTICE_MS })
      await expect(fileList.row('kept.txt')).toBeVisible({ timeout: NOTICE_MS })
      expect(Date.now() - reloadedAt).toBeLessThan(NOTICE_MS)
      await expect(status.serverUnreachable).toContainText(/shows what it loaded at \d{1,2}:\d\d [AP]M/)
      // The browser is online: it is the server, not the network, that the line names.
      await expect(status.offline).toHaveCount(0)
      await expect(page).toHaveURL(/\/home\/Down%20Volume\/$/)
      await expect(page.getByRole('heading', { name: 'Loading…' })).toHaveCount(0)
      await expect(fileList.row('added-while-down.txt')).toHaveCount(0)
    })

    // The server is back: the line goes and the screen refetches by itself, with no reload.
    await expect(status.serverUnreachable).toHaveCount(0, { timeout: RECOVERY_MS })
    await expect(fileList.row('added-while-down.txt')).toBeVisible()
    await expect(fileList.row('kept.txt')).toBeVisible()
  })

  test("another session's saved answers are not shown: it waits on /loading, says why, and goes on", async ({
    page,
    server,
    loginPage,
    fileList,
  }) => {
    const status = await signInToListing({ page, loginPage, fileList })
    const browserKey = await readSessionKey(page)
    expect(browserKey).toBeTruthy()
    expect(browserKey).not.toBe(JSON.stringify(apiKey))

    await whileDown(server, async () => {
      // The same user under the session made through the API: the answers kept belong to the other one.
      await page.evaluate(
        (key) => localStorage.setItem('local-state-session_key', JSON.stringify(key)),
        apiKey,
      )
      await page.reload()
      await expect(status.serverUnreachable).toBeVisible({ timeout: NOTICE_MS })
      await expect(page).toHaveURL(/\/loading\?/)
      await expect(page.getByRole('heading', { name: 'Loading…' })).toBeVisible()
      await expect(fileList.row('kept.txt')).toHaveCount(0)
    })

    // /loading verifies the session with the server back, and returns to the deep link.
    await expect(page).toHaveURL(/\/home\/Down%20Volume\/$/, { timeout: RECOVERY_MS })
    await expect(fileList.row('kept.txt')).toBeVisible()
    await expect(status.serverUnreachable).toHaveCount(0)
  })
})
