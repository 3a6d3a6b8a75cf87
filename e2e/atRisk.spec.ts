// A volume's media at risk (issue 11), against the real server: a member's device registers two files on a
// mount without uploading them and reports holding one; the admin opens the volume's At Risk tab and sees
// both 'Not Uploaded' files, the held one on the device that just sent a heartbeat, the other held by no
// device; a file in the cloud is not listed; the days are chosen in the address. The organization, device
// and files are made through the API (the device's calls with its token).
import { endpoints } from '../server/contract/endpoints.ts'
import {
  addDeviceMount,
  addOrgUser,
  api,
  createApp,
  createReadyOrg,
  deviceRegisterFile,
  heartbeat,
  listGrants,
  newAppKey,
  putFile,
  registerDevice,
  reportHolding,
  signUpUser,
  volumeIdOf,
} from './support/api.ts'
import { expect, test } from './support/fixtures.ts'
import { freshEmail } from './support/mail.ts'

const VOLUME = 'Footage'

/** An organization whose member's device mounts the volume's container and has sent a heartbeat. */
async function setUp(label: string) {
  const adminEmail = freshEmail(`at-risk-${label}-admin`)
  const adminKey = await signUpUser(adminEmail)
  const orgId = await createReadyOrg(adminKey, `At Risk Org ${adminEmail}`, VOLUME)
  const volumeId = await volumeIdOf(adminKey, orgId, VOLUME)
  const memberEmail = freshEmail(`at-risk-${label}-member`)
  const memberKey = await signUpUser(memberEmail)
  await addOrgUser(adminKey, orgId, { email: memberEmail, cap_add_device: true })
  const appId = await createApp(adminKey, orgId, 'Desktop')
  const secretKey = await newAppKey(adminKey, orgId, appId)
  const device = await registerDevice(memberKey, orgId, {
    app_id: appId,
    secret_key: secretKey,
    device_name: 'Edit Bay',
  })
  const root = (await listGrants(adminKey, orgId)).find((grant) => grant.grant_name === VOLUME)
  if (!root) throw new Error('the new volume came without its container')
  await addDeviceMount(adminKey, orgId, device.device_id, root.media_grant_id)
  await heartbeat(device.device_token, '1.0.0')
  return { adminKey, orgId, volumeId, grantId: root.media_grant_id, device }
}

test.describe('media at risk', () => {
  test('the admin sees the files not in the cloud, with the device that holds one, for the days chosen', async ({
    page,
    layout,
    volumeSettings,
    volumeAtRisk,
    fileDetail,
  }) => {
    const { adminKey, orgId, volumeId, grantId, device } = await setUp('files')
    const held = await deviceRegisterFile(device.device_token, grantId, '/Edit/held.mov', 'on the device')
    await reportHolding(device.device_token, grantId, [held.file_hash])
    await deviceRegisterFile(device.device_token, grantId, '/lost.mov', 'nowhere now')
    await putFile({ sessionKey: adminKey, orgId, grantId }, '/safe.txt', 'in the cloud')

    await layout.useSession(adminKey)
    await volumeSettings.goto(volumeId)
    await volumeSettings.tab('At Risk').click()
    await expect(page).toHaveURL(new RegExp(`/volume/${volumeId}/at_risk$`))
    await expect(volumeAtRisk.heading).toHaveText(VOLUME)
    await expect(volumeAtRisk.tab('At Risk')).toHaveAttribute('aria-current', 'page')
    await expect(volumeAtRisk.explanation).toContainText(
      'Those that no device seen in the last 7 days holds would be lost with the machines that hold them.',
    )
    await expect(volumeAtRisk.days).toHaveValue('7')
    await expect(volumeAtRisk.counts).toHaveText(
      '2 files not uploaded; 1 held by no device seen in the last 7 days',
    )

    // The stale file first; the file in the cloud is not listed.
    await expect(volumeAtRisk.table.getByRole('rowheader')).toHaveText(['/lost.mov', '/Edit/held.mov'])
    await expect(volumeAtRisk.row('/lost.mov')).toHaveAttribute('data-risk', 'stale')
    await expect(volumeAtRisk.cell('/lost.mov', 'Size')).toHaveText('11 B')
    await expect(volumeAtRisk.cell('/lost.mov', 'Last Updated')).toHaveText(/^\d{1,2}:\d\d [AP]M$/)
    await expect(volumeAtRisk.cell('/lost.mov', 'Devices')).toHaveText('No device')
    await expect(volumeAtRisk.cell('/lost.mov', 'Risk')).toHaveText('No device')
    await expect(volumeAtRisk.row('/Edit/held.mov')).toHaveAttribute('data-risk', 'recent')
    await expect(volumeAtRisk.cell('/Edit/held.mov', 'Devices')).toHaveText(
      /^Edit Bay last seen \d{1,2}:\d\d [AP]M$/,
    )
    await expect(volumeAtRisk.cell('/Edit/held.mov', 'Risk')).toHaveText('On a recent device')
    await expect(volumeAtRisk.page.getByText('Showing the first')).toHaveCount(0)

    // Another number of days: the address keeps it, and the view reads for it.
    await volumeAtRisk.days.selectOption('30')
    await expect(page).toHaveURL(new RegExp(`/volume/${volumeId}/at_risk\\?days=30$`))
    await expect(volumeAtRisk.counts).toHaveText(
      '2 files not uploaded; 1 held by no device seen in the last 30 days',
    )
    await expect(volumeAtRisk.explanation).toContainText('no device seen in the last 30 days holds')
    await page.reload()
    await expect(volumeAtRisk.days).toHaveValue('30')
    await expect(volumeAtRisk.counts).toContainText('in the last 30 days')
    await volumeAtRisk.days.selectOption('7')
    await expect(page).toHaveURL(new RegExp(`/volume/${volumeId}/at_risk$`))
    await expect(volumeAtRisk.counts).toContainText('in the last 7 days')
    // Days out of 1 to 365 are the default, and leave the address.
    await volumeAtRisk.goto(volumeId, 999)
    await expect(volumeAtRisk.days).toHaveValue('7')
    await expect(volumeAtRisk.counts).toContainText('in the last 7 days')
    await expect(page).toHaveURL(new RegExp(`/volume/${volumeId}/at_risk$`))

    // The device opens from its name; a file opens in the container the admin holds over it.
    await expect(
      volumeAtRisk.cell('/Edit/held.mov', 'Devices').getByRole('link', { name: 'Edit Bay' }),
    ).toHaveAttribute('href', `/device/${device.device_id}`)
    await volumeAtRisk.row('/lost.mov').getByRole('link', { name: '/lost.mov' }).click()
    await expect(page).toHaveURL(new RegExp(`/home/${VOLUME}/lost\\.mov$`))
    await expect(fileDetail.heading).toHaveText('lost.mov')
    await expect(fileDetail.property('Network Status')).toHaveText('Not Uploaded')

    // At 375px the table reads without sideways scrolling.
    await page.setViewportSize({ width: 375, height: 800 })
    await volumeAtRisk.goto(volumeId)
    await expect(volumeAtRisk.row('/Edit/held.mov')).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })

  test('a volume whose files are all in the cloud has none at risk', async ({ layout, volumeAtRisk }) => {
    const { adminKey, orgId } = await setUp('empty')
    const { volume_id } = await api(
      endpoints.volumeCreate,
      { params: { org_id: orgId }, body: { org_id: orgId, volume_name: 'Archive' } },
      adminKey,
    )
    const archive = (await listGrants(adminKey, orgId)).find((grant) => grant.grant_name === 'Archive')
    if (!archive) throw new Error('the new volume came without its container')
    await putFile({ sessionKey: adminKey, orgId, grantId: archive.media_grant_id }, '/kept.txt', 'stored')

    await layout.useSession(adminKey)
    await volumeAtRisk.goto(volume_id)
    await expect(volumeAtRisk.heading).toHaveText('Archive')
    await expect(volumeAtRisk.counts).toHaveText(
      '0 files not uploaded; 0 held by no device seen in the last 7 days',
    )
    await expect(volumeAtRisk.empty).toBeVisible()
    await expect(volumeAtRisk.rows()).toHaveCount(1)
  })
})
