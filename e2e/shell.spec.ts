import { expect, test } from './support/fixtures.ts'

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

  test('the document carries the security headers', async ({ page }) => {
    const response = await page.goto('/')
    const headers = response?.headers() ?? {}
    expect(headers['referrer-policy']).toBe('no-referrer')
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'")
  })
})
