// A device acts for its user, so it is refused whenever its user may not have it: a member who is removed
// (or leaves) has their devices revoked for good (token cleared, device and mounts disabled, recorded on the
// admin trail), and adding the e-mail again brings none of them back; a member without Add Devices has
// their devices refused on every call until it is given back. The device screens' answers say why.
import { describe, expect, it } from 'vitest'
import { endpoints } from '../../server/contract/endpoints.ts'
import { addPerson, adminOrg, storeFile } from './helpers/admin.ts'
import { databaseKinds } from './helpers/databases.ts'
import { addMount, appWithKey, changeDevice, registerDevice } from './helpers/devices.ts'
import { callEndpoint, refusal } from './helpers/endpoint.ts'
import { addMember, useServer } from './helpers/suite.ts'

describe.each(databaseKinds)('devices of people who may not have them on %s', (kind) => {
  const suite = useServer(kind)
  const dead = refusal(403, 'invalid_device_token')

  /** A member who may add devices, their device mounting the first volume's container, and a stored file. */
  async function mountedDevice(label: string) {
    const org = await adminOrg(suite, label, 'business_month')
    const app = await appWithKey(suite, org, 'Agent')
    const member = await addPerson(suite, org, { cap_add_device: true })
    const device = await registerDevice(suite, member, org.orgId, app, 'Studio Mac')
    await addMount(suite, org, device.deviceId, org.grantId)
    const file = await storeFile(suite, org, org.grantId, 'clip.mov', 'clip')
    const calls = {
      heartbeat: (token: string) =>
        callEndpoint(suite.url, endpoints.deviceHeartbeat, { body: { version: '1.2.3' }, token }),
      files: (token: string) =>
        callEndpoint(suite.url, endpoints.mountFiles, { params: { media_grant_id: org.grantId }, token }),
      download: (token: string) =>
        callEndpoint(suite.url, endpoints.mountDownloadUrl, {
          params: { media_grant_id: org.grantId, media_id: file.mediaId },
          query: { dest_path: '/Volumes/Work/clip.mov' },
          token,
        }),
      detail: () =>
        callEndpoint(suite.url, endpoints.deviceDetail, {
          params: { org_id: org.orgId, device_id: device.deviceId },
          key: org.key,
        }),
      revocations: async () =>
        (
          await callEndpoint(suite.url, endpoints.adminEventList, {
            params: { org_id: org.orgId },
            query: { user_id: String(member.userId) },
            key: org.key,
          })
        ).body.admin_event_list.filter((event) => event.action === 'device_revoke'),
    }
    for (const answer of [await calls.heartbeat(device.token), await calls.download(device.token)]) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    }
    return { org, app, member, device, calls }
  }

  /** Every call of the device with the token is refused as a token no device has. */
  async function expectDead(calls: Awaited<ReturnType<typeof mountedDevice>>['calls'], token: string) {
    expect(await calls.heartbeat(token)).toEqual(dead)
    expect(await calls.files(token)).toEqual(dead)
    expect(await calls.download(token)).toEqual(dead)
  }

  it('revokes a removed member’s devices for good, and adding the e-mail again brings none back', async () => {
    const { org, app, member, device, calls } = await mountedDevice('Revoke')
    const removed = await callEndpoint(suite.url, endpoints.userRemove, {
      params: { org_id: org.orgId, user_id: member.userId },
      key: org.key,
    })
    expect(removed).toEqual({ status: 200, body: {} })
    await expectDead(calls, device.token)

    // The device stays listed for the admin, disabled with its mounts, and says why.
    const shown = (await calls.detail()).body.device
    expect(shown).toMatchObject({ is_disabled: true, user_refusal: 'not_a_member' })
    expect(shown.media_grant_list.map((mount) => mount.is_disabled)).toEqual([true])
    const [row] = await suite.server.app.db.query<{ token_hash: Uint8Array | null }>(
      'SELECT token_hash FROM device WHERE device_id = $1',
      [device.deviceId],
    )
    expect(row?.token_hash).toBeNull()
    // Recorded on the admin trail, naming the device, by the admin who removed the member.
    const revoked = await calls.revocations()
    expect(revoked).toHaveLength(1)
    expect(revoked[0]).toMatchObject({ email: org.email.toLowerCase(), subject_user_id: member.userId })
    expect(revoked[0]?.summary).toContain('Studio Mac')

    // The same e-mail added again, with every capability off and no container: nothing comes back.
    expect(await addMember(suite, org.key, org.orgId, member.email)).toBe(member.userId)
    await expectDead(calls, device.token)
    expect((await calls.detail()).body.device).toMatchObject({
      is_disabled: true,
      user_refusal: 'add_device_off',
    })

    // With Add Devices again: registering the name again is refused, as for any disabled device.
    const allow = await callEndpoint(suite.url, endpoints.userUpdate, {
      params: { org_id: org.orgId, user_id: member.userId },
      body: { cap_add_device: true },
      key: org.key,
    })
    expect(allow.status).toBe(200)
    const register = () =>
      callEndpoint(suite.url, endpoints.deviceRegister, {
        params: { org_id: org.orgId },
        body: { app_id: app.appId, secret_key: app.secretKey, device_name: 'Studio Mac' },
        key: member.key,
      })
    expect(await register()).toEqual(refusal(403, 'device_disabled'))
    await expectDead(calls, device.token)

    // An admin enables it: the old token stays dead; registering again gives the same device a new token,
    // and its mounts stay off until an admin enables them.
    await changeDevice(suite, org, device.deviceId, { is_disabled: 0 })
    await expectDead(calls, device.token)
    const again = await registerDevice(suite, member, org.orgId, app, 'Studio Mac')
    expect(again.deviceId).toBe(device.deviceId)
    expect((await calls.heartbeat(again.token)).status).toBe(200)
    expect(await calls.files(again.token)).toEqual(refusal(403, 'mount_disabled'))
    expect((await calls.detail()).body.device.user_refusal).toBeNull()
  })

  it('revokes the devices of a member who leaves, recorded as their own change', async () => {
    const { org, member, device, calls } = await mountedDevice('Leave')
    const left = await callEndpoint(suite.url, endpoints.orgLeave, {
      params: { org_id: org.orgId },
      key: member.key,
    })
    expect(left).toEqual({ status: 200, body: {} })
    await expectDead(calls, device.token)
    const shown = (await calls.detail()).body.device
    expect(shown).toMatchObject({ is_disabled: true, user_refusal: 'not_a_member' })
    expect(shown.media_grant_list.map((mount) => mount.is_disabled)).toEqual([true])
    const revoked = await calls.revocations()
    expect(revoked).toHaveLength(1)
    expect(revoked[0]).toMatchObject({ email: member.email.toLowerCase(), subject_user_id: member.userId })

    expect(await addMember(suite, org.key, org.orgId, member.email, { cap_add_device: true })).toBe(
      member.userId,
    )
    await expectDead(calls, device.token)
  })

  it('refuses every call of a device whose user lacks Add Devices, until it is given back', async () => {
    const { org, member, device, calls } = await mountedDevice('Capability')
    const setAddDevice = async (on: boolean) => {
      const answer = await callEndpoint(suite.url, endpoints.userUpdate, {
        params: { org_id: org.orgId, user_id: member.userId },
        body: { cap_add_device: on },
        key: org.key,
      })
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    }
    await setAddDevice(false)
    const notAllowed = refusal(403, 'device_not_allowed')
    expect(await calls.heartbeat(device.token)).toEqual(notAllowed)
    expect(await calls.files(device.token)).toEqual(notAllowed)
    expect(await calls.download(device.token)).toEqual(notAllowed)

    // The refusal is recorded as the others are, and the device's answers say why, to the admin and to
    // the member on their own list.
    const shown = (await calls.detail()).body.device
    expect(shown).toMatchObject({ is_disabled: false, user_refusal: 'add_device_off' })
    expect(shown.last_refused_at).toMatch(/^\d{4}-\d\d-\d\dT/)
    const own = await callEndpoint(suite.url, endpoints.deviceList, {
      params: { org_id: org.orgId },
      key: member.key,
    })
    expect(own.body.device_list.map((each) => [each.device_id, each.user_refusal])).toEqual([
      [device.deviceId, 'add_device_off'],
    ])
    // Nothing is revoked: given back, the same token works again.
    expect(await calls.revocations()).toEqual([])
    await setAddDevice(true)
    expect((await calls.heartbeat(device.token)).status).toBe(200)
    expect((await calls.download(device.token)).status).toBe(200)
    expect((await calls.detail()).body.device.user_refusal).toBeNull()
  })

  it('leaves no working device to a member removed while registering one', async () => {
    const { org, app, member } = await mountedDevice('RegisterRace')
    // Registration and removal at once: whichever the organization's lock lets go first, the device that
    // comes of it is either refused at registration or revoked with the others.
    const [registered, removed] = await Promise.all([
      callEndpoint(suite.url, endpoints.deviceRegister, {
        params: { org_id: org.orgId },
        body: { app_id: app.appId, secret_key: app.secretKey, device_name: 'Second Mac' },
        key: member.key,
      }),
      callEndpoint(suite.url, endpoints.userRemove, {
        params: { org_id: org.orgId, user_id: member.userId },
        key: org.key,
      }),
    ])
    expect(removed.status, JSON.stringify(removed.body)).toBe(200)
    const live = await suite.server.app.db.query<{ device_id: number }>(
      `SELECT device_id FROM device
        WHERE org_id = $1 AND user_id = $2 AND (token_hash IS NOT NULL OR NOT is_disabled)`,
      [org.orgId, member.userId],
    )
    expect(live).toEqual([])
    if (registered.status === 200) {
      expect(
        await callEndpoint(suite.url, endpoints.deviceHeartbeat, {
          body: { version: '1.0.0' },
          token: registered.body.device_token,
        }),
      ).toEqual(dead)
    } else {
      expect(registered.status).toBe(403)
    }
  })
})
