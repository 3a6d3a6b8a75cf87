import { signUpReadyAdmin } from './support/api.ts'
import { expect, test } from './support/fixtures.ts'

/**
 * The calls the signed-in area's guard makes first, which index.html asks for before the app has loaded, and
 * those the screens' loaders make next: the containers list of Home and a listing, an admin's list of every
 * container on Home, and a listing's directory.
 */
const FIRST_CALLS =
  /^\/(api\/1\/(config|user\/current)|(web|org_admin)\/1\/org\/\d+\/media_grant(\/\d+\/dir)?)$/
const EARLY_GRANT = 'Early Volume'

test.describe('app shell', () => {
  test('the root sends a visitor without a session to the login', async ({
    page,
    loginPage,
    consoleErrors,
  }) => {
    await page.goto('/')
    await expect(page).toHaveURL(/\/login$/)
    await expect(loginPage.heading).toBeVisible()
    await expect(loginPage.email).toBeVisible()
    // The content security policy lets the app run: nothing was refused.
    expect(consoleErrors).toEqual([])
  })

  test('an unknown path shows Page not found, and Go Home leads to /', async ({
    page,
    notFoundPage,
    loginPage,
  }) => {
    const response = await page.goto('/no/such/page')
    expect(response?.status()).toBe(200)
    await expect(notFoundPage.heading).toBeVisible()
    await notFoundPage.goHome.click()
    // / itself sends a visitor without a session on to the login.
    await expect(page).toHaveURL(/\/login$/)
    await expect(loginPage.heading).toBeVisible()
  })

  test('the version label shows 1.0.173 and the dev environment of a local port', async ({ page, frame }) => {
    await page.goto('/login')
    await expect(frame.versionLabel).toHaveText(/^v1\.0\.173\s*dev$/)
  })

  test('the logo links to /', async ({ page, frame, notFoundPage }) => {
    await page.goto('/somewhere/else')
    await expect(notFoundPage.heading).toBeVisible()
    await frame.logo.click()
    await expect(page).toHaveURL(/\/login$/)
  })

  const sessionCalls = ['/api/1/config', '/api/1/user/current', '/web/1/org/N/media_grant']
  for (const [screen, firstCalls] of [
    // The user made the organization: an admin, whose Home lists every container.
    ['/home', [...sessionCalls, '/org_admin/1/org/N/media_grant']],
    [`/home/${encodeURIComponent(EARLY_GRANT)}/`, [...sessionCalls, '/web/1/org/N/media_grant/N/dir']],
  ] as const) {
    test(`a signed-in load of ${screen} takes the first answers index.html asked for, asking nothing twice`, async ({
      page,
      layout,
      consoleErrors,
    }) => {
      const { sessionKey } = await signUpReadyAdmin('early-answers', 'Early Org', EARLY_GRANT)
      await layout.useSession(sessionKey)
      const calls: string[] = []
      page.on('request', (request) => {
        const { pathname } = new URL(request.url())
        if (FIRST_CALLS.test(pathname)) calls.push(pathname.replace(/(org|media_grant)\/\d+/g, '$1/N'))
      })
      await page.goto(screen)
      await expect(page.getByRole('link', { name: EARLY_GRANT, exact: true }).first()).toBeVisible()
      // The inline script ran (the content security policy allows it by its hash), and the app took every
      // answer it asked for: the config and the current user.
      expect(consoleErrors).toEqual([])
      const left = () =>
        page.evaluate(
          () =>
            (
              Reflect.get(window, '__mediaConsoleEarlyAnswers') as
                { answers: Map<string, unknown> } | undefined
            )?.answers.size,
        )
      await expect.poll(left).toBe(0)
      // The screen's own calls follow as its loader and components make them (an admin's list of every
      // container once the held ones show): each of them once.
      await expect.poll(() => [...calls].sort()).toEqual([...firstCalls].sort())
    })
  }

  test('the document carries the security headers', async ({ page }) => {
    const response = await page.goto('/')
    const headers = response?.headers() ?? {}
    expect(headers['referrer-policy']).toBe('no-referrer')
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'")
  })
})
