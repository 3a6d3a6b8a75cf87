// The volume screens against the real server (specification 001, section 2): the list with Add Volume up to
// the plan's limit, the settings form (Save only for a change, the plan's maximum quoted, disabling), and the
// audit with a download made through the API and the admins' changes. Each test has its own organization,
// on the starter plan (2 enabled volumes, expiration up to 3 days), made through the API.
import {
  createReadyOrg,
  deleteFile,
  listGrants,
  putFile,
  readStoredFile,
  signUpUser,
  updateVolume,
  volumeIdOf,
} from './support/api.ts'
import { expect, test } from './support/fixtures.ts'
import { freshEmail } from './support/mail.ts'

const FIRST = 'Main Volume'

async function readyAdmin(label: string) {
  const email = freshEmail(label)
  const sessionKey = await signUpUser(email)
  const orgId = await createReadyOrg(sessionKey, `Volumes Org ${email}`, FIRST)
  return { email, sessionKey, orgId, volumeId: await volumeIdOf(sessionKey, orgId, FIRST) }
}

test.describe('volumes', () => {
  test('an admin adds volumes until the plan’s limit', async ({
    page,
    layout,
    volumeList,
    volumeSettings,
  }) => {
    const admin = await readyAdmin('volumes-add')
    await layout.useSession(admin.sessionKey)
    await volumeList.goto()
    await expect(volumeList.heading).toBeVisible()
    await expect(layout.navLink('Volumes')).toHaveAttribute('aria-current', 'page')
    await expect(volumeList.row(FIRST).getByRole('cell')).toHaveText(['Enabled', 'Off', '3 days'])
    await expect(volumeList.count).toHaveText('1 of 2 volumes enabled')

    await expect(volumeList.addVolume).toBeDisabled()
    // The name rule holds for the name as typed: a trailing space is not trimmed away.
    await volumeList.add('Second ')
    await expect(volumeList.error).toContainText('begin and end with a letter or number')
    await volumeList.add('Second')
    await expect(volumeList.row('Second')).toBeVisible()
    await expect(volumeList.status).toHaveText('Volume Second added.')
    await expect(volumeList.volumeName).toHaveValue('')
    await expect(volumeList.count).toHaveText('2 of 2 volumes enabled')

    await volumeList.add('Third')
    await expect(volumeList.error).toHaveText('Sorry, your plan limit for volumes has been reached.')
    await expect(volumeList.row('Third')).toHaveCount(0)

    await volumeList.row('Second').getByRole('link', { name: 'Second' }).click()
    await expect(page).toHaveURL(/\/volume\/\d+$/)
    await expect(volumeSettings.heading).toHaveText('Second')
    await expect(volumeSettings.tab('Settings')).toHaveAttribute('aria-current', 'page')
    // The sidebar's Volumes stays current below /volume.
    await expect(layout.navLink('Volumes')).toHaveAttribute('aria-current', 'page')
  })

  test('settings: Save for a change only, the plan’s maximum quoted, disabling', async ({
    page,
    layout,
    volumeList,
    volumeSettings,
  }) => {
    const admin = await readyAdmin('volumes-settings')
    await layout.useSession(admin.sessionKey)
    await volumeSettings.goto(admin.volumeId)
    await expect(volumeSettings.heading).toHaveText(FIRST)
    await expect(volumeSettings.statusHint).toHaveText(
      'A disabled volume keeps its files, but no one can list, upload or download them until it is enabled again.',
    )
    await expect(volumeSettings.save).toBeDisabled()

    // A change enables Save; undoing it disables Save again; a name against the rule keeps it disabled.
    await volumeSettings.volumeName.fill('Renamed')
    await expect(volumeSettings.save).toBeEnabled()
    await volumeSettings.volumeName.fill(FIRST)
    await expect(volumeSettings.save).toBeDisabled()
    await volumeSettings.volumeName.fill('Renamed ')
    await expect(volumeSettings.save).toBeDisabled()

    // Only the changed field is sent.
    await volumeSettings.volumeName.fill('Renamed Volume')
    const sent = page.waitForRequest(
      (request) => request.method() === 'POST' && /\/volume\/\d+\?/.test(request.url()),
    )
    await volumeSettings.save.click()
    expect((await sent).postDataJSON()).toEqual({ volume_name: 'Renamed Volume' })
    await expect(volumeSettings.saved).toHaveText('Volume saved.')
    await expect(volumeSettings.heading).toHaveText('Renamed Volume')
    await expect(volumeSettings.save).toBeDisabled()

    // Turning live expiration on offers the plan's default; off again is no change.
    await expect(volumeSettings.liveDays).toBeDisabled()
    await volumeSettings.expire(volumeSettings.liveExpiration, 'Expire').check()
    await expect(volumeSettings.liveDays).toHaveValue('3')
    await volumeSettings.expire(volumeSettings.liveExpiration, 'Off').check()
    await expect(volumeSettings.save).toBeDisabled()

    // Past the plan's maximum: the server refuses, and the message quotes the plan's 3 days.
    await expect(volumeSettings.deadDays).toHaveValue('3')
    await volumeSettings.deadDays.fill('4')
    await volumeSettings.save.click()
    await expect(volumeSettings.error).toHaveText(
      'Sorry, your plan allows dead expiration of at most 3 days.',
    )
    await volumeSettings.deadDays.fill('3')
    await expect(volumeSettings.save).toBeDisabled()

    await volumeSettings.disabled.check()
    await volumeSettings.save.click()
    await expect(volumeSettings.saved).toHaveText('Volume saved.')
    await expect(volumeSettings.heading).toContainText('Disabled')

    await layout.navLink('Volumes').click()
    await expect(volumeList.row('Renamed Volume').getByRole('cell').first()).toHaveText('Disabled')
    await expect(volumeList.count).toHaveText('0 of 2 volumes enabled')
  })

  test('the audit shows a web download and the changes admins made', async ({
    page,
    layout,
    volumeAudit,
  }) => {
    const admin = await readyAdmin('volumes-audit')
    const grant = (await listGrants(admin.sessionKey, admin.orgId)).find((each) => each.grant_name === FIRST)
    if (!grant) throw new Error('the new volume came without its container')
    const access = { sessionKey: admin.sessionKey, orgId: admin.orgId, grantId: grant.media_grant_id }
    await putFile(access, '/report.txt', 'quarterly numbers')
    await readStoredFile(access, '/report.txt')
    await updateVolume(admin.sessionKey, admin.orgId, admin.volumeId, { volume_name: 'Audited Volume' })

    await layout.useSession(admin.sessionKey)
    await volumeAudit.goto(admin.volumeId)
    await expect(volumeAudit.heading).toHaveText('Audited Volume')
    await expect(volumeAudit.tabs.getByRole('link', { name: 'Audit' })).toHaveAttribute(
      'aria-current',
      'page',
    )

    const download = volumeAudit.rows(volumeAudit.events)
    await expect(download).toHaveCount(1)
    await expect(download.getByRole('cell')).toHaveText([/\d/, admin.email, /report\.txt$/, 'Web Download'])
    await expect(volumeAudit.loadMore('events')).toHaveCount(0)

    const rename = volumeAudit.rows(volumeAudit.changes).filter({ hasText: 'renamed from' })
    await expect(rename.getByRole('cell')).toHaveText([
      /\d/,
      admin.email,
      `Volume ${FIRST}: renamed from ${FIRST} to Audited Volume`,
    ])

    await volumeAudit.tabs.getByRole('link', { name: 'Settings' }).click()
    await expect(page).toHaveURL(new RegExp(`/volume/${admin.volumeId}$`))

    // At 375px the settings and the audit's tables read without sideways scrolling.
    await page.setViewportSize({ width: 375, height: 800 })
    for (const path of [`/volume/${admin.volumeId}`, `/volume/${admin.volumeId}/audit`, '/volume']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, path).toBeLessThanOrEqual(0)
    }
  })

  test('settings: what retention would purge over the next 30 days shows before Save', async ({
    layout,
    volumeSettings,
  }) => {
    const admin = await readyAdmin('volumes-retention')
    const grant = (await listGrants(admin.sessionKey, admin.orgId)).find((each) => each.grant_name === FIRST)
    if (!grant) throw new Error('the new volume came without its container')
    const access = { sessionKey: admin.sessionKey, orgId: admin.orgId, grantId: grant.media_grant_id }
    const mediaId = await putFile(access, '/old cut.mov', 'an old cut nobody needs')
    await deleteFile(access, mediaId)

    await layout.useSession(admin.sessionKey)
    await volumeSettings.goto(admin.volumeId)
    // A new volume expires deleted files after the plan's 3 days: the file deleted now goes in 3 days.
    await expect(volumeSettings.retentionPreview).toContainText(
      'Over the next 30 days these settings purge 1 file (23 B).',
    )
    const row = volumeSettings.retentionPreview.getByRole('row').filter({ hasText: '/media/old cut.mov' })
    await expect(row.getByRole('cell')).toHaveText(['23 B', 'Deleted file', /^\d{4}-\d{2}-\d{2}$/])
    // Turning the rule off previews nothing, before anything is saved.
    await volumeSettings.expire(volumeSettings.deadExpiration, 'Off').check()
    await expect(volumeSettings.retentionPreview).toHaveText(
      'Over the next 30 days these settings purge nothing.',
    )
    await expect(volumeSettings.save).toBeEnabled()
  })
})
