import { createReadyOrg, signUpUser } from './support/api.ts'
import { freshEmail } from './support/mail.ts'
import { expect, test } from './support/fixtures.ts'

test.describe('layout', () => {
  let sessionKey: string
  test.beforeAll(async () => {
    const email = freshEmail('layout')
    sessionKey = await signUpUser(email)
    await createReadyOrg(sessionKey, `Layout Org ${email}`, 'Layout Volume')
  })

  test('at 375 px: the top bar shows, and the sidebar opens over the page', async ({
    page,
    layout,
    homePage,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    await layout.useSession(sessionKey)
    await homePage.goto()
    await expect(homePage.heading).toBeVisible()
    await expect(layout.topBar).toBeVisible()
    expect((await layout.topBar.boundingBox())?.height).toBe(96) // 6rem
    await expect(layout.sidebar).toBeHidden()

    await layout.menuButton.click()
    await expect(layout.sidebar).toBeVisible()
    // An overlay: fixed above the page, which keeps its full width beneath it.
    expect(await layout.sidebar.evaluate((element) => getComputedStyle(element).position)).toBe('fixed')
    const main = await page.locator('.layout-main').boundingBox()
    expect(main?.x).toBe(0)
    expect(main?.width).toBe(375)

    // Following a link closes the overlay.
    await layout.accountCard.click()
    await expect(page).toHaveURL(/\/account$/)
    await expect(layout.sidebar).toBeHidden()
  })

  test('an unknown path shows Page not found inside the layout, the sidebar kept; Go Home leads home', async ({
    page,
    layout,
    homePage,
    notFoundPage,
    consoleErrors,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await layout.useSession(sessionKey)
    for (const path of ['/devices', '/orgs', '/nope']) {
      await page.goto(path)
      await expect(notFoundPage.heading, path).toBeVisible()
      await expect(layout.sidebar).toBeVisible()
      await expect(layout.accountCard).toBeVisible()
    }
    // Reached from inside the app too: the sidebar leads on from it.
    await layout.navLink('Home').click()
    await expect(homePage.heading).toBeVisible()
    await page.goto('/nope')
    await notFoundPage.goHome.click()
    await expect(page).toHaveURL(/\/home\/?$/)
    await expect(homePage.heading).toBeVisible()
    expect(consoleErrors).toEqual([])
  })

  test('at 1280 px: no top bar, the sidebar beside the page, collapsed state remembered', async ({
    page,
    layout,
    homePage,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await layout.useSession(sessionKey)
    await homePage.goto()
    await expect(homePage.heading).toBeVisible()
    await expect(layout.topBar).toBeHidden()
    await expect(layout.sidebar).toBeVisible()
    const sidebar = await layout.sidebar.boundingBox()
    const main = await page.locator('.layout-main').boundingBox()
    expect(main?.x).toBeGreaterThanOrEqual((sidebar?.x ?? 0) + (sidebar?.width ?? 0))

    await layout.collapse.click()
    // Collapsed, the entries are icons: their names are for screen readers only.
    await expect(layout.navLink('Home').locator('.nav-label')).not.toBeInViewport()
    await page.reload()
    await expect(layout.expand).toBeVisible()
    await layout.expand.click()
    await expect(layout.navLink('Home').locator('.nav-label')).toBeInViewport()
  })
})
