// Share links from the console: a member shares a folder with a passphrase from the file list, reads the
// link once and copies it, finds it under Share Links; a visitor with no session opens the copied link with
// the passphrase; the admin sees it there with its creator, revokes it, its state reads Revoked and the
// visitor's page says the link is gone. With links turned off, a member is offered neither Share (selection bar, a
// card's menu, the file's screen) nor Share Links, and an admin keeps the screen, where links are turned
// back on. The link's own page (/s/…) is tested with the visitor's side.
import {
  addGrantUser,
  addOrgUser,
  api,
  createFolder,
  createReadyOrg,
  listGrants,
  orgUserIdOf,
  putFile,
  signUpUser,
  type GrantAccess,
} from './support/api.ts'
import { endpoints } from '../server/contract/endpoints.ts'
import { freshEmail } from './support/mail.ts'
import { expect, test } from './support/fixtures.ts'
import { ShareLinksPage } from './pages/ShareLinksPage.ts'
import { SHARE_LINKS_OFF_MESSAGE } from '../src/lib/messages.ts'

const GRANT = 'Client Deliveries'
const LABEL = 'Client review'

test.describe('share links: create from the listing, list, revoke', () => {
  let access: GrantAccess
  let memberKey: string
  let memberEmail: string

  test.beforeAll(async () => {
    const email = freshEmail('share-admin')
    const sessionKey = await signUpUser(email)
    const orgId = await createReadyOrg(sessionKey, `Share Org ${email}`, GRANT)
    const grant = (await listGrants(sessionKey, orgId)).find((each) => each.grant_name === GRANT)
    if (!grant) throw new Error('the new volume came without its container')
    access = { sessionKey, orgId, grantId: grant.media_grant_id }
    await createFolder(access, '/Selects/')
    await putFile(access, '/Selects/take1.mov', 'a take')
    memberEmail = freshEmail('share-member')
    memberKey = await signUpUser(memberEmail)
    await addOrgUser(sessionKey, orgId, { email: memberEmail, cap_web_upload: false, cap_web_download: true })
    await addGrantUser(
      sessionKey,
      orgId,
      grant.media_grant_id,
      await orgUserIdOf(sessionKey, orgId, memberEmail),
    )
  })

  test('a member shares a folder with a passphrase; the admin revokes it', async ({
    page,
    browser,
    layout,
    fileList,
    shareDialog,
    shareLinks,
  }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await layout.useSession(memberKey)
    await fileList.goto(GRANT, '/')
    await fileList.select('Selects')
    await fileList.selectionBar.getByRole('button', { name: 'Share' }).click()
    await expect(shareDialog.dialog).toBeVisible()
    await expect(shareDialog.dialog.getByRole('heading', { name: 'Share Selects' })).toBeVisible()
    await expect(shareDialog.expireDays).toHaveValue('7')

    // Checked before any call: a label is required, a passphrase has 8 characters at least.
    await shareDialog.passphrase.fill('short')
    await shareDialog.create.click()
    await expect(shareDialog.dialog.getByText('Please enter a label.')).toBeVisible()
    await expect(shareDialog.dialog.getByText('Please use 8 to 256 characters, or none.')).toBeVisible()
    // Longer than the organization allows: said at the field.
    await shareDialog.label.fill(LABEL)
    await shareDialog.passphrase.fill('open sesame 42')
    await shareDialog.expireDays.fill('400')
    await shareDialog.create.click()
    await expect(shareDialog.dialog.getByText(/from 1 to \d+\./)).toBeVisible()
    await shareDialog.expireDays.fill('3')
    await shareDialog.downloadLimit.fill('5')
    await shareDialog.create.click()

    // Shown once, whole, with Copy.
    await expect(shareDialog.link).toHaveValue(/^http:\/\/[^/]+\/s\/[A-Za-z0-9_-]{43}$/)
    const url = await shareDialog.link.inputValue()
    expect(new URL(url).origin).toBe(new URL(page.url()).origin)
    await expect(shareDialog.dialog.getByText('it will not be shown again')).toBeVisible()
    await shareDialog.copy.click()
    await expect(shareDialog.copied).toHaveText('Copied.')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url)
    await shareDialog.done.click()
    await expect(shareDialog.dialog).toBeHidden()

    // The member's Share Links, reached from the sidebar.
    await layout.sidebar.getByRole('link', { name: 'Share Links' }).click()
    await expect(shareLinks.heading).toBeVisible()
    const memberRow = shareLinks.row(LABEL)
    await expect(memberRow).toContainText(`${GRANT}/Selects/`)
    await expect(memberRow).toContainText('0 of 5')
    await expect(memberRow).toContainText('Never')
    await expect(memberRow).toContainText('Active')
    await expect(shareLinks.settings).toHaveCount(0)

    // The server holds the same: one active folder link with a passphrase, the token nowhere in it.
    const { share_link_list } = await api(
      endpoints.shareLinkList,
      { params: { org_id: access.orgId } },
      memberKey,
    )
    expect(share_link_list).toHaveLength(1)
    expect(share_link_list[0]).toMatchObject({
      label: LABEL,
      target_kind: 'folder',
      has_passphrase: true,
      download_limit: 5,
      state: 'active',
    })
    expect(JSON.stringify(share_link_list)).not.toContain(url.split('/s/')[1] as string)

    // A visitor with no session opens the copied link with its passphrase and finds the folder.
    const visitor = await browser.newContext()
    const visit = await visitor.newPage()
    await visit.goto(url)
    await visit.getByLabel('Passphrase').fill('open sesame 42')
    await visit.getByRole('button', { name: 'Open' }).click()
    await expect(visit.getByRole('list', { name: 'Files' }).getByText('take1.mov')).toBeVisible()

    // The admin sees it with its creator, and revokes it.
    const admin = await browser.newContext()
    const adminPage = await admin.newPage()
    await adminPage.addInitScript((key) => {
      localStorage.setItem('local-state-session_key', JSON.stringify(key))
    }, access.sessionKey)
    await adminPage.goto('/share_link')
    const adminLinks = new ShareLinksPage(adminPage)
    const adminRow = adminLinks.row(LABEL)
    await expect(adminRow).toContainText(memberEmail.toLowerCase())
    await adminRow.getByRole('button', { name: `Revoke ${LABEL}` }).click()
    const confirm = adminPage.getByRole('alertdialog')
    await expect(confirm).toContainText(`Revoke the link ${LABEL}?`)
    await confirm.getByRole('button', { name: 'Revoke' }).click()
    await expect(adminRow).toContainText('Revoked')
    await expect(adminRow.getByRole('button', { name: `Revoke ${LABEL}` })).toHaveCount(0)
    await admin.close()
    // The visitor's page, opened again, says the link is gone.
    await visit.reload()
    await expect(visit.getByRole('heading', { level: 1, name: 'Link not available' })).toBeVisible()
    await expect(visit.getByText('take1.mov')).toHaveCount(0)
    await visitor.close()

    // The member's list says so too.
    await page.reload()
    await expect(memberRow).toContainText('Revoked')
  })
})

test.describe('share links turned off', () => {
  let access: GrantAccess
  let memberKey: string

  test.beforeAll(async () => {
    const email = freshEmail('share-off-admin')
    const sessionKey = await signUpUser(email)
    const orgId = await createReadyOrg(sessionKey, `Share Off Org ${email}`, GRANT)
    const grant = (await listGrants(sessionKey, orgId)).find((each) => each.grant_name === GRANT)
    if (!grant) throw new Error('the new volume came without its container')
    access = { sessionKey, orgId, grantId: grant.media_grant_id }
    await createFolder(access, '/Selects/')
    await putFile(access, '/Selects/take1.mov', 'a take')
    const memberEmail = freshEmail('share-off-member')
    memberKey = await signUpUser(memberEmail)
    await addOrgUser(sessionKey, orgId, { email: memberEmail, cap_web_upload: false, cap_web_download: true })
    await addGrantUser(
      sessionKey,
      orgId,
      grant.media_grant_id,
      await orgUserIdOf(sessionKey, orgId, memberEmail),
    )
  })

  test('a member is offered no Share and no Share Links; an admin keeps the screen to turn them on', async ({
    page,
    browser,
    layout,
    fileList,
  }) => {
    await layout.useSession(memberKey)
    // On: the member has the entry and Share, so their absence below is the setting's doing.
    await fileList.goto(GRANT, '/Selects/')
    await expect(layout.navLink('Share Links')).toBeVisible()
    await fileList.select('take1.mov')
    await expect(fileList.selectionBar.getByRole('button', { name: 'Share' })).toBeVisible()

    await api(
      endpoints.shareLinkSettingsUpdate,
      { params: { org_id: access.orgId }, body: { share_links_enabled: false } },
      access.sessionKey,
    )
    await page.reload()
    await expect(fileList.row('take1.mov')).toBeVisible()
    await expect(layout.navLink('Home')).toBeVisible()
    await expect(layout.navLink('Share Links')).toHaveCount(0)
    // The selection bar,
    await fileList.select('take1.mov')
    await expect(fileList.selectionBar.getByRole('button', { name: 'Download' })).toBeVisible()
    await expect(fileList.selectionBar.getByRole('button', { name: 'Share' })).toHaveCount(0)
    await fileList.selectionBar.getByRole('button', { name: 'Cancel' }).click()
    // a card's menu in the grid,
    await page.getByRole('radio', { name: 'Grid view' }).check()
    const files = page.getByRole('grid', { name: 'Files' })
    await files.getByRole('button', { name: 'More for take1.mov' }).click()
    await expect(files.getByRole('button', { name: 'Download', exact: true })).toBeVisible()
    await expect(files.getByRole('button', { name: 'Share', exact: true })).toHaveCount(0)
    await page.keyboard.press('Escape')
    // and the file's own screen offer no Share.
    await page.goto(`/home/${encodeURIComponent(GRANT)}/Selects/take1.mov`)
    await expect(page.getByRole('button', { name: 'Download', exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Share', exact: true })).toHaveCount(0)

    // The admin keeps Share Links: it is where links are turned back on.
    const admin = await browser.newContext()
    const adminPage = await admin.newPage()
    await adminPage.addInitScript((key) => {
      localStorage.setItem('local-state-session_key', JSON.stringify(key))
    }, access.sessionKey)
    await adminPage.goto('/home')
    await adminPage
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Share Links' })
      .click()
    const adminLinks = new ShareLinksPage(adminPage)
    await expect(adminLinks.heading).toBeVisible()
    await expect(adminPage.getByText(SHARE_LINKS_OFF_MESSAGE)).toBeVisible()
    await expect(adminLinks.enabledOff).toBeChecked()
    await admin.close()
  })
})
