// Who reaches a volume's metrics (issue 12: /volume/{volume_id}/metric) and what the screen asks for: an
// admin reaches it for a volume of the organization, asking the usage call for the range of the address
// (1w by default); a member, or a volume the organization does not have, is 'Page not found' inside the
// layout. The real route tree, loaded without rendering, over a fake server.
import { afterEach, describe, expect, it } from 'vitest'
import type { Volume } from '../../server/contract/volume.ts'
import type { RequestOptions, Transport } from '../../src/api/transport.ts'
import { Route as MetricRoute } from '../../src/routes/_app/_admin.volume.$volumeId.metric.tsx'
import { org, plan } from './orgFixture.ts'
import { answering, forgetSession, loadRoute } from './routeTreeHarness.ts'

const footage: Volume = {
  volume_id: 3,
  volume_name: 'Footage',
  is_disabled: false,
  is_user_volume: false,
  min_expire_size: 0,
  live_expire_days: 0,
  dead_expire_days: 3,
}

const asked: Array<{ path: string; query: RequestOptions['query'] }> = []

function fakeApi(isAdmin: boolean): Transport {
  const theOrg = org(1, { is_admin: isAdmin, plan: plan('starter_month', { max_volume_count: 2 }) })
  const server = answering([
    [/^\/api\/1\/config/, { domain_prefix: null, stripe_publishable_key: null }],
    [
      /^\/api\/1\/user\/current$/,
      { user: { user_id: 1, user_name: null, email: 'one@example.com' }, org_list: [theOrg] },
    ],
    [/^\/api\/1\/org\/1$/, { org: { ...theOrg, s3_bucket_list: [] } }],
    [/^\/api\/1\/org\/1\/volume$/, { volume_list: [footage] }],
    [
      /^\/api\/1\/org\/1\/volume\/3\/usage$/,
      {
        range: '1w',
        from_date: '2026-11-18',
        to_date: '2026-11-24',
        usage_list: [],
        s3_list: [],
        as_of: null,
        max_storage_bytes: null,
        org_total_bytes: 0,
        org_usage_list: [],
      },
    ],
  ])
  return {
    request<T>(path: string, options?: RequestOptions): Promise<T> {
      asked.push({ path, query: options?.query })
      return server.request<T>(path, options)
    },
  }
}

afterEach(() => {
  forgetSession()
  asked.length = 0
})

describe('volume metrics screen', () => {
  it('an admin reaches it, asking for the range of the address (1w by default)', async () => {
    for (const [path, range] of [
      ['/volume/3/metric', '1w'],
      ['/volume/3/metric?range=90d', '90d'],
    ] as const) {
      asked.length = 0
      expect(await loadRoute(path, fakeApi(true)), path).toMatchObject({
        notFoundAt: undefined,
        failed: false,
        leaf: '/_app/_admin/volume/$volumeId/metric',
      })
      expect(
        asked.filter((each) => each.path.endsWith('/usage')),
        path,
      ).toEqual([{ path: '/api/1/org/1/volume/3/usage', query: { range } }])
    }
    // The default, or anything not a range, leaves the address; the key is always answered.
    const validate = MetricRoute.options.validateSearch as (search: Record<string, unknown>) => unknown
    for (const range of ['1w', '1y', 30, undefined]) {
      expect(validate({ range }), String(range)).toEqual({ range: undefined })
    }
    expect(validate({ range: '2w' })).toEqual({ range: '2w' })
  })

  it('is not found for a member, or for a volume the organization does not have', async () => {
    expect(await loadRoute('/volume/3/metric', fakeApi(false))).toMatchObject({
      notFoundAt: '/_app',
      failed: false,
    })
    expect(await loadRoute('/volume/4/metric', fakeApi(true))).toMatchObject({
      notFoundAt: '/_app',
      failed: false,
    })
  })
})
