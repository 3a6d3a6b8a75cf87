// Devices and their mounts as the console manages them (specification 001 sections 2-9; issue 11): the
// list (an admin's and a member's view), the detail, the admin's changes within the plan, mounts of
// containers and of whole volumes, their states and removal, and volume keys.
import { describe, expect, it } from 'vitest'
import { endpoints } from '../../server/contract/endpoints.ts'
import { addPerson, adminOrg, type AdminOrg } from './helpers/admin.ts'
import { databaseKinds } from './helpers/databases.ts'
import { addMount, appWithKey, changeDevice, registerDevice } from './helpers/devices.ts'
import { callEndpoint, refusal } from './helpers/endpoint.ts'
import { useServer } from './helpers/suite.ts'

const OK = { status: 200, body: {} }
const DEVICE_CAPS = { cap_add_device: true, cap_web_upload: true, cap_web_download: true }

describe.each(databaseKinds)('devices on %s', (kind) => {
  const suite = useServer(kind)

  const list = (who: { key: string }, orgId: number, filter?: 'active' | 'all') =>
    callEndpoint(suite.url, endpoints.deviceList, {
      params: { org_id: orgId },
      ...(filter ? { query: { filter } } : {}),
      key: who.key,
    })
  const detail = (who: { key: string }, orgId: number, deviceId: number) =>
    callEndpoint(suite.url, endpoints.deviceDetail, {
      params: { org_id: orgId, device_id: deviceId },
      key: who.key,
    })
  const update = (org: AdminOrg, deviceId: number, body: Record<string, unknown>) =>
    callEndpoint(suite.url, endpoints.deviceUpdate, {
      params: { org_id: org.orgId, device_id: deviceId },
      body: body as never,
      key: org.key,
    })

  /** An organization with an app, a member who may add devices, and that member's device. */
  async function withDevice(plan: 'starter_month' | 'business_month' = 'starter_month') {
    const org = await adminOrg(suite, 'Devices', plan)
    const app = await appWithKey(suite, org, 'Desktop')
    const member = await addPerson(suite, org, DEVICE_CAPS)
    const device = await registerDevice(suite, member, org.orgId, app, 'Edit bay 1')
    return { org, app, member, device }
  }

  it("lists every device for an admin and only the member's own for a member, Active or All", async () => {
    const { org, app, member, device } = await withDevice('business_month')
    const other = await addPerson(suite, org, DEVICE_CAPS)
    const theirs = await registerDevice(suite, other, org.orgId, app, 'Laptop')
    await changeDevice(suite, org, theirs.deviceId, { is_disabled: 1 })

    const adminActive = await list(org, org.orgId)
    expect(adminActive.body.device_list.map((d) => d.device_id)).toEqual([device.deviceId])
    const adminAll = await list(org, org.orgId, 'all')
    expect(adminAll.body.device_list.map((d) => d.device_name)).toEqual(['Edit bay 1', 'Laptop'])
    const row = adminAll.body.device_list[0]
    expect(row).toMatchObject({
      user_id: member.userId,
      email: member.email,
      app_id: app.appId,
      app_name: 'Desktop',
      is_disabled: false,
      upload_priority: 500,
      last_seen: null,
      last_version: null,
    })
    expect((await list(member, org.orgId, 'all')).body.device_list.map((d) => d.device_id)).toEqual([
      device.deviceId,
    ])
    // Another member's device is as missing as a device that does not exist.
    expect(await detail(member, org.orgId, theirs.deviceId)).toEqual(refusal(404, 'not_found'))
    expect((await detail(member, org.orgId, device.deviceId)).body.device.volume_key_list).toEqual([])
  })

  it('changes a device within the plan: the count of enabled devices and Avid', async () => {
    const { org, app, member, device } = await withDevice()
    const second = await registerDevice(suite, member, org.orgId, app, 'Edit bay 2')
    // Starter allows 2 enabled devices: a third registration is refused, a disabled one frees a slot.
    const third = await callEndpoint(suite.url, endpoints.deviceRegister, {
      params: { org_id: org.orgId },
      body: { app_id: app.appId, secret_key: app.secretKey, device_name: 'Edit bay 3' },
      key: member.key,
    })
    expect(third).toEqual(refusal(402, 'max_device_count', 2))
    await changeDevice(suite, org, second.deviceId, { is_disabled: 1 })
    const thirdDevice = await registerDevice(suite, member, org.orgId, app, 'Edit bay 3')
    // Enabling the second again would make three.
    expect(await update(org, second.deviceId, { is_disabled: 0 })).toEqual(
      refusal(402, 'max_device_count', 2),
    )
    expect(await update(org, thirdDevice.deviceId, { is_avid_enabled: 1 })).toEqual(
      refusal(402, 'plan_limit'),
    )

    expect(
      await update(org, device.deviceId, {
        device_name: '  Grading suite ',
        is_upload_disabled: 1,
        upload_priority: 900,
      }),
    ).toEqual(OK)
    const changed = (await detail(org, org.orgId, device.deviceId)).body.device
    expect(changed).toMatchObject({
      device_name: 'Grading suite',
      is_upload_disabled: true,
      upload_priority: 900,
    })
    expect(await update(org, device.deviceId, { device_name: '   ' })).toEqual(
      refusal(400, 'invalid_device_name'),
    )
    expect((await update(org, device.deviceId, { upload_priority: 1001 })).status).toBe(400)
    // A member cannot change a device, not even their own.
    expect(
      await callEndpoint(suite.url, endpoints.deviceUpdate, {
        params: { org_id: org.orgId, device_id: device.deviceId },
        body: { device_name: 'Mine' },
        key: member.key,
      }),
    ).toEqual(refusal(403, 'admin_required'))
    // Every change is in the admin trail, naming the device.
    const [events] = await suite.server.app.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM admin_event WHERE device_id = $1 AND action = 'device_update'",
      [device.deviceId],
    )
    expect(events?.n).toBe(1)
  })

  it('allows Avid on a plan that has it, and moves a device only to a member who may add devices', async () => {
    const { org, device } = await withDevice('business_month')
    expect(await update(org, device.deviceId, { is_avid_enabled: true })).toEqual(OK)
    expect((await detail(org, org.orgId, device.deviceId)).body.device.is_avid_enabled).toBe(true)
    // The device may only go to a member who may add devices.
    const reader = await addPerson(suite, org, { cap_web_download: true })
    expect(await update(org, device.deviceId, { user_id: reader.userId })).toEqual(
      refusal(403, 'device_not_allowed'),
    )
    expect(await update(org, device.deviceId, { user_id: 999_999_999 })).toEqual(
      refusal(400, 'not_a_member_user'),
    )
    const mover = await addPerson(suite, org, DEVICE_CAPS)
    expect(await update(org, device.deviceId, { user_id: mover.userId })).toEqual(OK)
    expect((await detail(org, org.orgId, device.deviceId)).body.device.user_id).toBe(mover.userId)
  })

  it('mounts containers and volumes, enables and disables mounts, and removes only unsynced ones', async () => {
    const { org, device } = await withDevice()
    const mountCall = (
      endpoint:
        | typeof endpoints.deviceGrantAdd
        | typeof endpoints.deviceGrantDelete
        | typeof endpoints.deviceGrantEnable
        | typeof endpoints.deviceGrantDisable,
      grantId: number,
    ) =>
      callEndpoint(suite.url, endpoint, {
        params: { org_id: org.orgId, device_id: device.deviceId },
        body: { media_grant_id: grantId },
        key: org.key,
      })
    await addMount(suite, org, device.deviceId, org.grantId)
    expect(await mountCall(endpoints.deviceGrantAdd, org.grantId)).toEqual(refusal(409, 'used_mount'))
    expect(await mountCall(endpoints.deviceGrantAdd, 999_999_999)).toEqual(refusal(404, 'not_found'))
    const mounts = () =>
      detail(org, org.orgId, device.deviceId).then((answer) => answer.body.device.media_grant_list)
    expect(await mounts()).toEqual([
      expect.objectContaining({
        media_grant_id: org.grantId,
        volume_id: org.volumeId,
        prefix_path: '/',
        is_disabled: false,
        last_seen: null,
      }),
    ])
    expect(await mountCall(endpoints.deviceGrantDisable, org.grantId)).toEqual(OK)
    expect((await mounts())[0]?.is_disabled).toBe(true)
    expect(await mountCall(endpoints.deviceGrantEnable, org.grantId)).toEqual(OK)
    expect((await mounts())[0]?.is_disabled).toBe(false)
    // A mounted container cannot be deleted.
    const deleted = await callEndpoint(suite.url, endpoints.grantDelete, {
      params: { org_id: org.orgId, media_grant_id: org.grantId },
      key: org.key,
    })
    expect(deleted).toEqual(refusal(409, 'grant_has_devices'))
    // Removed while the device has not used it; once it has, only disabled.
    expect(await mountCall(endpoints.deviceGrantDelete, org.grantId)).toEqual(OK)
    expect(await mounts()).toEqual([])
    const volumeMount = await callEndpoint(suite.url, endpoints.deviceVolumeMount, {
      params: { org_id: org.orgId, device_id: device.deviceId, volume_id: org.volumeId },
      key: org.key,
    })
    expect(volumeMount).toEqual(OK)
    expect((await mounts()).map((mount) => mount.media_grant_id)).toEqual([org.grantId])
    const volumeDisable = await callEndpoint(suite.url, endpoints.deviceVolumeDisable, {
      params: { org_id: org.orgId, device_id: device.deviceId, volume_id: org.volumeId },
      key: org.key,
    })
    expect(volumeDisable).toEqual(OK)
    expect((await mounts())[0]?.is_disabled).toBe(true)
    const volumeCall = (
      endpoint:
        | typeof endpoints.deviceVolumeMount
        | typeof endpoints.deviceVolumeEnable
        | typeof endpoints.deviceVolumeDisable,
      ids: { device_id?: number; volume_id?: number } = {},
    ) =>
      callEndpoint(suite.url, endpoint, {
        params: { org_id: org.orgId, device_id: device.deviceId, volume_id: org.volumeId, ...ids },
        key: org.key,
      })
    expect(await volumeCall(endpoints.deviceVolumeEnable)).toEqual(OK)
    expect((await mounts())[0]?.is_disabled).toBe(false)
    expect(await volumeCall(endpoints.deviceVolumeMount)).toEqual(refusal(409, 'used_mount'))
    expect(await volumeCall(endpoints.deviceVolumeMount, { volume_id: 999_999_999 })).toEqual(
      refusal(404, 'not_found'),
    )
    expect(await volumeCall(endpoints.deviceVolumeEnable, { volume_id: 999_999_999 })).toEqual(
      refusal(404, 'not_found'),
    )
    expect(await volumeCall(endpoints.deviceVolumeMount, { device_id: 999_999_999 })).toEqual(
      refusal(404, 'not_found'),
    )
    // A volume without a root container gets one when mounted whole.
    const bare = await callEndpoint(suite.url, endpoints.volumeCreate, {
      params: { org_id: org.orgId },
      body: { volume_name: 'Archive' },
      key: org.key,
    })
    await suite.server.app.db.query("DELETE FROM media_grant WHERE volume_id = $1 AND prefix_path = '/'", [
      bare.body.volume_id,
    ])
    expect(await volumeCall(endpoints.deviceVolumeMount, { volume_id: bare.body.volume_id })).toEqual(OK)
    expect((await mounts()).map((mount) => [mount.volume_name, mount.prefix_path])).toEqual([
      ['Archive', '/'],
      ['Devices media', '/'],
    ])
    await volumeCall(endpoints.deviceVolumeDisable)
    await suite.server.app.db.query('UPDATE device_media_grant SET last_seen = now() WHERE device_id = $1', [
      device.deviceId,
    ])
    expect(await mountCall(endpoints.deviceGrantDelete, org.grantId)).toEqual(refusal(409, 'mount_synced'))
  })

  it("hands out a mounted volume's key to admins only, the same key each time, recorded", async () => {
    const { org, member, device } = await withDevice()
    const keyOf = (who: { key: string }, grantId: number) =>
      callEndpoint(suite.url, endpoints.deviceVolumeKey, {
        params: { org_id: org.orgId, device_id: device.deviceId, media_grant_id: grantId },
        key: who.key,
      })
    expect(await keyOf(org, org.grantId)).toEqual(refusal(404, 'not_found'))
    await addMount(suite, org, device.deviceId, org.grantId)
    const first = await keyOf(org, org.grantId)
    expect(first.body.volume_encryption_key).toMatch(/^[0-9a-f]{64}$/)
    expect((await keyOf(org, org.grantId)).body).toEqual(first.body)
    expect(await keyOf(member, org.grantId)).toEqual(refusal(403, 'admin_required'))
    // Kept sealed: the stored value is not the key.
    const [row] = await suite.server.app.db.query<{ sealed_key: Uint8Array }>(
      'SELECT sealed_key FROM volume WHERE volume_id = $1',
      [org.volumeId],
    )
    expect(Buffer.from(row?.sealed_key ?? []).toString('hex')).not.toContain(first.body.volume_encryption_key)
    const keys = (await detail(org, org.orgId, device.deviceId)).body.device.volume_key_list
    expect(keys).toHaveLength(2)
    expect(keys[0]).toMatchObject({ volume_id: org.volumeId, email: org.email.toLowerCase() })
  })
})
