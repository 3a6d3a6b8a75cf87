// The device and app screens (specification 001, sections 2 and 6): who reaches /device and
// /device/{device_id} (an admin; a member when the organization may add devices or has some; anyone else,
// a device the server does not show them, or a malformed id is 'Page not found' inside the layout), and who
// reaches /org/app and /org/app/{app_id} (admins only). The real route tree, loaded without rendering, over
// a fake server.
import { afterEach, describe, expect, it } from 'vitest'
import type { App } from '../../server/contract/app.ts'
import type { Device } from '../../server/contract/device.ts'
import type { OrgListItem } from '../../server/contract/user.ts'
import { ApiError, type Transport } from '../../src/api/transport.ts'
import { Route as DeviceListRoute } from '../../src/routes/_app/device.index.tsx'
import { org, plan } from './orgFixture.ts'
import { answering, forgetSession, loadRoute } from './routeTreeHarness.ts'
import { deviceFixture } from './deviceFixture.ts'

function device(device_id: number): Device {
  return deviceFixture({
    device_id,
    device_name: `Laptop ${device_id}`,
    user_id: 1,
    email: 'user1@example.com',
  })
}

const app: App = { app_id: 5, app_name: 'Desktop', is_disabled: false, has_key: false, device_list: [] }

/** One organization with device 3 and app 5; any other device or app answers 404, as the server does. */
function fakeApi(theOrg: OrgListItem): Transport {
  const known = answering([
    [/^\/api\/1\/config/, { domain_prefix: null, stripe_publishable_key: null }],
    [
      /^\/api\/1\/user\/current$/,
      { user: { user_id: 1, user_name: null, email: 'user1@example.com' }, org_list: [theOrg] },
    ],
    [/^\/api\/1\/org\/1\/device$/, { device_list: [device(3)] }],
    [/^\/api\/1\/org\/1\/device\/3$/, { device: device(3) }],
    [/^\/api\/1\/org\/1\/user$/, { user_list: [] }],
    [/^\/org_admin\/1\/org\/1\/media_grant$/, { media_grant_list: [] }],
    [/^\/org_admin\/1\/org\/1\/app$/, { app_list: [app] }],
    [/^\/org_admin\/1\/org\/1\/app\/5$/, { app }],
  ])
  return {
    request<T>(path: string, options?: unknown): Promise<T> {
      if (/\/(device|app)\/[0-9]+$/.test(path) && !/\/(device\/3|app\/5)$/.test(path))
        return Promise.reject(new ApiError(404, { error: 'not_found' }))
      return known.request<T>(path, options as never)
    },
  }
}

const starter = plan('starter_month')
const admin = org(1, { is_admin: true, cap_add_device: true, plan: starter })
const memberWhoMayAdd = org(1, { cap_add_device: true, plan: starter })
const memberWithDevice = org(1, { device_count: 1, plan: starter })
const memberWithout = org(1, { plan: starter })

afterEach(forgetSession)

describe('device screens', () => {
  it('an admin reaches the list, with either filter, and a device of the organization', async () => {
    for (const path of ['/device', '/device?filter=all'])
      expect(await loadRoute(path, fakeApi(admin)), path).toMatchObject({
        notFoundAt: undefined,
        failed: false,
        leaf: '/_app/device/',
      })
    expect(await loadRoute('/device/3', fakeApi(admin))).toMatchObject({
      notFoundAt: undefined,
      failed: false,
      leaf: '/_app/device/$deviceId',
    })
  })

  it("keeps only 'all' as the list's filter, so nothing else reaches the server", () => {
    const validate = DeviceListRoute.options.validateSearch as (search: Record<string, unknown>) => unknown
    expect(validate({ filter: 'all' })).toEqual({ filter: 'all' })
    for (const filter of ['x', 'active', 1, undefined])
      expect(validate({ filter }), String(filter)).toEqual({ filter: undefined })
  })

  it('a member reaches them when the organization may add devices or has some', async () => {
    for (const theOrg of [memberWhoMayAdd, memberWithDevice]) {
      expect(await loadRoute('/device', fakeApi(theOrg))).toMatchObject({
        notFoundAt: undefined,
        failed: false,
      })
      expect(await loadRoute('/device/3', fakeApi(theOrg))).toMatchObject({
        notFoundAt: undefined,
        failed: false,
      })
    }
  })

  it('a member of an organization without devices finds no device screen, inside the layout', async () => {
    for (const path of ['/device', '/device/3'])
      expect(await loadRoute(path, fakeApi(memberWithout)), path).toMatchObject({
        notFoundAt: '/_app',
        failed: false,
      })
    const noDevicesPlan = org(1, { cap_add_device: true, plan: plan('none', { max_device_count: 0 }) })
    expect(await loadRoute('/device', fakeApi(noDevicesPlan))).toMatchObject({ notFoundAt: '/_app' })
  })

  it('a device the server does not show, or a malformed id, is not found inside the layout', async () => {
    for (const path of ['/device/4', '/device/03', '/device/x'])
      expect(await loadRoute(path, fakeApi(admin)), path).toMatchObject({
        notFoundAt: '/_app',
        failed: false,
      })
    expect(await loadRoute('/device/4', fakeApi(memberWhoMayAdd))).toMatchObject({ notFoundAt: '/_app' })
  })
})

describe('app screens', () => {
  it('an admin reaches the list and an app of the organization', async () => {
    expect(await loadRoute('/org/app', fakeApi(admin))).toMatchObject({
      notFoundAt: undefined,
      failed: false,
      leaf: '/_app/_admin/org/app/',
    })
    expect(await loadRoute('/org/app/5', fakeApi(admin))).toMatchObject({
      notFoundAt: undefined,
      failed: false,
      leaf: '/_app/_admin/org_/app/$appId',
    })
  })

  it('an app the organization does not have, or a malformed id, is not found', async () => {
    for (const path of ['/org/app/6', '/org/app/05', '/org/app/x'])
      expect(await loadRoute(path, fakeApi(admin)), path).toMatchObject({
        notFoundAt: '/_app',
        failed: false,
      })
  })

  it('a member finds no app screen, even one who may add devices', async () => {
    for (const path of ['/org/app', '/org/app/5'])
      expect(await loadRoute(path, fakeApi(memberWhoMayAdd)), path).toMatchObject({
        notFoundAt: '/_app',
        failed: false,
      })
  })
})
