import { createReadyOrg, signUpUser } from './support/api.ts'
import { freshEmail } from './support/mail.ts'
import { expect, test } from './support/fixtures.ts'

test.describe('chunk loading', () => {
  // With the service worker in control, chunks come from its precache and never reach page.route. Without
  // it, as on a first visit, they are fetched from the server, which is where a release removes them.
  test.use({ serviceWorkers: 'block' })

  test('a route chunk the server no longer has shows Loading chunk … failed., and Reload recovers', async ({
    page,
    loginPage,
    signupPage,
    routeErrorPage,
  }) => {
    // The signup screen's chunk, content hash and all (/assets/signup-CJW2rOs0.js), as a release that
    // replaced it leaves it: the server answers 404.
    const signupChunk = /\/assets\/signup-[\w-]{8}\.js$/
    const refused: string[] = []
    await page.route(signupChunk, async (route) => {
      refused.push(new URL(route.request().url()).pathname)
      await route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":"not_found"}' })
    })

    await loginPage.goto()
    await expect(loginPage.heading).toBeVisible()
    await page.getByRole('link', { name: 'Sign up' }).click()

    await expect(routeErrorPage.heading).toBeVisible()
    await expect(routeErrorPage.summary).toHaveText('Loading chunk signup failed.')
    await expect(page.getByRole('alert')).toContainText('ChunkLoadError: Loading chunk signup failed.')
    expect(refused.length).toBeGreaterThan(0)
    expect(refused.every((path) => signupChunk.test(path))).toBe(true)

    // The server has the chunk again (a reload brings the page in line with the release): Reload shows
    // the screen.
    await page.unroute(signupChunk)
    await routeErrorPage.reload.click()
    await expect(signupPage.heading).toBeVisible()
    await expect(page).toHaveURL(/\/signup$/)
  })
  test('the transfer panel chunk failing offline leaves the screen as it is, and loads once back online', async ({
    page,
    context,
    layout,
    fileList,
    routeErrorPage,
  }) => {
    const email = freshEmail('panel-chunk')
    const sessionKey = await signUpUser(email)
    await createReadyOrg(sessionKey, `Panel Org ${email}`, 'Panel Volume')
    const panelChunk = /\/assets\/TransferPanelView-[\w-]{8}\.js$/
    const refused = new Promise<void>((resolve) => {
      void page.route(panelChunk, async (route) => {
        await route.abort('internetdisconnected')
        resolve()
      })
    })
    await layout.useSession(sessionKey)
    await fileList.goto('Panel Volume', '/')
    // The panel's code is asked for once the screen has painted, and the network drops it.
    await refused
    await expect(fileList.grid).toBeVisible()
    await expect(routeErrorPage.heading).toHaveCount(0)

    // The network comes back: the panel's code is asked for again (at once when the browser reports it
    // back online, else after a few seconds), and arrives.
    await page.unroute(panelChunk)
    const loaded = page.waitForResponse((response) => panelChunk.test(new URL(response.url()).pathname), {
      timeout: 20_000,
    })
    await context.setOffline(true)
    await context.setOffline(false)
    expect((await loaded).status()).toBe(200)
    await expect(fileList.grid).toBeVisible()
    await expect(routeErrorPage.heading).toHaveCount(0)
  })
})
