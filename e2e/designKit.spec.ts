// The design system's core as drawn (src/styles, src/ui): a destructive confirmation's yes is red like the
// button that opened it, not the primary blue; a disabled button, a destructive one included, is grey and
// told from an enabled one by a clearly lower contrast; a save says its result in a toast (bottom right on a desk) that can be dismissed. Both
// colour schemes, since each has its own fills.
import type { Locator } from '@playwright/test'
import { addOrgUser, createReadyOrg, orgUserIdOf, signUpUser } from './support/api.ts'
import { contrastRatio, parseRgb, type Rgb } from './support/contrast.ts'
import { expect, test } from './support/fixtures.ts'
import { freshEmail } from './support/mail.ts'
import { Toasts } from './pages/Toasts.ts'

async function colours(button: Locator): Promise<{ background: Rgb; text: Rgb }> {
  const [background, text] = await button.evaluate((element) => {
    const style = getComputedStyle(element)
    return [style.backgroundColor, style.color]
  })
  return { background: parseRgb(background), text: parseRgb(text) }
}

const redish = ({ r, g, b }: Rgb) => r > 120 && r > g * 1.5 && r > b * 1.5

for (const scheme of ['light', 'dark'] as const)
  test.describe(`buttons and toasts, ${scheme}`, () => {
    test.use({ colorScheme: scheme })

    test('a destructive confirm is red, and a disabled button has lower contrast than an enabled one', async ({
      page,
      layout,
      userList,
      userDetail,
    }) => {
      const email = freshEmail('kit-buttons')
      const key = await signUpUser(email)
      const orgId = await createReadyOrg(key, `Kit Org ${email}`, 'Footage')
      const memberId = await addOrgUser(key, orgId, { email: freshEmail('kit-member') })
      await layout.useSession(key)

      await userList.goto()
      await expect(userList.addUser).toBeDisabled()
      const disabled = await colours(userList.addUser)
      await userList.email.fill(freshEmail('kit-typed'))
      await expect(userList.addUser).toBeEnabled()
      // The button's colours ease over a moment: measure once they have settled.
      await page.waitForTimeout(300)
      const primary = await colours(userList.addUser)
      expect(contrastRatio(primary.text, primary.background)).toBeGreaterThanOrEqual(4.5)
      expect(contrastRatio(disabled.text, disabled.background)).toBeLessThan(
        contrastRatio(primary.text, primary.background) - 1,
      )
      expect(redish(primary.background)).toBe(false)

      await userDetail.goto(memberId)
      await expect(userDetail.removeUser).toBeEnabled()
      expect(redish((await colours(userDetail.removeUser)).background)).toBe(true)
      await userDetail.removeUser.click()
      const yes = userDetail.dialog.getByRole('button', { name: 'Remove User' })
      await expect(yes).toBeVisible()
      const confirm = await colours(yes)
      expect(redish(confirm.background)).toBe(true)
      expect(confirm.background).not.toEqual(primary.background)
      expect(contrastRatio(confirm.text, confirm.background)).toBeGreaterThanOrEqual(4.5)
      await userDetail.confirm('Cancel')
      await expect(userDetail.dialog).toHaveCount(0)

      // A disabled destructive button (the admin's own record) is grey, not a paler red.
      await userDetail.goto(await orgUserIdOf(key, orgId, email))
      await expect(userDetail.removeUser).toBeDisabled()
      const disabledDanger = await colours(userDetail.removeUser)
      expect(redish(disabledDanger.background)).toBe(false)
      expect(contrastRatio(disabledDanger.text, disabledDanger.background)).toBeLessThan(
        contrastRatio(confirm.text, confirm.background) - 1,
      )
    })

    test('a save says its result in a toast, which the user can dismiss', async ({
      page,
      layout,
      orgDetail,
    }) => {
      const email = freshEmail('kit-toast')
      const key = await signUpUser(email)
      await createReadyOrg(key, `Kit Toast Org ${email}`, 'Footage')
      await layout.useSession(key)
      await page.setViewportSize({ width: 1280, height: 800 })
      const toasts = new Toasts(page)

      await orgDetail.goto()
      await orgDetail.orgName.fill(`Kit Renamed ${Math.random().toString(36).slice(2, 8)}`)
      await orgDetail.save.click()
      await expect(toasts.latest).toHaveText(/Organization saved\./)
      // No line under the form says it as well.
      await expect(page.getByRole('form', { name: 'Organization detail' }).getByRole('status')).toHaveCount(0)
      const box = await toasts.latest.boundingBox()
      expect(box).not.toBeNull()
      if (box) {
        expect(box.x + box.width).toBeGreaterThan(1280 - 64)
        expect(box.y + box.height).toBeGreaterThan(800 - 64)
      }
      await toasts.latest.getByRole('button', { name: 'Dismiss' }).click()
      await expect(toasts.region.getByRole('status')).toHaveCount(0)
    })
  })
