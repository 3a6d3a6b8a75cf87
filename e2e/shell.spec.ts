import { expect, test } from './support/fixtures.ts'

test.describe('app shell', () => {
  test('the root page shows the plans the server lists', async ({ rootPage, consoleErrors }) => {
    await rootPage.goto()
    await expect(rootPage.planCards).toHaveCount(4)
    for (const [name, price] of [
      ['Starter', '$49.00 / month'],
      ['Pro', '$99.00 / month'],
      ['Business', '$299.00 / month'],
      ['Enterprise', 'Custom'],
    ]) {
      await expect(rootPage.planCard(name as string)).toContainText(price as string)
    }
    await expect(rootPage.planCard('Starter')).toContainText('2 users, 2 devices, 1 TB')
    // The content security policy lets the app run: nothing was refused.
    expect(consoleErrors).toEqual([])
  })

  test('an unknown path shows Page not found, and Go Home leads to /', async ({ page, notFoundPage }) => {
    const response = await page.goto('/no/such/page')
    expect(response?.status()).toBe(200)
    await expect(notFoundPage.heading).toBeVisible()
    await notFoundPage.goHome.click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('heading', { name: 'Plans' })).toBeVisible()
  })

  test('the version label shows 1.0.173 and the dev environment of a local port', async ({ page, frame }) => {
    await page.goto('/')
    await expect(frame.versionLabel).toHaveText(/^v1\.0\.173\s*dev$/)
  })

  test('the logo links to /', async ({ page, frame, notFoundPage }) => {
    await page.goto('/somewhere/else')
    await expect(notFoundPage.heading).toBeVisible()
    await frame.logo.click()
    await expect(page).toHaveURL(/\/$/)
  })

  test('the document carries the security headers', async ({ page }) => {
    const response = await page.goto('/')
    const headers = response?.headers() ?? {}
    expect(headers['referrer-policy']).toBe('no-referrer')
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'")
  })
})
