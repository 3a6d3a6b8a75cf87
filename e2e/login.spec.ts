import { createReadyOrg, signUpUser } from './support/api.ts'
import { freshEmail } from './support/mail.ts'
import { expect, test } from './support/fixtures.ts'

test.describe('login and session', () => {
  test('signs out and back in', async ({ page, loginPage, homePage, accountPage, layout }) => {
    const email = freshEmail('inout')
    const sessionKey = await signUpUser(email)
    await createReadyOrg(sessionKey, `In Out Org ${email}`, 'Footage')

    await page.goto('/')
    await expect(page).toHaveURL(/\/login$/)
    await loginPage.signInAs(email)
    await expect(page).toHaveURL(/\/home$/)
    await expect(homePage.containers).toHaveText(['Footage'])
    const firstKey = await page.evaluate(() => localStorage.getItem('local-state-session_key'))
    expect(firstKey).toMatch(/^".+"$/)

    await layout.accountCard.click()
    await expect(accountPage.heading).toBeVisible()
    const orgRow = accountPage.orgRow(`In Out Org ${email}`)
    await expect(orgRow).toContainText('Admin')
    // An admin may not leave: the alert says so, and Done closes it.
    await orgRow.getByRole('button', { name: 'Leave Org' }).click()
    await expect(accountPage.dialog).toHaveText(/Sorry, you can't leave an org if you're an admin\.\s*Done/)
    await accountPage.dialog.getByRole('button', { name: 'Done' }).click()
    await expect(accountPage.dialog).toHaveCount(0)
    await accountPage.signOut.click()
    await expect(loginPage.heading).toBeVisible()
    await expect(page).toHaveURL(/\/login$/)
    expect(await page.evaluate(() => localStorage.getItem('local-state-session_key'))).toBeNull()

    // The old key is dead on the server too: the guard sends its holder back to login.
    await page.evaluate((key) => localStorage.setItem('local-state-session_key', key ?? ''), firstKey)
    await homePage.goto()
    await expect(loginPage.heading).toBeVisible()

    await loginPage.signInAs(email)
    await expect(homePage.heading).toBeVisible()
    await expect(homePage.containers).toHaveText(['Footage'])
  })

  test('a signed-in page reached without a session returns there after login', async ({
    page,
    loginPage,
    accountPage,
  }) => {
    const email = freshEmail('guard')
    await signUpUser(email)
    await accountPage.goto()
    await expect(page).toHaveURL(/\/login\?redirect=%2Faccount$/)
    await loginPage.signInAs(email)
    await expect(accountPage.heading).toBeVisible()
    await expect(page).toHaveURL(/\/account$/)
    // A user in no organization is told to ask an admin.
    await page.goto('/home')
    await expect(page.locator('.notice')).toContainText('have an org admin add your e-mail address')
  })

  test('an unknown address is told to sign up first', async ({ loginPage }) => {
    await loginPage.goto()
    await loginPage.email.fill(freshEmail('unknown'))
    await loginPage.sendCode.click()
    await expect(loginPage.error).toHaveText('User not found.  Please signup before logging in.')
  })

  test('a wrong code five times sends back to the e-mail step', async ({ loginPage }) => {
    const email = freshEmail('tries')
    await signUpUser(email)
    await loginPage.goto()
    const code = await loginPage.requestCode(email)
    // A code that is surely wrong: the real one with its first digit changed.
    const wrong = `${(Number(code[0]) + 1) % 10}${code.slice(1)}`
    for (let attempt = 1; attempt <= 4; attempt++) {
      await loginPage.enterCode(wrong)
      await expect(loginPage.error).toHaveText('Login failed, please check your code.')
      await expect(loginPage.code).toBeVisible()
    }
    await loginPage.enterCode(wrong)
    await expect(loginPage.error).toHaveText('Login failed, try again in 5 minutes.')
    await expect(loginPage.email).toBeVisible()
    await expect(loginPage.code).toBeHidden()
  })

  test('edits the user name with the catalogue messages', async ({ layout, accountPage }) => {
    const email = freshEmail('rename')
    const sessionKey = await signUpUser(email)
    await layout.useSession(sessionKey)
    await accountPage.goto()
    await expect(accountPage.save).toBeDisabled()
    await accountPage.userName.fill('no')
    await accountPage.save.click()
    await expect(accountPage.error).toHaveText(
      'Invalid username, please only use letters, numbers, dash and underscore.  Usernames must be between 4 and 32 characters.',
    )
    const name = `user_${Date.now().toString(36)}`
    await accountPage.userName.fill(name)
    await accountPage.save.click()
    await expect(layout.accountCard).toContainText(name)
    await expect(accountPage.save).toBeDisabled()
  })
})
