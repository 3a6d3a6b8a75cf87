import { freshEmail } from './support/mail.ts'
import { addCard, api, createOrg, signUpUser } from './support/api.ts'
import { endpoints } from '../server/contract/endpoints.ts'
import { expect, test } from './support/fixtures.ts'

test.describe('signup', () => {
  test('a new user goes through every step to the file home', async ({
    page,
    loginPage,
    signupPage,
    homePage,
    layout,
    consoleErrors,
  }) => {
    const email = freshEmail('signup')
    await signupPage.goto()
    await expect(signupPage.currentStep).toHaveText('E-mail')

    // An address of the wrong shape is refused before any call.
    await loginPage.email.fill('not an address')
    await loginPage.sendCode.click()
    await expect(loginPage.error).toHaveText('Please enter a valid email address.')

    const code = await loginPage.requestCode(email)
    await loginPage.code.fill(code.slice(0, 5))
    await loginPage.signIn.click()
    await expect(loginPage.error).toHaveText('Your code should be at least 6 digits.')
    await loginPage.enterCode(code)

    await expect(signupPage.currentStep).toHaveText('Organization')
    await expect(signupPage.createOrg).toBeDisabled()
    await signupPage.orgName.fill(`Signup Org ${email}`)
    await signupPage.createOrg.click()

    await expect(signupPage.currentStep).toHaveText('Plan')
    await expect(signupPage.planCards).toHaveCount(4)
    for (const [name, price] of [
      ['Starter', '$49.00 / month'],
      ['Pro', '$99.00 / month'],
      ['Business', '$299.00 / month'],
      ['Enterprise', 'Custom'],
    ] as const) {
      await expect(signupPage.planCard(name)).toContainText(price)
    }
    await expect(signupPage.planCard('Starter')).toContainText('2 users')
    await expect(signupPage.planCard('Starter')).toContainText('1 TB of storage')
    await expect(signupPage.planCard('Enterprise').getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
      'href',
      /^mailto:/,
    )
    await signupPage.choosePlan('Pro')

    await expect(signupPage.currentStep).toHaveText('Payment')
    await expect(signupPage.planSummary).toContainText('Pro')
    // Stripe's declined test card is refused with the catalogue's words, and the step stays.
    await signupPage.enterCard('4000 0000 0000 0002')
    await expect(signupPage.error).toHaveText('Card declined, please try again.')
    await expect(signupPage.currentStep).toHaveText('Payment')
    await signupPage.enterCard('4242 4242 4242 4242')

    // The plan is saved on its own once the card is there.
    await expect(signupPage.currentStep).toHaveText('Volume')
    // A reload resumes where the server says signup stands: the first volume, not a second organization.
    await page.reload()
    await expect(signupPage.currentStep).toHaveText('Volume')
    await expect(page.getByText(`Organization: Signup Org ${email}`)).toBeVisible()
    await signupPage.volumeName.fill('-bad name')
    await signupPage.createVolume.click()
    await expect(signupPage.error).toContainText('3 to 64 characters')
    await signupPage.volumeName.fill('Projects')
    await signupPage.createVolume.click()

    await expect(signupPage.currentStep).toHaveText('Finish')
    await page.reload()
    await expect(signupPage.currentStep).toHaveText('Finish')
    await signupPage.finish.click()

    await expect(page).toHaveURL(/\/home$/)
    await expect(homePage.heading).toBeVisible()
    await expect(homePage.containers).toHaveText(['Projects'])
    await expect(homePage.containers.first()).toHaveAttribute('href', '/home/Projects/')
    // Volume names are Home's children in the sidebar; an admin sees the admin entries.
    await expect(layout.navLink('Projects')).toBeVisible()
    for (const entry of ['Home', 'Volumes', 'Users', 'Organization'])
      await expect(layout.navLink(entry)).toBeVisible()
    await expect(layout.accountCard).toContainText(email)
    // Signup is over: its saved organization is gone.
    expect(await page.evaluate(() => localStorage.getItem('local-state-signup_org_id'))).toBeNull()
    expect(consoleErrors.filter((error) => !error.includes('status of 4'))).toEqual([])
  })

  test('signup resumes with the saved organization, and ?plan= preselects a plan', async ({
    page,
    layout,
    signupPage,
    homePage,
  }) => {
    const email = freshEmail('resume')
    const sessionKey = await signUpUser(email)
    const orgId = await createOrg(sessionKey, `Resume Org ${email}`)
    await layout.useSession(sessionKey)

    // An admin whose organization has no plan is offered to continue signing up.
    await homePage.goto()
    await expect(homePage.notice).toContainText('does not have a plan')
    await homePage.continueSignUp.click()
    await expect(page).toHaveURL(/\/signup$/)
    await expect(signupPage.currentStep).toHaveText('Plan')
    expect(await page.evaluate(() => localStorage.getItem('local-state-signup_org_id'))).toBe(String(orgId))

    await signupPage.goto('business')
    await expect(signupPage.currentStep).toHaveText('Payment')
    await expect(signupPage.planSummary).toContainText('Business')
  })

  test('an admin with a plan and no volume is offered the first volume', async ({
    page,
    layout,
    homePage,
  }) => {
    const email = freshEmail('novolume')
    const sessionKey = await signUpUser(email)
    const orgId = await createOrg(sessionKey, `No Volume Org ${email}`)
    await addCard(sessionKey, orgId, 'pm_card_visa')
    await api(
      endpoints.orgSetPlan,
      { params: { org_id: orgId }, body: { plan_id: 'starter_month' } },
      sessionKey,
    )
    await layout.useSession(sessionKey)

    await homePage.goto()
    await expect(page.getByText("Looks like you don't have access to any files.")).toBeVisible()
    await homePage.firstVolume.click()
    await expect(page).toHaveURL(/\/volume$/)
    await expect(page.getByRole('heading', { name: 'Volumes', level: 1 })).toBeVisible()
  })
})
