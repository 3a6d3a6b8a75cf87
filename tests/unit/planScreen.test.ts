// The Plan tab (issue 13; specification 001, sections 2, 3 and 9): an admin reaches /org/plan, a member
// does not; the change list leaves out the current plan and yearly plans; the preview reads in words what a
// change does; the change sent accepts lowered expiration days only when some were shown.
import { afterEach, describe, expect, it } from 'vitest'
import type { PlanChangePreview } from '../../server/contract/plan.ts'
import type { OrgListItem } from '../../server/contract/user.ts'
import { CATALOGUE, messageFor } from '../../src/lib/messages.ts'
import { ApiError } from '../../src/api/transport.ts'
import {
  changeChoices,
  confirmText,
  planChangeRequest,
  previewLines,
  priceText,
} from '../../src/routes/_app/-org/planChange.ts'
import { org, plan } from './orgFixture.ts'
import { answering, forgetSession, loadRoute } from './routeTreeHarness.ts'

const starter = plan('starter_month', { plan_name: 'Starter', price_usd: 49 })
const business = plan('business_month', { plan_name: 'Business', price_usd: 299 })
const enterprise = plan('enterprise_month', {
  plan_name: 'Enterprise',
  price_usd: null,
  is_self_signup: false,
})
const businessYear = plan('business_year', { plan_name: 'Business', plan_frequency: 'YEAR' })

function fakeApi(theOrg: OrgListItem) {
  return answering([
    [/^\/api\/1\/config/, { domain_prefix: null, stripe_publishable_key: null }],
    [
      /^\/api\/1\/user\/current$/,
      { user: { user_id: 1, user_name: null, email: 'user1@example.com' }, org_list: [theOrg] },
    ],
    [/^\/api\/1\/org\/1$/, { org: { ...theOrg, s3_bucket_list: [] } }],
    [/^\/api\/1\/plan$/, { plan_list: [starter, business, businessYear, enterprise] }],
  ])
}

const admin = org(1, { is_admin: true, plan_id: 'business_month', plan: business })
const member = org(1, { cap_add_device: true, plan_id: 'business_month', plan: business })

function preview(overrides: Partial<PlanChangePreview> = {}): PlanChangePreview {
  return {
    plan_id: 'starter_month',
    current_plan_id: 'business_month',
    user_count: 1,
    max_user_count: 2,
    device_count: 0,
    max_device_count: 2,
    storage_bytes: 0,
    max_storage_bytes: 1024 ** 4,
    volumes_over: [],
    price_difference_usd: -250,
    ...overrides,
  }
}

afterEach(forgetSession)

describe('plan screen', () => {
  it('an admin reaches /org/plan', async () => {
    expect(await loadRoute('/org/plan', fakeApi(admin))).toMatchObject({
      notFoundAt: undefined,
      failed: false,
      leaf: '/_app/_admin/org/plan',
    })
  })

  it('a member does not find it', async () => {
    expect(await loadRoute('/org/plan', fakeApi(member))).toMatchObject({
      notFoundAt: '/_app',
      failed: false,
    })
  })

  it('lists monthly plans other than the current one, the Enterprise card included', () => {
    expect(changeChoices([starter, business, businessYear, enterprise], 'business_month')).toEqual([
      starter,
      enterprise,
    ])
    // No plan yet: every monthly plan.
    expect(changeChoices([starter, business, businessYear], null)).toEqual([starter, business])
  })

  it('says nothing of members, devices or storage within the new limits, only the price', () => {
    expect(previewLines(preview())).toEqual([
      { key: 'price', text: 'The price goes down by $250.00 per month.' },
    ])
  })

  it('says which members, devices and storage are over the new limits, and that they stay', () => {
    const lines = previewLines(
      preview({
        user_count: 3,
        device_count: 5,
        storage_bytes: 2 * 1024 ** 4,
        price_difference_usd: 250,
      }),
    ).map((line) => line.text)
    expect(lines).toEqual([
      '3 members, the plan allows 2: they stay, but none can be added.',
      '5 devices, the plan allows 2: they stay, but none can be added.',
      '2.000 TB stored, the plan allows 1.000 TB: nothing is removed.',
      'The price goes up by $250.00 per month.',
    ])
  })

  it('names each volume whose days are lowered, from and to, and the purge it brings', () => {
    const lines = previewLines(
      preview({
        volumes_over: [
          {
            volume_id: 7,
            volume_name: 'Archive',
            live_expire_days: 10,
            dead_expire_days: 14,
            new_live_expire_days: 3,
            new_dead_expire_days: 3,
          },
        ],
      }),
    )
    expect(lines.find((line) => line.key === 'volume-7')?.text).toBe(
      'Volume Archive: live files expire after 10 days → 3 days, deleted files kept 14 days → 3 days. ' +
        'Deleted files and older versions beyond the new days will be purged by retention.',
    )
  })

  it('words the price difference with formatMoney', () => {
    expect(priceText(0)).toBe('The price stays the same.')
    expect(priceText(null)).toBe('The price is agreed with sales.')
    expect(priceText(-0.5)).toBe('The price goes down by $0.50 per month.')
  })

  it('accepts lowered expiration days only when the preview showed some', () => {
    expect(planChangeRequest(preview())).toEqual({ plan_id: 'starter_month' })
    const over = preview({
      volumes_over: [
        {
          volume_id: 7,
          volume_name: 'Archive',
          live_expire_days: 0,
          dead_expire_days: 14,
          new_live_expire_days: 0,
          new_dead_expire_days: 3,
        },
      ],
    })
    expect(planChangeRequest(over)).toEqual({ plan_id: 'starter_month', accept_expire_days: true })
    expect(confirmText(starter, over)).toBe(
      'Change the plan to Starter and lower the expiration days of 1 volume?',
    )
    expect(confirmText(starter, preview())).toBe('Change the plan to Starter?')
  })

  it('reads a failed change as the save plan failure of the catalogue', () => {
    expect(CATALOGUE.plan_change.default).toBe('Failed to save plan, please try again.')
    expect(messageFor('plan_change', new ApiError(409, { error: 'plan_lowers_expire_days' }))).toBe(
      'Failed to save plan, please try again.',
    )
  })
})
