// Who reaches the volume screens (specification 001, sections 2 and 6): an admin reaches the list and a
// volume of the organization; a member, or a volume id the organization does not have, is 'Page not found'
// inside the layout. The real route tree, loaded without rendering, over a fake server.
import { answering, forgetSession, loadRoute } from './routeTreeHarness.ts'
import { afterEach, describe, expect, it } from 'vitest'
import type { Volume } from '../../server/contract/volume.ts'
import type { RequestOptions, Transport } from '../../src/api/transport.ts'
import { Route as AtRiskRoute } from '../../src/routes/_app/_admin.volume.$volumeId.at_risk.tsx'
import { org, plan } from './orgFixture.ts'

const footage: Volume = {
  volume_id: 3,
  volume_name: 'Footage',
  is_disabled: false,
  is_user_volume: false,
  min_expire_size: 0,
  live_expire_days: 0,
  dead_expire_days: 3,
}

/** What the fake server was asked, in order: each path with its query. */
const asked: Array<{ path: string; query: RequestOptions['query'] }> = []

function fakeApi(isAdmin: boolean): Transport {
  const theOrg = org(1, { is_admin: isAdmin, plan: plan('starter_month', { max_volume_count: 2 }) })
  const answers: Array<[RegExp, unknown]> = [
    [/^\/api\/1\/config/, { domain_prefix: null, stripe_publishable_key: null }],
    [
      /^\/api\/1\/user\/current$/,
      { user: { user_id: 1, user_name: null, email: 'one@example.com' }, org_list: [theOrg] },
    ],
    [/^\/api\/1\/org\/1$/, { org: { ...theOrg, s3_bucket_list: [] } }],
    [/^\/api\/1\/org\/1\/volume$/, { volume_list: [footage] }],
    [/^\/api\/1\/org\/1\/audit_event\/volume\/3$/, { audit_list: [], next_before: null }],
    [/^\/api\/1\/org\/1\/admin_event$/, { admin_event_list: [], next_before: null }],
    [
      /^\/api\/1\/org\/1\/volume\/3\/at_risk$/,
      { stale_days: 7, not_uploaded_count: 0, stale_count: 0, file_list: [] },
    ],
  ]
  const server = answering(answers)
  return {
    request<T>(path: string, options?: RequestOptions): Promise<T> {
      asked.push({ path, query: options?.query })
      return server.request<T>(path, options)
    },
  }
}

async function load(path: string, { isAdmin = true } = {}) {
  return loadRoute(path, fakeApi(isAdmin))
}

afterEach(() => {
  forgetSession()
  asked.length = 0
})

describe('volume screens', () => {
  it('an admin reaches the list, the settings and the audit of a volume of the organization', async () => {
    expect(await load('/volume')).toMatchObject({
      notFoundAt: undefined,
      failed: false,
      leaf: '/_app/_admin/volume/',
    })
    expect(await load('/volume/3')).toMatchObject({
      notFoundAt: undefined,
      failed: false,
      leaf: '/_app/_admin/volume/$volumeId/',
    })
    expect(await load('/volume/3/audit')).toMatchObject({
      notFoundAt: undefined,
      failed: false,
      leaf: '/_app/_admin/volume/$volumeId/audit',
    })
  })

  it("an admin reaches a volume's media at risk, asked for the days of the address (7 by default)", async () => {
    const atRiskAsked = () => asked.filter((each) => each.path.endsWith('/at_risk'))
    for (const [path, days] of [
      ['/volume/3/at_risk', '7'],
      ['/volume/3/at_risk?days=30', '30'],
    ] as const) {
      asked.length = 0
      expect(await load(path), path).toMatchObject({
        notFoundAt: undefined,
        failed: false,
        leaf: '/_app/_admin/volume/$volumeId/at_risk',
      })
      expect(atRiskAsked(), path).toEqual([
        { path: '/api/1/org/1/volume/3/at_risk', query: { stale_days: days } },
      ])
    }
    // Days out of 1 to 365, or the default, leave the address (which the router then writes without them).
    const validate = AtRiskRoute.options.validateSearch as (search: Record<string, unknown>) => unknown
    for (const days of [999, 0, '07', 'x', 7]) {
      expect(validate({ days }), String(days)).toEqual({ days: undefined })
    }
    expect(validate({ days: 365 })).toEqual({ days: 365 })
  })

  it('a volume the organization does not have is not found, inside the layout', async () => {
    for (const path of [
      '/volume/4',
      '/volume/4/audit',
      '/volume/4/at_risk',
      '/volume/03',
      '/volume/x/audit',
    ]) {
      expect(await load(path), path).toMatchObject({ notFoundAt: '/_app', failed: false })
    }
  })

  it('a member finds no volume screen', async () => {
    for (const path of ['/volume', '/volume/3', '/volume/3/audit', '/volume/3/at_risk']) {
      expect(await load(path, { isAdmin: false }), path).toMatchObject({ notFoundAt: '/_app', failed: false })
    }
  })
})
