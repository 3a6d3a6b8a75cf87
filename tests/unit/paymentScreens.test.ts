// The payment method screens (issue 13; specification 001, sections 2 and 6): an admin reaches /org/payment
// and /org/payment/add; a member finds neither, inside the layout. The real route tree, loaded without
// rendering, over a fake server.
import { afterEach, describe, expect, it } from 'vitest'
import type { OrgListItem } from '../../server/contract/user.ts'
import { org, plan } from './orgFixture.ts'
import { answering, forgetSession, loadRoute } from './routeTreeHarness.ts'

function fakeApi(theOrg: OrgListItem) {
  return answering([
    [/^\/api\/1\/config/, { domain_prefix: null, stripe_publishable_key: null }],
    [
      /^\/api\/1\/user\/current$/,
      { user: { user_id: 1, user_name: null, email: 'user1@example.com' }, org_list: [theOrg] },
    ],
    [
      /^\/api\/1\/org\/1\/payment_method$/,
      {
        payment_method_list: [
          {
            payment_method_id: 1,
            card_brand: 'visa',
            card_last4: '4242',
            exp_month: 12,
            exp_year: 2030,
            is_default: true,
            is_deleted: false,
          },
        ],
      },
    ],
  ])
}

const starter = plan('starter_month')
const admin = org(1, { is_admin: true, plan: starter })
const member = org(1, { cap_add_device: true, plan: starter })

afterEach(forgetSession)

describe('payment method screens', () => {
  it('an admin reaches the list and the add screen', async () => {
    expect(await loadRoute('/org/payment', fakeApi(admin))).toMatchObject({
      notFoundAt: undefined,
      failed: false,
      leaf: '/_app/_admin/org/payment/',
    })
    expect(await loadRoute('/org/payment/add', fakeApi(admin))).toMatchObject({
      notFoundAt: undefined,
      failed: false,
      leaf: '/_app/_admin/org/payment/add',
    })
  })

  it('a member finds neither screen', async () => {
    for (const path of ['/org/payment', '/org/payment/add'])
      expect(await loadRoute(path, fakeApi(member)), path).toMatchObject({
        notFoundAt: '/_app',
        failed: false,
      })
  })
})
