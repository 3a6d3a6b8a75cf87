// Nothing crosses between organizations: another tenant's ids answer exactly as missing ones do.
import { describe, expect, it } from 'vitest'
import type { PaymentMethodListResponse } from '../../server/contract/paymentMethod.ts'
import { readyOrg } from './helpers/accounts.ts'
import { databaseKinds } from './helpers/databases.ts'
import { call } from './helpers/http.ts'
import { useServer } from './helpers/suite.ts'

describe.each(databaseKinds)('tenant isolation on %s', (kind) => {
  const suite = useServer(kind)

  it("answers every call on another organization's ids as for a missing organization", async () => {
    const client = { url: suite.url, mailbox: suite.mailbox }
    const mine = await readyOrg(client, 'Mine')
    const theirs = await readyOrg(client, 'Theirs')
    const theirCards = await call<PaymentMethodListResponse>(
      suite.url,
      'GET',
      `/api/1/org/${theirs.orgId}/payment_method`,
      { key: theirs.key },
    )
    const theirCard = theirCards.body.payment_method_list[0]?.payment_method_id
    expect(theirCard).toBeDefined()

    const missingOrg = 9_999_999
    for (const orgId of [theirs.orgId, missingOrg]) {
      for (const [method, path, body] of [
        ['GET', `/api/1/org/${orgId}`, undefined],
        ['POST', `/api/1/org/${orgId}`, { org_name: 'Taken over' }],
        ['DELETE', `/api/1/org/${orgId}/leave`, undefined],
        ['POST', `/api/1/org/${orgId}/plan`, { plan_id: 'business_month' }],
        ['GET', `/api/1/org/${orgId}/payment_method`, undefined],
        ['POST', `/api/1/org/${orgId}/payment_method`, { stripe_payment_method_id: 'pm_card_visa' }],
        ['POST', `/api/1/org/${orgId}/payment_method/${theirCard}/default`, undefined],
        ['DELETE', `/api/1/org/${orgId}/payment_method/${theirCard}`, undefined],
        ['GET', `/api/1/org/${orgId}/volume`, undefined],
        ['POST', `/api/1/org/${orgId}/volume`, { volume_name: 'Intruder' }],
        ['GET', `/web/1/org/${orgId}/media_grant`, undefined],
      ] as const) {
        const answer = await call(suite.url, method, path, { key: mine.key, body })
        expect(answer, `${method} ${path}`).toEqual({ status: 404, body: { error: 'not_found' } })
      }
    }
    // Their card, named through my organization, is not found either.
    for (const [method, path] of [
      ['POST', `/api/1/org/${mine.orgId}/payment_method/${theirCard}/default`],
      ['DELETE', `/api/1/org/${mine.orgId}/payment_method/${theirCard}`],
    ] as const) {
      expect((await call(suite.url, method, path, { key: mine.key })).status, path).toBe(404)
    }
    // And nothing of theirs changed.
    const after = await call<PaymentMethodListResponse>(
      suite.url,
      'GET',
      `/api/1/org/${theirs.orgId}/payment_method`,
      {
        key: theirs.key,
      },
    )
    expect(after.body).toEqual(theirCards.body)
  })

  it('answers malformed ids as missing ones', async () => {
    const client = { url: suite.url, mailbox: suite.mailbox }
    const mine = await readyOrg(client, 'Ids')
    for (const id of ['abc', '0', '-1', '1e3', '99999999999999999999']) {
      expect((await call(suite.url, 'GET', `/api/1/org/${id}`, { key: mine.key })).status, id).toBe(404)
    }
  })
})
