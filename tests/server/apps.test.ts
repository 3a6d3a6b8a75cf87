// Apps (specification 001 sections 2, 3, 7 and 8; issue 11): the list, create with unique names, rename,
// enable and disable, New Key shown once and kept only as a hash, and the devices registered through one.
import { describe, expect, it } from 'vitest'
import { sha256 } from '../../server/auth/secrets.ts'
import { endpoints } from '../../server/contract/endpoints.ts'
import { addPerson, adminOrg, type AdminOrg } from './helpers/admin.ts'
import { databaseKinds } from './helpers/databases.ts'
import { appWithKey, registerDevice } from './helpers/devices.ts'
import { callEndpoint, refusal } from './helpers/endpoint.ts'
import { useServer } from './helpers/suite.ts'

const OK = { status: 200, body: {} }

describe.each(databaseKinds)('apps on %s', (kind) => {
  const suite = useServer(kind)

  const create = (org: AdminOrg, appName: string) =>
    callEndpoint(suite.url, endpoints.appCreate, {
      params: { org_id: org.orgId },
      body: { app_name: appName },
      key: org.key,
    })
  const update = (org: AdminOrg, appId: number, body: { app_name?: string; is_disabled?: number }) =>
    callEndpoint(suite.url, endpoints.appUpdate, {
      params: { org_id: org.orgId, app_id: appId },
      body,
      key: org.key,
    })
  const detail = (org: AdminOrg, appId: number) =>
    callEndpoint(suite.url, endpoints.appDetail, {
      params: { org_id: org.orgId, app_id: appId },
      key: org.key,
    })

  it('creates apps with unique names, without a key until New Key', async () => {
    const org = await adminOrg(suite, 'Apps')
    const made = await create(org, ' Desktop ')
    expect(made.status).toBe(200)
    expect(await create(org, 'desktop')).toEqual(refusal(409, 'used_app_name'))
    expect(await create(org, '  ')).toEqual(refusal(400, 'invalid_app_name'))
    expect((await create(org, 'x'.repeat(65))).status).toBe(400)
    await create(org, 'Avid bridge')
    const listed = await callEndpoint(suite.url, endpoints.appList, {
      params: { org_id: org.orgId },
      key: org.key,
    })
    expect(listed.body.app_list).toEqual([
      { app_id: expect.any(Number), app_name: 'Avid bridge', is_disabled: false, has_key: false },
      { app_id: made.body.app_id, app_name: 'Desktop', is_disabled: false, has_key: false },
    ])
    expect((await detail(org, made.body.app_id)).body.app).toEqual({
      app_id: made.body.app_id,
      app_name: 'Desktop',
      is_disabled: false,
      has_key: false,
      device_list: [],
    })
    // Another organization may use the same name.
    const other = await adminOrg(suite, 'OtherApps')
    expect((await create(other, 'Desktop')).status).toBe(200)
  })

  it('renames, enables and disables an app; a taken name answers 409', async () => {
    const org = await adminOrg(suite, 'Apps')
    const first = (await create(org, 'One')).body.app_id
    await create(org, 'Two')
    expect(await update(org, first, { app_name: 'TWO' })).toEqual(refusal(409, 'used_app_name'))
    expect(await update(org, first, { app_name: 'Uno', is_disabled: 1 })).toEqual(OK)
    expect((await detail(org, first)).body.app).toMatchObject({ app_name: 'Uno', is_disabled: true })
    expect(await update(org, first, { is_disabled: 0 })).toEqual(OK)
    expect((await detail(org, first)).body.app.is_disabled).toBe(false)
    expect(await update(org, 999_999_999, { is_disabled: 0 })).toEqual(refusal(404, 'not_found'))
  })

  it('shows a new key once, keeps only its hash, and a new key replaces the old one', async () => {
    const org = await adminOrg(suite, 'Keys')
    const app = await appWithKey(suite, org, 'Desktop')
    expect(app.secretKey).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect((await detail(org, app.appId)).body.app).toMatchObject({ has_key: true })
    expect(JSON.stringify((await detail(org, app.appId)).body)).not.toContain(app.secretKey)
    const [row] = await suite.server.app.db.query<{ secret_hash: Uint8Array }>(
      'SELECT secret_hash FROM app WHERE app_id = $1',
      [app.appId],
    )
    expect(Buffer.from(row?.secret_hash ?? [])).toEqual(sha256(app.secretKey))

    const member = await addPerson(suite, org, { cap_add_device: true })
    const device = await registerDevice(suite, member, org.orgId, app, 'Laptop')
    const renewed = await callEndpoint(suite.url, endpoints.appNewKey, {
      params: { org_id: org.orgId, app_id: app.appId },
      key: org.key,
    })
    expect(renewed.body.secret_key).not.toBe(app.secretKey)
    const register = (secretKey: string) =>
      callEndpoint(suite.url, endpoints.deviceRegister, {
        params: { org_id: org.orgId },
        body: { app_id: app.appId, secret_key: secretKey, device_name: 'Desk' },
        key: member.key,
      })
    expect(await register(app.secretKey)).toEqual(refusal(403, 'invalid_app_key'))
    expect((await register(renewed.body.secret_key)).status).toBe(200)
    // The app's devices.
    expect((await detail(org, app.appId)).body.app.device_list).toEqual([
      { device_id: expect.any(Number), device_name: 'Desk', is_disabled: false },
      { device_id: device.deviceId, device_name: 'Laptop', is_disabled: false },
    ])
    // Admins only.
    expect(
      await callEndpoint(suite.url, endpoints.appList, { params: { org_id: org.orgId }, key: member.key }),
    ).toEqual(refusal(403, 'admin_required'))
  })
})
