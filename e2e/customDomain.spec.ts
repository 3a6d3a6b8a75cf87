import { createOrg, signUpUser, updateOrg } from './support/api.ts'
import { freshEmail } from './support/mail.ts'
import { expect, test } from './support/fixtures.ts'

// The custom-domain site of an organization with its own prefix: the same server, opened under the prefix
// (BASE_DOMAIN is localhost by default, and Chromium sends *.localhost to this machine). The prefix is new
// on each run, so a worker that sets the suite up again never finds it taken.
const PREFIX = `acme-${Date.now().toString(36)}`

function prefixUrl(prefix: string, path: string): string {
  const base = new URL(process.env.E2E_BASE_URL ?? '')
  return `${base.protocol}//${prefix}.${base.hostname}:${base.port}${path}`
}

const acmeUrl = (path: string) => prefixUrl(PREFIX, path)

test.describe('custom-domain site', () => {
  const adminEmail = freshEmail('acme-admin')
  const orgName = 'Acme Media'
  const otherName = `Other ${adminEmail}`
  let otherOrgId = 0

  test.beforeAll(async () => {
    const sessionKey = await signUpUser(adminEmail)
    const orgId = await createOrg(sessionKey, `${orgName} ${adminEmail}`)
    await updateOrg(sessionKey, orgId, { domain_prefix: PREFIX })
    // A second organization without a prefix of its own: it lives on the product's own host.
    otherOrgId = await createOrg(sessionKey, otherName)
  })

  test('another organization opens on its own address; the site keeps its organization', async ({
    page,
    loginPage,
    layout,
    accountPage,
  }) => {
    await page.goto(acmeUrl('/login'))
    await loginPage.signInAs(adminEmail)
    await expect(layout.orgLabel).toHaveText(`${orgName} ${adminEmail}`)
    await page.goto(acmeUrl('/account'))
    const base = new URL(process.env.E2E_BASE_URL ?? '')
    await expect(accountPage.orgRow(otherName).getByRole('link', { name: 'Switch To Org' })).toHaveAttribute(
      'href',
      `${base.protocol}//${base.hostname}:${base.port}/home`,
    )
    // The site's own organization is the current one: nothing to switch to.
    await expect(
      accountPage.orgRow(`${orgName} ${adminEmail}`).getByRole('button', { name: 'Switch To Org' }),
    ).toBeDisabled()

    // A switch saved on this host by an earlier version must not relabel the site, after a reload either.
    await page.evaluate(
      (id) => localStorage.setItem('local-state-current_org_id', JSON.stringify(id)),
      otherOrgId,
    )
    await page.reload()
    await expect(layout.orgLabel).toHaveText(`${orgName} ${adminEmail}`)
  })

  test('shows the organization as a fixed label, and has no signup', async ({ page, loginPage, layout }) => {
    await page.goto(acmeUrl('/login'))
    await loginPage.signInAs(adminEmail)
    await expect(page).toHaveURL(/\/home$/)
    await expect(layout.orgLabel).toHaveText(`${orgName} ${adminEmail}`)
    await expect(layout.orgPicker).toHaveCount(0)

    await page.goto(acmeUrl('/signup'))
    await expect(page).toHaveURL(acmeUrl('/home'))
    await expect(page.getByRole('heading', { name: 'Sign Up' })).toHaveCount(0)
  })

  test('someone outside the organization gets Not A Member', async ({ page, loginPage }) => {
    const outsider = freshEmail('acme-outsider')
    await signUpUser(outsider)
    await page.goto(acmeUrl('/login'))
    // The site serves its organization's members: no way to sign up from here.
    await expect(loginPage.heading).toBeVisible()
    await expect(page.getByRole('link', { name: 'Sign up' })).toHaveCount(0)
    await loginPage.signInAs(outsider)
    await expect(loginPage.notAMemberHeading).toBeVisible()
  })
})

test('the address of a changed prefix leads to the new one', async ({ page, loginPage }) => {
  const email = freshEmail('moved-admin')
  const sessionKey = await signUpUser(email)
  const orgId = await createOrg(sessionKey, `Moved ${email}`)
  const [old, now] = [`old-${PREFIX}`, `new-${PREFIX}`]
  await updateOrg(sessionKey, orgId, { domain_prefix: old })
  await updateOrg(sessionKey, orgId, { domain_prefix: now })

  await page.goto(prefixUrl(old, '/login?from=old'))
  const target = new URL(prefixUrl(now, '/login'))
  await expect(page).toHaveURL((url) => url.host === target.host && url.pathname === '/login')
  await expect(loginPage.heading).toBeVisible()
})
