// The device protocol (docs/devices.md; issue 11): registration through an app, the device's token,
// heartbeats written at most once per interval, mounts and their files, content moved with the web's calls
// (versions name the device), holdings, downloads with their destination, and every switch that refuses a
// device taking effect on its next call.
import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { endpoints } from '../../server/contract/endpoints.ts'
import { addPerson, adminOrg, storeFile, type Person } from './helpers/admin.ts'
import { databaseKinds } from './helpers/databases.ts'
import { addMount, appWithKey, changeDevice, registerDevice } from './helpers/devices.ts'
import { callEndpoint, refusal } from './helpers/endpoint.ts'
import { useServer } from './helpers/suite.ts'

const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex')

describe.each(databaseKinds)('the device protocol on %s', (kind) => {
  const suite = useServer(kind)
  const db = () => suite.server.app.db

  /** An organization whose member registered a device that mounts the first volume's container. */
  async function mountedDevice() {
    const org = await adminOrg(suite, 'Protocol', 'business_month')
    const app = await appWithKey(suite, org, 'Agent')
    const member = await addPerson(suite, org, { cap_add_device: true })
    const device = await registerDevice(suite, member, org.orgId, app, 'Studio Mac')
    await addMount(suite, org, device.deviceId, org.grantId)
    return { org, app, member, device }
  }

  /** A signed URL of the local store, sent to this test's server (the URL names the configured public one). */
  const onSuite = (url: string) => {
    const signed = new URL(url)
    return new URL(signed.pathname + signed.search, suite.url).toString()
  }

  const heartbeat = (token: string, version = '1.2.3') =>
    callEndpoint(suite.url, endpoints.deviceHeartbeat, { body: { version }, token })

  it('registers only members who may add devices, with the app key, and the same name is the same device', async () => {
    const org = await adminOrg(suite, 'Register', 'business_month')
    const app = await appWithKey(suite, org, 'Agent')
    const reader = await addPerson(suite, org, { cap_web_download: true })
    const register = (
      who: Person,
      body: Partial<{ app_id: number; secret_key: string; device_name: string }>,
    ) =>
      callEndpoint(suite.url, endpoints.deviceRegister, {
        params: { org_id: org.orgId },
        body: { app_id: app.appId, secret_key: app.secretKey, device_name: 'Laptop', ...body },
        key: who.key,
      })
    expect(await register(reader, {})).toEqual(refusal(403, 'device_not_allowed'))
    const member = await addPerson(suite, org, { cap_add_device: true })
    expect(await register(member, { secret_key: 'x'.repeat(43) })).toEqual(refusal(403, 'invalid_app_key'))
    expect(await register(member, { app_id: 999_999_999 })).toEqual(refusal(404, 'not_found'))
    expect(await register(member, { device_name: ' ' })).toEqual(refusal(400, 'invalid_device_name'))
    const first = await register(member, {})
    expect(first.status).toBe(200)
    expect(first.body.device_token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // Registering again under the same name: the same device, a new token, the old one refused.
    const again = await register(member, { device_name: 'LAPTOP' })
    expect(again.body.device_id).toBe(first.body.device_id)
    expect(await heartbeat(first.body.device_token)).toEqual(refusal(403, 'invalid_device_token'))
    expect((await heartbeat(again.body.device_token)).status).toBe(200)
    // Only the token's hash is kept.
    const [row] = await db().query<{ token_hash: Uint8Array }>(
      'SELECT token_hash FROM device WHERE device_id = $1',
      [first.body.device_id],
    )
    expect(Buffer.from(row?.token_hash ?? []).toString('base64url')).not.toBe(again.body.device_token)
    // A disabled device is never brought back by registering again.
    await changeDevice(suite, org, first.body.device_id, { is_disabled: 1 })
    expect(await register(member, {})).toEqual(refusal(403, 'device_disabled'))
    // A disabled app registers no device.
    await callEndpoint(suite.url, endpoints.appUpdate, {
      params: { org_id: org.orgId, app_id: app.appId },
      body: { is_disabled: 1 },
      key: org.key,
    })
    expect(await register(member, { device_name: 'Other' })).toEqual(refusal(403, 'app_disabled'))
  })

  it('records heartbeats at most once per interval, and a new version at once', async () => {
    const { org, device } = await mountedDevice()
    const answer = await heartbeat(device.token, '1.0.261')
    expect(answer.body.device).toMatchObject({
      device_id: device.deviceId,
      org_id: org.orgId,
      heartbeat_seconds: 60,
    })
    const seen = async () =>
      (
        await db().query<{ last_seen: string; last_version: string }>(
          'SELECT last_seen::text, last_version FROM device WHERE device_id = $1',
          [device.deviceId],
        )
      )[0]
    const first = await seen()
    expect(first?.last_version).toBe('1.0.261')
    await heartbeat(device.token, '1.0.261')
    expect((await seen())?.last_seen).toBe(first?.last_seen)
    await heartbeat(device.token, '1.0.262')
    expect((await seen())?.last_version).toBe('1.0.262')
    expect((await heartbeat(device.token, 'latest')).status).toBe(400)
  })

  it('moves content through a mount as the web does, naming the device, and pages the files', async () => {
    const { org, device } = await mountedDevice()
    const bytes = crypto.randomBytes(3000)
    const ref = { file_hash: sha256(bytes), file_size: bytes.length }
    const params = { media_grant_id: org.grantId }
    const offer = await callEndpoint(suite.url, endpoints.mountUpload, {
      params,
      body: { file_list: [ref] },
      token: device.token,
    })
    expect(offer.status).toBe(200)
    const signed = offer.body.upload_list[0]?.signed_opts
    expect(signed).toBeTruthy()
    const put = await fetch(onSuite(signed?.url ?? ''), {
      method: 'PUT',
      headers: signed?.headers,
      body: bytes,
    })
    expect(put.status).toBe(200)
    expect(
      await callEndpoint(suite.url, endpoints.mountS3Object, {
        params,
        body: { s3_bucket_id: 0, ...ref },
        token: device.token,
      }),
    ).toEqual({ status: 200, body: {} })
    const registered = await callEndpoint(suite.url, endpoints.mountRegister, {
      params,
      body: { media_path: 'Shoot/a.bin', ...ref },
      token: device.token,
    })
    expect(registered.status).toBe(200)
    const detail = await callEndpoint(suite.url, endpoints.mediaDetail, {
      params: { org_id: org.orgId, media_grant_id: org.grantId, media_id: registered.body.media_id },
      key: org.key,
    })
    expect(detail.body.media.last_update_device_name).toBe('Studio Mac')
    expect(detail.body.media.version_list[0]?.device_name).toBe('Studio Mac')

    // A changed file is a new version only when the device names the content it replaces.
    const changed = crypto.randomBytes(10)
    const changedRef = { file_hash: sha256(changed), file_size: changed.length }
    const replace = (previous?: string) =>
      callEndpoint(suite.url, endpoints.mountRegister, {
        params,
        body: { media_path: 'Shoot/a.bin', ...changedRef, ...(previous ? { previous_hash: previous } : {}) },
        token: device.token,
      })
    expect(await replace()).toEqual(refusal(409, 'different_file'))
    expect(await replace(sha256(Buffer.from('stale')))).toEqual(refusal(409, 'different_file'))
    expect((await replace(ref.file_hash)).body.media_id).toBe(registered.body.media_id)

    await storeFile(suite, org, org.grantId, 'Shoot/b.bin', 'b')
    await storeFile(suite, org, org.grantId, 'Notes/c.txt', 'c')
    const page = (after?: string) =>
      callEndpoint(suite.url, endpoints.mountFiles, {
        params,
        query: { limit: '2', ...(after ? { after } : {}) },
        token: device.token,
      })
    const first = await page()
    expect(first.body.file_list.map((file) => file.path)).toEqual(['Notes/c.txt', 'Shoot/a.bin'])
    expect(first.body.file_list[1]).toMatchObject({ file_hash: changedRef.file_hash, is_uploaded: false })
    expect(first.body.next_after).toBe('Shoot/a.bin')
    const second = await page(first.body.next_after ?? '')
    expect(second.body).toEqual({
      file_list: [expect.objectContaining({ path: 'Shoot/b.bin', is_uploaded: true })],
      next_after: null,
    })
  })

  it('keeps holdings to files of the mount, and records downloads with their destination', async () => {
    const { org, device } = await mountedDevice()
    const file = await storeFile(suite, org, org.grantId, 'clip.mov', 'clip')
    const other = await adminOrg(suite, 'Elsewhere')
    const foreign = await storeFile(suite, other, other.grantId, 'theirs.mov', 'theirs')
    const report = (body: { add?: string[]; remove?: string[] }) =>
      callEndpoint(suite.url, endpoints.mountHolding, {
        params: { media_grant_id: org.grantId },
        body,
        token: device.token,
      })
    expect((await report({ add: [file.fileHash, foreign.fileHash] })).body).toEqual({
      held_count: 1,
      ignored_list: [foreign.fileHash],
    })
    const detail = await callEndpoint(suite.url, endpoints.mediaDetail, {
      params: { org_id: org.orgId, media_grant_id: org.grantId, media_id: file.mediaId },
      key: org.key,
    })
    expect(detail.body.media.hash_containers).toEqual([
      expect.objectContaining({ device_name: 'Studio Mac' }),
    ])
    expect((await report({ remove: [file.fileHash] })).body).toEqual({ held_count: 0, ignored_list: [] })

    // Holdings are kept per mount: removing content through one mount leaves what another one reported.
    const take = await storeFile(suite, org, org.grantId, 'Team/take.mov', 'take')
    const team = await callEndpoint(suite.url, endpoints.grantCreate, {
      params: { org_id: org.orgId },
      body: { grant_name: 'Team', volume_id: org.volumeId, prefix_path: '/Team/' },
      key: org.key,
    })
    expect(team.status, JSON.stringify(team.body)).toBe(200)
    await addMount(suite, org, device.deviceId, team.body.media_grant_id)
    const teamReport = (body: { add?: string[]; remove?: string[] }) =>
      callEndpoint(suite.url, endpoints.mountHolding, {
        params: { media_grant_id: team.body.media_grant_id },
        body,
        token: device.token,
      })
    // The Team mount has take.mov but not clip.mov.
    expect((await teamReport({ add: [take.fileHash, file.fileHash] })).body).toEqual({
      held_count: 1,
      ignored_list: [file.fileHash],
    })
    expect((await report({ add: [take.fileHash] })).body.held_count).toBe(1)
    expect((await report({ remove: [take.fileHash] })).body.held_count).toBe(1)
    const takeDetail = await callEndpoint(suite.url, endpoints.mediaDetail, {
      params: { org_id: org.orgId, media_grant_id: org.grantId, media_id: take.mediaId },
      key: org.key,
    })
    expect(takeDetail.body.media.hash_containers).toEqual([
      expect.objectContaining({ device_name: 'Studio Mac' }),
    ])

    const url = await callEndpoint(suite.url, endpoints.mountDownloadUrl, {
      params: { media_grant_id: org.grantId, media_id: file.mediaId },
      query: { dest_path: '/Volumes/Work/clip.mov' },
      token: device.token,
    })
    expect(url.status).toBe(200)
    expect(url.body.url).toContain('/storage/')
    // A device asks for each file's URL right before it fetches it: it lives 15 minutes, as the web's.
    const expiresMs = Number(new URL(url.body.url).searchParams.get('expires')) * 1000
    expect(expiresMs - Date.now()).toBeLessThanOrEqual(15 * 60_000)
    const audit = await callEndpoint(suite.url, endpoints.mediaAudit, {
      params: { org_id: org.orgId, media_id: file.mediaId },
      key: org.key,
    })
    expect(audit.body.audit_list[0]).toMatchObject({
      device_name: 'Studio Mac',
      dest_path: '/Volumes/Work/clip.mov',
    })
  })

  it('refuses on the next call once the device, its app, its mount, its switches or its user are turned off', async () => {
    const { org, app, member, device } = await mountedDevice()
    const files = () =>
      callEndpoint(suite.url, endpoints.mountFiles, {
        params: { media_grant_id: org.grantId },
        token: device.token,
      })
    const upload = () =>
      callEndpoint(suite.url, endpoints.mountUpload, {
        params: { media_grant_id: org.grantId },
        body: { file_list: [{ file_hash: sha256(Buffer.from('x')), file_size: 1 }] },
        token: device.token,
      })
    expect((await files()).status).toBe(200)

    await changeDevice(suite, org, device.deviceId, { is_upload_disabled: 1 })
    expect(await upload()).toEqual(refusal(403, 'upload_not_allowed'))
    expect((await files()).status).toBe(200)
    await changeDevice(suite, org, device.deviceId, { is_upload_disabled: 0 })

    const mountSwitch = (
      endpoint: typeof endpoints.deviceGrantDisable | typeof endpoints.deviceGrantEnable,
    ) =>
      callEndpoint(suite.url, endpoint, {
        params: { org_id: org.orgId, device_id: device.deviceId },
        body: { media_grant_id: org.grantId },
        key: org.key,
      })
    await mountSwitch(endpoints.deviceGrantDisable)
    expect(await files()).toEqual(refusal(403, 'mount_disabled'))
    await mountSwitch(endpoints.deviceGrantEnable)

    const grantSwitch = (isDisabled: number) =>
      callEndpoint(suite.url, endpoints.grantUpdate, {
        params: { org_id: org.orgId, media_grant_id: org.grantId },
        body: { is_disabled: isDisabled },
        key: org.key,
      })
    await grantSwitch(1)
    expect(await files()).toEqual(refusal(403, 'grant_disabled'))
    await grantSwitch(0)

    await callEndpoint(suite.url, endpoints.appUpdate, {
      params: { org_id: org.orgId, app_id: app.appId },
      body: { is_disabled: 1 },
      key: org.key,
    })
    expect(await files()).toEqual(refusal(403, 'app_disabled'))
    await callEndpoint(suite.url, endpoints.appUpdate, {
      params: { org_id: org.orgId, app_id: app.appId },
      body: { is_disabled: 0 },
      key: org.key,
    })

    // A container the device does not mount is as missing as one that does not exist.
    const other = await callEndpoint(suite.url, endpoints.mountFiles, {
      params: { media_grant_id: 999_999_999 },
      token: device.token,
    })
    expect(other).toEqual(refusal(404, 'not_found'))

    await changeDevice(suite, org, device.deviceId, { is_disabled: 1 })
    expect(await heartbeat(device.token)).toEqual(refusal(403, 'device_disabled'))
    const shown = await callEndpoint(suite.url, endpoints.deviceDetail, {
      params: { org_id: org.orgId, device_id: device.deviceId },
      key: org.key,
    })
    expect(shown.body.device.last_refused_at).toMatch(/^\d{4}-\d\d-\d\dT/)
    await changeDevice(suite, org, device.deviceId, { is_disabled: 0 })

    // A user without Add Devices stops their devices; a removed user's devices are revoked, their token
    // gone (tests/server/deviceRevocation.test.ts).
    const addDevice = (on: boolean) =>
      callEndpoint(suite.url, endpoints.userUpdate, {
        params: { org_id: org.orgId, user_id: member.userId },
        body: { cap_add_device: on },
        key: org.key,
      })
    await addDevice(false)
    expect(await heartbeat(device.token)).toEqual(refusal(403, 'device_not_allowed'))
    await addDevice(true)
    expect((await heartbeat(device.token)).status).toBe(200)
    const removed = await callEndpoint(suite.url, endpoints.userRemove, {
      params: { org_id: org.orgId, user_id: member.userId },
      key: org.key,
    })
    expect(removed.status).toBe(200)
    expect(await heartbeat(device.token)).toEqual(refusal(403, 'invalid_device_token'))
    expect(await heartbeat('x'.repeat(43))).toEqual(refusal(403, 'invalid_device_token'))
  })

  it("lists a volume's media at risk: not in the cloud, and held only by devices not seen lately", async () => {
    const { org, device } = await mountedDevice()
    await storeFile(suite, org, org.grantId, 'safe.mov', 'safe')
    const raw = Buffer.from('only on the device')
    const rawRef = { file_hash: sha256(raw), file_size: raw.length }
    const registered = await callEndpoint(suite.url, endpoints.mountRegister, {
      params: { media_grant_id: org.grantId },
      body: { media_path: 'raw.mov', ...rawRef },
      token: device.token,
    })
    expect(registered.status).toBe(200)
    await callEndpoint(suite.url, endpoints.mountHolding, {
      params: { media_grant_id: org.grantId },
      body: { add: [rawRef.file_hash] },
      token: device.token,
    })
    await heartbeat(device.token)
    const atRisk = (staleDays?: string) =>
      callEndpoint(suite.url, endpoints.volumeAtRisk, {
        params: { org_id: org.orgId, volume_id: org.volumeId },
        ...(staleDays ? { query: { stale_days: staleDays } } : {}),
        key: org.key,
      })
    const fresh = await atRisk()
    expect(fresh.body).toMatchObject({ stale_days: 7, not_uploaded_count: 1, stale_count: 0 })
    expect(fresh.body.file_list).toEqual([
      expect.objectContaining({
        media_id: registered.body.media_id,
        media_path: '/media/raw.mov',
        is_stale: false,
        device_list: [expect.objectContaining({ device_id: device.deviceId, device_name: 'Studio Mac' })],
      }),
    ])
    await db().query("UPDATE device SET last_seen = now() - interval '10 days' WHERE device_id = $1", [
      device.deviceId,
    ])
    expect((await atRisk()).body).toMatchObject({ not_uploaded_count: 1, stale_count: 1 })
    expect((await atRisk('30')).body).toMatchObject({ stale_days: 30, stale_count: 0 })
    expect((await atRisk('365')).status).toBe(200)
    for (const days of ['0', '366', '999', '07']) expect((await atRisk(days)).status, days).toBe(400)
  })
})
