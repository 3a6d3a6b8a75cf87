// Devices (issue 11; specification 001 sections 2, 6 and 8), against the real server: a member registers a
// machine through an app (the API, as a device would), and the admin sees it on /device, edits it, mounts a
// container, disables and enables the mount, gets its volume key and deletes it; a member sees only their
// own devices, read-only; the plan's device count and Avid refuse with the catalogue's words. The
// organization, app, key and registrations are made through the API; what the issue asks of the screens
// is done in them.
import type { Browser } from '@playwright/test'
import { endpoints } from '../server/contract/endpoints.ts'
import { DeviceDetailPage } from './pages/DeviceDetailPage.ts'
import { DeviceListPage } from './pages/DeviceListPage.ts'
import { Layout } from './pages/Layout.ts'
import { NotFoundPage } from './pages/NotFoundPage.ts'
import {
  addDeviceMount,
  addOrgUser,
  createApp,
  createReadyOrg,
  deviceApi,
  heartbeat,
  heartbeatStatus,
  listGrants,
  newAppKey,
  orgUserIdOf,
  registerDevice,
  signUpUser,
  updateDevice,
  updateOrgUser,
} from './support/api.ts'
import { expect, test } from './support/fixtures.ts'
import { freshEmail } from './support/mail.ts'

const VOLUME = 'Footage'

/** An organization on the starter plan (2 devices), its admin, a member who may add devices, an app and key. */
async function setUp(label: string) {
  const adminEmail = freshEmail(`devices-${label}-admin`)
  const adminKey = await signUpUser(adminEmail)
  const orgId = await createReadyOrg(adminKey, `Devices Org ${adminEmail}`, VOLUME)
  const memberEmail = freshEmail(`devices-${label}-member`)
  const memberKey = await signUpUser(memberEmail)
  await addOrgUser(adminKey, orgId, { email: memberEmail, cap_add_device: true })
  const appId = await createApp(adminKey, orgId, 'Desktop')
  const secretKey = await newAppKey(adminKey, orgId, appId)
  const register = (sessionKey: string, device_name: string) =>
    registerDevice(sessionKey, orgId, { app_id: appId, secret_key: secretKey, device_name })
  return { adminEmail, adminKey, orgId, memberEmail, memberKey, register }
}

/** A second browser signed in as someone else, beside the first. */
async function otherBrowser(browser: Browser, baseURL: string, sessionKey: string) {
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  const layout = new Layout(page)
  await layout.useSession(sessionKey)
  return {
    context,
    page,
    layout,
    list: new DeviceListPage(page),
    detail: new DeviceDetailPage(page),
    notFound: new NotFoundPage(page),
  }
}

test.describe('devices', () => {
  test('an admin sees a member’s device, edits it, and mounts, disables, enables, keys and deletes a container', async ({
    page,
    layout,
    deviceList,
    deviceDetail,
  }) => {
    const { adminEmail, adminKey, orgId, memberEmail, memberKey, register } = await setUp('admin')
    const laptop = await register(memberKey, 'Member Laptop')
    await heartbeat(laptop.device_token, '1.2.3')

    await layout.useSession(adminKey)
    await deviceList.goto()
    await expect(deviceList.heading).toBeVisible()
    await expect(layout.navLink('Devices')).toBeVisible()
    await expect(deviceList.filter('Active')).toBeChecked()
    const row = deviceList.row('Member Laptop')
    await expect(row).toContainText(memberEmail)
    await expect(row).toContainText('Enabled')
    await expect(row).toContainText('1.2.3')
    // The spec's desktop releases are listed, none as a link that leads nowhere; the device agent is served.
    await expect(deviceList.desktopClients).toHaveText([
      /^Mac Apple Silicon 1\.0\.261 Not yet available$/,
      /^Mac Intel 1\.0\.261 Not yet available$/,
      /^Avid Launcher 1\.0\.80 Not yet available$/,
      /^Windows x64 1\.0\.440 \(beta\) Not yet available$/,
      /^Windows arm64 1\.0\.440 \(beta\) Not yet available$/,
    ])
    await expect(deviceList.downloadLinks()).toHaveCount(1)
    await expect(deviceList.agentHint).toBeVisible()
    const href = await deviceList.agentDownload.getAttribute('href')
    expect(href).toBe('/downloads/media-agent.mjs')
    const agent = await page.request.get(href ?? '')
    expect(agent.status()).toBe(200)
    expect(await agent.text()).toMatch(/^#!\/usr\/bin\/env node\n/)
    const [download] = await Promise.all([page.waitForEvent('download'), deviceList.agentDownload.click()])
    expect(download.suggestedFilename()).toBe('media-agent.mjs')

    // The details box: only the changed fields are sent.
    await deviceList.open('Member Laptop')
    await expect(page).toHaveURL(new RegExp(`/device/${laptop.device_id}$`))
    await expect(deviceDetail.heading).toHaveText('Member Laptop')
    await expect(deviceDetail.mounts).toContainText('No Device Mounts.')
    await expect(deviceDetail.save).toBeDisabled()
    await deviceDetail.deviceName.fill('Edit Bay')
    await deviceDetail.uploadPriority.fill('1001')
    await expect(deviceDetail.save).toBeDisabled()
    await deviceDetail.uploadPriority.fill('800')
    await deviceDetail.save.click()
    await expect(deviceDetail.status).toHaveText('Device saved.')
    await expect(deviceDetail.heading).toHaveText('Edit Bay')
    await expect(deviceDetail.save).toBeDisabled()
    await expect(deviceDetail.uploadPriority).toHaveValue('800')

    // Add Mount, then Disable and Enable: only the button its state allows.
    await deviceDetail.containerChoice.selectOption({ label: `${VOLUME} (${VOLUME} /)` })
    await deviceDetail.addMount.click()
    const mount = deviceDetail.mountRow(VOLUME)
    await expect(mount).toContainText('Enabled')
    await expect(mount).toContainText('Never')
    await expect(deviceDetail.mountButton(VOLUME, 'Enable')).toHaveCount(0)
    await deviceDetail.mountButton(VOLUME, 'Disable').click()
    await expect(mount).toContainText('Disabled')
    await expect(deviceDetail.mountButton(VOLUME, 'Disable')).toHaveCount(0)
    await deviceDetail.mountButton(VOLUME, 'Enable').click()
    await expect(mount).toContainText('Enabled')

    // The volume key: shown once, and its retrieval listed among the keys handed out.
    await deviceDetail.mountButton(VOLUME, 'Get Volume Key').click()
    await expect(deviceDetail.volumeKey).toHaveValue(/^[0-9a-f]{64}$/)
    await expect(deviceDetail.keysHandedOut.getByRole('row').filter({ hasText: VOLUME })).toContainText(
      adminEmail,
    )

    // A mount the device never synced can be deleted, after a confirmation.
    await deviceDetail.mountButton(VOLUME, 'Delete').click()
    await expect(deviceDetail.dialog).toContainText(`Delete the mount of ${VOLUME} from this device?`)
    await deviceDetail.answerDialog('Delete')
    await expect(deviceDetail.mounts).toContainText('No Device Mounts.')

    // Once the device has synced a mount, it may only be disabled.
    const root = (await listGrants(adminKey, orgId)).find((grant) => grant.grant_name === VOLUME)
    if (!root) throw new Error('the new volume came without its root container')
    await addDeviceMount(adminKey, orgId, laptop.device_id, root.media_grant_id)
    await deviceApi(
      endpoints.mountFiles,
      { params: { media_grant_id: root.media_grant_id } },
      laptop.device_token,
    )
    await page.reload()
    await expect(deviceDetail.mountRow(VOLUME)).not.toContainText('Never')
    await deviceDetail.mountButton(VOLUME, 'Delete').click()
    await deviceDetail.answerDialog('Delete')
    await expect(deviceDetail.dialog).toContainText(
      'This mount has been synced by the device. You may disable but not delete this mount.',
    )
    await deviceDetail.answerDialog('Done')
    await expect(deviceDetail.mountRow(VOLUME)).toBeVisible()
  })

  test('a member sees only their own devices, read-only, and not an admin’s', async ({
    browser,
    baseURL,
    layout,
    deviceList,
  }) => {
    const { adminKey, memberKey, register } = await setUp('member')
    const desk = await register(adminKey, 'Admin Desk')
    const laptop = await register(memberKey, 'Member Laptop')

    await layout.useSession(adminKey)
    await deviceList.goto()
    await expect(deviceList.row('Admin Desk')).toBeVisible()
    await expect(deviceList.row('Member Laptop')).toBeVisible()

    const member = await otherBrowser(browser, baseURL ?? '', memberKey)
    try {
      await member.list.goto()
      await expect(member.layout.navLink('Devices')).toBeVisible()
      await expect(member.list.names()).toHaveText(['Member Laptop'])
      await member.list.open('Member Laptop')
      await expect(member.detail.heading).toHaveText('Member Laptop')
      await expect(member.detail.readOnlyStatus).toHaveText('Enabled')
      await expect(member.detail.save).toHaveCount(0)
      await expect(member.detail.addMount).toHaveCount(0)
      await expect(member.detail.mounts).toContainText('No Device Mounts.')
      expect(laptop.device_id).not.toBe(desk.device_id)
      await member.detail.goto(desk.device_id)
      await expect(member.notFound.heading).toBeVisible()
      await expect(member.layout.sidebar).toBeVisible()
    } finally {
      await member.context.close()
    }
  })

  test('the plan’s device count and Avid refuse with their messages; a refused device says when', async ({
    layout,
    deviceList,
    deviceDetail,
  }) => {
    const { adminKey, orgId, memberKey, register } = await setUp('limits')
    const first = await register(memberKey, 'First')
    const second = await register(memberKey, 'Second')
    // The starter plan's two devices: the second is disabled, which frees a place for a third.
    await updateDevice(adminKey, orgId, second.device_id, { is_disabled: true })
    expect(await heartbeatStatus(second.device_token, '1.0.0')).toBe(403)
    await register(memberKey, 'Third')

    await layout.useSession(adminKey)
    await deviceList.goto()
    await expect(deviceList.names()).toHaveText(['First', 'Third'])
    await deviceList.filter('All').check()
    await expect(deviceList.row('Second')).toContainText('Disabled')
    await expect(deviceList.row('Second')).toContainText(/Refused (less than a minute|1 minute) ago/)

    // Enabling the second again would make three enabled devices.
    await deviceList.open('Second')
    await expect(deviceDetail.lastRefused).toContainText('Refused')
    await deviceDetail.switchTo('Status', 'Enabled').check()
    await deviceDetail.save.click()
    await expect(deviceDetail.error).toHaveText('Sorry, your plan limit for devices has been reached.')

    // Avid is not part of the starter plan.
    await deviceDetail.goto(first.device_id)
    await expect(deviceDetail.heading).toHaveText('First')
    await deviceDetail.switchTo('Avid', 'Enabled').check()
    await deviceDetail.save.click()
    await expect(deviceDetail.error).toHaveText('Sorry, you plan does not allow this change.')
  })

  test('a device whose user lost Add Devices is refused, and both device screens say why', async ({
    layout,
    deviceList,
    deviceDetail,
  }) => {
    const { adminKey, orgId, memberEmail, memberKey, register } = await setUp('refused')
    const laptop = await register(memberKey, 'Field Laptop')
    await heartbeat(laptop.device_token, '2.0.0')
    const memberId = await orgUserIdOf(adminKey, orgId, memberEmail)
    await updateOrgUser(adminKey, orgId, memberId, { cap_add_device: false })
    expect(await heartbeatStatus(laptop.device_token, '2.0.0')).toBe(403)

    await layout.useSession(adminKey)
    await deviceList.goto()
    // Its own switch still reads Enabled; the reason and the refusal stand beside it.
    const row = deviceList.row('Field Laptop')
    await expect(row).toContainText('Enabled')
    await expect(row).toContainText('User lacks Add Devices')
    await expect(row).toContainText(/Refused (less than a minute|1 minute) ago/)
    await deviceList.open('Field Laptop')
    await expect(deviceDetail.userRefusal).toHaveText(
      "This device's user does not have Add Devices: every call of the device is refused until an admin " +
        'gives it back.',
    )

    // Given back, the same token works again and the notice goes.
    await updateOrgUser(adminKey, orgId, memberId, { cap_add_device: true })
    expect(await heartbeatStatus(laptop.device_token, '2.0.1')).toBe(200)
    await deviceDetail.goto(laptop.device_id)
    await expect(deviceDetail.heading).toHaveText('Field Laptop')
    await expect(deviceDetail.userRefusal).toBeHidden()
  })
})
