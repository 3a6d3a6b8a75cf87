// The organization's Detail screen (issue 13; specification 001 sections 2, 4, 5 and 8), against the real
// server: an admin renames the organization and sets its custom domain prefix, shown as {prefix}{domain
// suffix}; a name or prefix another organization holds, a bad prefix and a reserved one are refused in the
// catalogue's words, and a prefix with '_' is warned about. The other organization is made through the API.
import { createOrg, createReadyOrg, signUpUser, updateOrg } from './support/api.ts'
import { expect, test } from './support/fixtures.ts'
import { freshEmail } from './support/mail.ts'

test.describe('organization detail', () => {
  test('an admin renames the org and sets its domain prefix, refusals in the catalogue words', async ({
    layout,
    orgDetail,
  }) => {
    const adminEmail = freshEmail('org-detail')
    const adminKey = await signUpUser(adminEmail)
    const orgName = `Detail Org ${adminEmail}`
    await createReadyOrg(adminKey, orgName, 'Footage')
    const tag = Math.random().toString(36).slice(2, 8)
    const otherKey = await signUpUser(freshEmail('org-detail-other'))
    const otherName = `Other Org ${tag}`
    const otherOrg = await createOrg(otherKey, otherName)
    await updateOrg(otherKey, otherOrg, { domain_prefix: `other-${tag}` })

    await layout.useSession(adminKey)
    await orgDetail.goto()
    await expect(orgDetail.heading).toHaveText('Organization')
    await expect(orgDetail.detailTab).toHaveAttribute('aria-current', 'page')
    await expect(orgDetail.orgName).toHaveValue(orgName)
    await expect(orgDetail.host).toHaveText('None')
    await expect(orgDetail.save).toBeDisabled()
    await orgDetail.orgName.fill('   ')
    await expect(orgDetail.save).toBeDisabled()

    // Rename.
    const renamed = `Renamed ${tag}`
    await orgDetail.orgName.fill(renamed)
    await expect(orgDetail.save).toBeEnabled()
    await orgDetail.save.click()
    await expect(orgDetail.status).toHaveText('Organization saved.')
    await expect(orgDetail.save).toBeDisabled()

    // A name another organization holds.
    await orgDetail.orgName.fill(otherName)
    await orgDetail.save.click()
    await expect(orgDetail.error).toHaveText('Name in use, please try another.')
    await orgDetail.orgName.fill(renamed)
    await expect(orgDetail.save).toBeDisabled()

    // A name with a control character in it (a tab pasted from a spreadsheet) is refused by the server.
    await orgDetail.orgName.fill(`Acme\tStudio ${tag}`)
    await orgDetail.save.click()
    await expect(orgDetail.error).toHaveText(
      'Invalid organization name, please use a name without line breaks or control characters.',
    )
    await orgDetail.orgName.fill(renamed)
    await expect(orgDetail.save).toBeDisabled()

    // A prefix another organization holds, a bad one, a reserved one.
    await orgDetail.domainPrefix.fill(`other-${tag}`)
    await orgDetail.save.click()
    await expect(orgDetail.error).toHaveText('Name in use, please try another.')
    await orgDetail.domainPrefix.fill('bad.prefix')
    await orgDetail.save.click()
    await expect(orgDetail.error).toHaveText(
      'Invalid domain prefix, please use a-z, 0-9, dash and underscore only.',
    )
    await orgDetail.domainPrefix.fill(`studio-${tag}-`)
    await orgDetail.save.click()
    await expect(orgDetail.error).toHaveText(
      'Invalid domain prefix, please use a-z, 0-9, dash and underscore only.',
    )
    await orgDetail.domainPrefix.fill('www')
    await orgDetail.save.click()
    await expect(orgDetail.error).toHaveText('Name reserved, please try another.')

    // '_' is allowed but warned about.
    await orgDetail.domainPrefix.fill(`my_${tag}`)
    await expect(orgDetail.prefixHint).toHaveText(
      'Underscores are allowed, but some browsers and certificate authorities refuse host names with them.',
    )

    // A good prefix, typed in capitals, is lower-cased, saved and shown with the suffix.
    await orgDetail.domainPrefix.fill(`Studio-${tag}`.toUpperCase())
    await expect(orgDetail.domainPrefix).toHaveValue(`studio-${tag}`)
    await expect(orgDetail.prefixHint).toHaveCount(0)
    await orgDetail.save.click()
    await expect(orgDetail.status).toHaveText('Organization saved.')
    // The e2e server's BASE_DOMAIN is the default, localhost.
    await expect(orgDetail.host).toHaveText(`studio-${tag}.localhost`)
    await expect(orgDetail.save).toBeDisabled()

    // A changed prefix: the old address keeps leading to the new one for a while.
    await orgDetail.domainPrefix.fill(`moved-${tag}`)
    await orgDetail.save.click()
    await expect(orgDetail.status).toHaveText(
      `Organization saved. studio-${tag}.localhost redirects to moved-${tag}.localhost for 30 days.`,
    )
    await expect(orgDetail.host).toHaveText(`moved-${tag}.localhost`)

    // The sidebar's Organization entry opens this screen.
    await layout.page.goto('/home')
    await layout.navLink('Organization').click()
    await expect(orgDetail.orgName).toHaveValue(renamed)
  })
})
