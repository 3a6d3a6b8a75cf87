// Where focus and the title go, as a keyboard or screen-reader user meets them: a title per screen, focus
// on the new screen's heading after a route change (not on the first load), the skip link, the modal menu
// of narrow screens, the collapsed sidebar's icons, and the arrow keys in the file listing.
import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { createReadyOrg, listGrants, putFile, signUpUser, type GrantAccess } from './support/api.ts'
import { freshEmail } from './support/mail.ts'
import { expect, test } from './support/fixtures.ts'

const GRANT = 'Focus Volume'

/** Whether the focused element is inside the element `selector` finds. */
function focusInside(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((within) => document.activeElement?.closest(within) != null, selector)
}

test.describe('focus and titles', () => {
  let access: GrantAccess

  test.beforeAll(async () => {
    const email = freshEmail('focus')
    const sessionKey = await signUpUser(email)
    const orgId = await createReadyOrg(sessionKey, `Focus Org ${email}`, GRANT)
    const grant = (await listGrants(sessionKey, orgId)).find((each) => each.grant_name === GRANT)
    if (!grant) throw new Error('the new volume came without its container')
    access = { sessionKey, orgId, grantId: grant.media_grant_id }
    for (const name of ['a.txt', 'b.txt', 'c.txt']) await putFile(access, `/${name}`, `words of ${name}`)
  })

  test.beforeEach(async ({ page, layout }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await layout.useSession(access.sessionKey)
  })

  test('each screen has its title, and a route change moves focus to its heading', async ({
    page,
    homePage,
    accountPage,
    layout,
    fileList,
  }) => {
    await homePage.goto()
    await expect(page).toHaveTitle('Home · Media Console')
    // The first load leaves focus where the browser puts it: the start of the page.
    await expect(homePage.heading).not.toBeFocused()

    await layout.accountCard.click()
    await expect(page).toHaveTitle('Account · Media Console')
    await expect(accountPage.heading).toBeFocused()

    await layout.navLink('Home').click()
    await expect(homePage.heading).toBeFocused()
    await homePage.containers.filter({ hasText: GRANT }).click()
    await expect(fileList.names.first()).toBeVisible()
    await expect(page).toHaveTitle(`${GRANT}/ · Media Console`)
    await expect(page.getByRole('heading', { level: 1, name: `${GRANT}/` })).toBeFocused()
  })

  test('the skip link is the first Tab stop and leads into the page', async ({ page, accountPage }) => {
    await accountPage.goto()
    await expect(accountPage.heading).toBeVisible()
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to content' })
    await expect(skip).toBeFocused()
    await expect(skip).toBeInViewport()
    await page.keyboard.press('Enter')
    await expect(accountPage.heading).toBeFocused()
    // The next Tab goes on inside the page, past the sidebar.
    await page.keyboard.press('Tab')
    expect(await focusInside(page, 'main')).toBe(true)
  })

  test('at 375 px the menu holds focus, Escape closes it, focus returns to Menu', async ({
    page,
    layout,
    homePage,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    await homePage.goto()
    await expect(homePage.heading).toBeVisible()
    await layout.menuButton.click()
    await expect(layout.sidebar).toBeVisible()
    expect(await focusInside(page, '#sidebar')).toBe(true)
    // The page behind is out of reach of the keyboard and of screen readers.
    await expect(page.locator('.layout-main')).toHaveAttribute('inert', '')
    await expect(layout.topBar).toHaveAttribute('inert', '')

    const stops = await layout.sidebar.evaluate(
      (nav) =>
        Array.from(nav.querySelectorAll<HTMLElement>('a[href], button, select, input')).filter(
          (element) => element.getClientRects().length > 0,
        ).length,
    )
    for (let press = 0; press < stops + 2; press++) {
      await page.keyboard.press('Tab')
      expect(await focusInside(page, '#sidebar'), `Tab ${press + 1}`).toBe(true)
    }
    for (let press = 0; press < stops + 2; press++) {
      await page.keyboard.press('Shift+Tab')
      expect(await focusInside(page, '#sidebar'), `Shift+Tab ${press + 1}`).toBe(true)
    }

    await page.keyboard.press('Escape')
    await expect(layout.sidebar).toBeHidden()
    await expect(layout.menuButton).toBeFocused()
    await expect(page.locator('.layout-main')).not.toHaveAttribute('inert', '')
  })

  test('the collapsed sidebar shows its entries as named icons', async ({ layout, homePage }) => {
    await homePage.goto()
    await layout.collapse.click()
    const home = layout.navLink('Home')
    await expect(home).toBeVisible()
    await expect(home.locator('svg')).toBeVisible()
    expect((await home.boundingBox())?.width).toBeLessThanOrEqual(48)
    await expect(layout.orgPicker).toBeHidden()
    await layout.expand.click()
    await expect(home).toHaveText('Home')
  })

  test('the arrow keys, Home and End move through the listing; the grid is one tab stop', async ({
    page,
    fileList,
  }) => {
    await fileList.goto(GRANT)
    await expect(fileList.names).toHaveText(['a.txt', 'b.txt', 'c.txt'])
    await expect(fileList.grid.locator('[tabindex="0"]')).toHaveCount(1)
    // Tab from Upload passes the actions disabled with nothing selected (Delete, Undelete, Download) and
    // reaches the grid's one stop: the first entry's name.
    await fileList.upload.focus()
    await page.keyboard.press('Tab')
    await expect(fileList.names.first()).toBeFocused()

    await page.keyboard.press('ArrowDown')
    await expect(fileList.names.nth(1)).toBeFocused()
    await page.keyboard.press('ArrowRight')
    await expect(fileList.rows.nth(1).locator('.cell-size')).toBeFocused()
    await page.keyboard.press('End')
    await expect(fileList.rows.nth(1).locator('.cell-time')).toBeFocused()
    await page.keyboard.press('Home')
    await expect(fileList.rows.nth(1).getByRole('checkbox')).toBeFocused()
    await page.keyboard.press('Control+End')
    await expect(fileList.rows.nth(2).getByRole('checkbox')).toBeFocused()
    await page.keyboard.press('Control+Home')
    await expect(fileList.grid.getByRole('checkbox', { name: 'Select all' })).toBeFocused()
    await page.keyboard.press('ArrowUp')
    await expect(fileList.grid.getByRole('checkbox', { name: 'Select all' })).toBeFocused()
    await expect(fileList.grid.locator('[tabindex="0"]')).toHaveCount(1)
    // Space still works the checkbox in the cell.
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Space')
    await expect(fileList.rows.first().getByRole('checkbox')).toBeChecked()
  })

  test("after Delete, focus goes to the row that takes the deleted one's place", async ({ fileList }) => {
    await putFile(access, '/bb-delete.txt', 'short-lived')
    await fileList.goto(GRANT)
    await expect(fileList.names).toHaveText(['a.txt', 'b.txt', 'bb-delete.txt', 'c.txt'])
    await fileList.select('bb-delete.txt')
    await fileList.deleteButton.click()
    await fileList.confirm('Delete')
    // Active files only (the default filter): the deleted row goes, and the next one is where it was.
    await expect(fileList.names).toHaveText(['a.txt', 'b.txt', 'c.txt'])
    await expect(fileList.row('c.txt').getByRole('checkbox')).toBeFocused()
  })

  test('Remove in the upload list hands focus to the next row; Start Upload keeps it on the page', async ({
    page,
    uploadPage,
  }, testInfo) => {
    const names = ['one.txt', 'two.txt', 'three.txt']
    const files = names.map((name) => {
      const file = testInfo.outputPath(name)
      fs.mkdirSync(path.dirname(file), { recursive: true })
      fs.writeFileSync(file, `words of ${name}`)
      return file
    })
    await uploadPage.useFileInputs()
    // The last test of the file: the uploads land beside the listing's files after its tests ran.
    await uploadPage.goto(GRANT)
    await uploadPage.pickFiles(...files)
    await expect(uploadPage.selection.getByRole('button', { name: /^Remove / })).toHaveCount(3)

    // The rows keep the order of the selection: remove the middle one, and its follower takes the focus.
    const labels = await uploadPage.selection
      .getByRole('button', { name: /^Remove / })
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''))
    const [, middle, last] = labels
    await uploadPage.selection.getByRole('button', { name: middle, exact: true }).focus()
    await page.keyboard.press('Enter')
    await expect(uploadPage.selection.getByRole('button', { name: last, exact: true })).toBeFocused()
    // The last row gone, focus goes to the row now last.
    await page.keyboard.press('Enter')
    await expect(uploadPage.selection.getByRole('button', { name: labels[0], exact: true })).toBeFocused()

    await uploadPage.startUpload.focus()
    await page.keyboard.press('Enter')
    await expect(uploadPage.uploads).toBeVisible()
    expect(await focusInside(page, 'main')).toBe(true)
  })
})

// Signed out, unlike the tests above: signup starts at its e-mail step.
test("each signup step that gives way to the next hands focus to the new step's own heading", async ({
  page,
  loginPage,
  signupPage,
}) => {
  const email = freshEmail('focus-signup')
  const stepHeading = (name: string) => page.getByRole('heading', { name, level: 2, exact: true })
  await signupPage.goto()
  await expect(stepHeading('Confirm your e-mail')).toBeVisible()

  // Each next step loads its data first (the user, then the organization's cards): focus waits for the
  // step's heading rather than settle on the screen's, so a screen reader says which step this is.
  await loginPage.enterCode(await loginPage.requestCode(email))
  await expect(stepHeading('Name your organization')).toBeFocused()

  await signupPage.orgName.fill(`Focus Signup ${email}`)
  await signupPage.createOrg.focus()
  await page.keyboard.press('Enter')
  await expect(stepHeading('Choose a plan')).toBeFocused()
  await expect(signupPage.heading).not.toBeFocused()

  await page.getByRole('button', { name: 'Choose Starter' }).focus()
  await page.keyboard.press('Enter')
  await expect(stepHeading('Confirm your plan and add a card')).toBeFocused()

  // The card saves the plan, then the volumes load: focus passes through the saving step and waits out
  // the loading for the volume step's heading, not its field.
  await signupPage.cardNumber.fill('4242 4242 4242 4242')
  await signupPage.expiry.fill('12/34')
  await signupPage.cvc.fill('123')
  await signupPage.addCard.focus()
  await page.keyboard.press('Enter')
  await expect(stepHeading('Name your first volume')).toBeFocused()

  await signupPage.volumeName.fill('Focus Footage')
  await signupPage.createVolume.focus()
  await page.keyboard.press('Enter')
  await expect(stepHeading('You’re all set')).toBeFocused()
  // From the heading, the next Tab reaches the step's own control.
  await page.keyboard.press('Tab')
  await expect(signupPage.finish).toBeFocused()
})
