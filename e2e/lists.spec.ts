// Long lists (issue 27): a search narrows the users and the address keeps it across a reload; the volume
// audit's path filter narrows the file events on the server; Export CSV downloads every event the filters
// keep, its header and rows as the table shows them. The organization, its members, files and downloads
// (the audit's events) are made through the API.
import { readFile } from 'node:fs/promises'
import { endpoints } from '../server/contract/endpoints.ts'
import { addOrgUser, api, listGrants, putFile, signUpReadyAdmin, volumeIdOf } from './support/api.ts'
import { expect, test } from './support/fixtures.ts'
import { freshEmail } from './support/mail.ts'

const VOLUME = 'Archive'

test.describe('long lists', () => {
  test('a search narrows the users, and the address keeps it across a reload', async ({
    page,
    layout,
    userList,
  }) => {
    const { sessionKey, orgId } = await signUpReadyAdmin('lists-users', 'Lists Org', VOLUME)
    await api(
      endpoints.orgSetPlan,
      { params: { org_id: orgId }, body: { plan_id: 'business_month' } },
      sessionKey,
    )
    const people = ['alice', 'bob', 'carol'].map((name) => freshEmail(`lists-${name}`))
    for (const email of people) await addOrgUser(sessionKey, orgId, { email })
    await layout.useSession(sessionKey)
    await userList.goto()
    const rows = userList.table.getByRole('rowgroup').last().getByRole('row')
    await expect(rows).toHaveCount(4)

    const search = page.getByRole('searchbox', { name: 'Search users' })
    await search.fill('lists-bob')
    await expect(rows).toHaveCount(1)
    await expect(userList.row(people[1] as string)).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: '1 of 4' })).toBeVisible()
    await expect(page).toHaveURL(/[?&]q=lists-bob(&|$)/)

    await page.reload()
    await expect(search).toHaveValue('lists-bob')
    await expect(rows).toHaveCount(1)
    await expect(userList.row(people[1] as string)).toBeVisible()

    await page.getByRole('button', { name: 'Clear search' }).click()
    await expect(rows).toHaveCount(4)
    await expect(search).toBeFocused()
    await expect(page).not.toHaveURL(/[?&]q=/)

    await search.fill('nobody-here')
    await expect(userList.table).toContainText('Nothing matches “nobody-here”.')
  })

  test('the audit filters by path on the server, and exports the filtered events as CSV', async ({
    page,
    layout,
    volumeAudit,
  }) => {
    const { sessionKey, orgId, email } = await signUpReadyAdmin('lists-audit', 'Audit Org', VOLUME)
    const volumeId = await volumeIdOf(sessionKey, orgId, VOLUME)
    const root = (await listGrants(sessionKey, orgId)).find((grant) => grant.grant_name === VOLUME)
    if (!root) throw new Error('the new volume came without its root container')
    const access = { sessionKey, orgId, grantId: root.media_grant_id }
    // Each download is an event of the volume's audit.
    for (const path of ['/Cuts/take, "one".mov', '/Cuts/take-two.mov', '/Raw/b-roll.mov']) {
      const mediaId = await putFile(access, path, `bytes of ${path}`)
      await api(
        endpoints.mediaDownloadUrl,
        { params: { org_id: orgId, media_grant_id: root.media_grant_id, media_id: mediaId }, query: {} },
        sessionKey,
      )
    }
    await layout.useSession(sessionKey)
    await volumeAudit.goto(volumeId)
    const rows = volumeAudit.rows(volumeAudit.events)
    await expect(rows).toHaveCount(3)

    await page.getByRole('searchbox', { name: 'Search paths' }).fill('cuts/')
    await expect(rows).toHaveCount(2)
    await expect(volumeAudit.events).not.toContainText('b-roll')
    await expect(page).toHaveURL(/[?&]path=cuts%2F(&|$)/)

    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export CSV' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe(`volume-${volumeId}-audit.csv`)
    const text = await readFile(await download.path(), 'utf8')
    const [header, ...lines] = text.split('\r\n')
    expect(header).toBe('Timestamp,User,Email,Device,Source,Destination')
    expect(lines.at(-1)).toBe('')
    const body = lines.slice(0, -1)
    expect(body).toHaveLength(2)
    // Newest first, as the table: the quoted path's quotes doubled.
    expect(body[0]).toMatch(
      new RegExp(
        `^\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z,,${email.toLowerCase().replaceAll('.', '\\.')},,/media/Cuts/take-two\\.mov,Web Download$`,
      ),
    )
    expect(body[1]).toContain(',"/media/Cuts/take, ""one"".mov",Web Download')
    await expect(rows.first()).toContainText('/media/Cuts/take-two.mov')
  })
})
