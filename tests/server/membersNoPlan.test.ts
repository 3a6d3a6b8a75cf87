// A member of an organization without a plan (specification 000 section 1, home case 2): an admin may add
// people before choosing a plan, as many as the smallest self-signup plan allows, and they sign in to an
// organization whose plan is still null. Without this the home screen's second case could not be reached.
import { describe, expect, it } from 'vitest'
import { endpoints } from '../../server/contract/endpoints.ts'
import { signIn, signUp, uniqueEmail } from './helpers/accounts.ts'
import { databaseKinds } from './helpers/databases.ts'
import { callEndpoint, refusal } from './helpers/endpoint.ts'
import { useServer } from './helpers/suite.ts'

describe.each(databaseKinds)('members of an organization without a plan on %s', (kind) => {
  const suite = useServer(kind)
  const client = () => ({ url: suite.url, mailbox: suite.mailbox })

  it('adds members up to the smallest plan’s count; they sign in to an organization with no plan', async () => {
    const key = await signUp(client(), uniqueEmail('noplan'))
    const org = await callEndpoint(suite.url, endpoints.orgCreate, {
      body: { org_name: uniqueEmail('Org') },
      key,
    })
    expect(org.status).toBe(200)
    const orgId = org.body.org_id
    const add = (email: string) =>
      callEndpoint(suite.url, endpoints.userAdd, { params: { org_id: orgId }, body: { email }, key })

    const email = uniqueEmail('member')
    const added = await add(email)
    expect(added.status, JSON.stringify(added.body)).toBe(200)
    // Starter and pro allow 2 users (001 section 3), the admin included.
    expect(await add(uniqueEmail('third'))).toEqual(refusal(402, 'max_user_count', 2))
    // Re-adding a member is 409 even at the limit.
    expect((await add(email)).status).toBe(409)

    const memberKey = await signIn(client(), email)
    const current = await callEndpoint(suite.url, endpoints.currentUser, { key: memberKey })
    expect(current.body.org_list).toEqual([
      expect.objectContaining({ org_id: orgId, is_admin: false, plan_id: null, plan: null }),
    ])
    // Nothing to hold yet, and no admin call answers the member.
    const held = await callEndpoint(suite.url, endpoints.memberGrantList, {
      params: { org_id: orgId },
      key: memberKey,
    })
    expect(held).toEqual({ status: 200, body: { media_grant_list: [] } })
    expect(
      (await callEndpoint(suite.url, endpoints.userList, { params: { org_id: orgId }, key: memberKey }))
        .status,
    ).toBe(403)
  })
})
