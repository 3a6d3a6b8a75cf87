import { describe, expect, it } from 'vitest'
import type { OrgDetailResponse } from '../../server/contract/org.ts'
import type { PaymentMethodListResponse } from '../../server/contract/paymentMethod.ts'
import type { TObject } from 'typebox'
import { Value } from 'typebox/value'
import { Plan } from '../../server/contract/plan.ts'
import { CurrentUserResponse, OrgListItem, User } from '../../server/contract/user.ts'
import type { MediaGrantListResponse, VolumeListResponse } from '../../server/contract/volume.ts'
import { readyOrg, signUp, uniqueEmail } from './helpers/accounts.ts'
import { databaseKinds } from './helpers/databases.ts'
import { call, callWithHeaders } from './helpers/http.ts'
import { addMember, useServer } from './helpers/suite.ts'

describe.each(databaseKinds)('organizations, plans, cards and volumes on %s', (kind) => {
  const suite = useServer(kind)
  const client = () => ({ url: suite.url, mailbox: suite.mailbox })

  async function newOrg(label: string) {
    const email = uniqueEmail(label)
    const key = await signUp(client(), email)
    const name = `${label} ${Math.random().toString(36).slice(2, 8)}`
    const org = await call<{ org_id: number }>(suite.url, 'POST', '/api/1/org', {
      key,
      body: { org_name: name },
    })
    expect(org.status).toBe(200)
    return { key, email, name, orgId: org.body.org_id }
  }

  it('answers the current user exactly as its schema says, field for field and in its order', async () => {
    const admin = await readyOrg(client(), 'Shape')
    await newOrg('Second')
    const answer = await callWithHeaders<CurrentUserResponse>(suite.url, 'GET', '/api/1/user/current', {
      key: admin.key,
    })
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(Value.Check(CurrentUserResponse, answer.body)).toBe(true)
    // Every field of the schema, none beyond, in its order.
    const keysOf = (schema: TObject) => Object.keys(schema.properties)
    expect(Object.keys(answer.body)).toEqual(keysOf(CurrentUserResponse))
    expect(Object.keys(answer.body.user)).toEqual(keysOf(User))
    const [org] = answer.body.org_list
    expect(org && Object.keys(org)).toEqual(keysOf(OrgListItem))
    expect(org?.plan && Object.keys(org.plan)).toEqual(keysOf(Plan))
    expect(answer.body.org_list).toHaveLength(1)
  })

  it('makes the creator an admin with every capability, and lists the org', async () => {
    const { key, name, orgId } = await newOrg('Acme')
    const current = await call<CurrentUserResponse>(suite.url, 'GET', '/api/1/user/current', { key })
    expect(current.body.org_list).toEqual([
      {
        org_id: orgId,
        org_name: name,
        is_admin: true,
        plan_id: null,
        plan: null,
        domain_prefix: null,
        cap_add_device: true,
        cap_web_download: true,
        cap_web_upload: true,
        device_count: 0,
      },
    ])
    const detail = await call<OrgDetailResponse>(suite.url, 'GET', `/api/1/org/${orgId}`, { key })
    // No network stores yet: the service's own store alone, listed as the default.
    expect(detail.body.org).toMatchObject({
      org_id: orgId,
      org_name: name,
      s3_bucket_list: [{ s3_bucket_id: 0, is_default: 1, is_disabled: false }],
    })
  })

  it('refuses an empty org name and one in use, whatever its case', async () => {
    const { key, name } = await newOrg('Taken')
    expect(await call(suite.url, 'POST', '/api/1/org', { key, body: { org_name: '   ' } })).toEqual({
      status: 400,
      body: { error: 'invalid_org_name' },
    })
    expect(
      await call(suite.url, 'POST', '/api/1/org', { key, body: { org_name: name.toUpperCase() } }),
    ).toEqual({
      status: 409,
      body: { error: 'used_org_name' },
    })
  })

  it('updates the name and a lower-cased domain prefix, refusing bad, reserved and used ones', async () => {
    const a = await newOrg('Prefix')
    const b = await newOrg('Prefix')
    const prefix = `studio-${Math.random().toString(36).slice(2, 7)}`
    const update = (key: string, orgId: number, body: object) =>
      call(suite.url, 'POST', `/api/1/org/${orgId}`, { key, body })
    expect((await update(a.key, a.orgId, { domain_prefix: prefix.toUpperCase() })).status).toBe(200)
    const detail = await call<OrgDetailResponse>(suite.url, 'GET', `/api/1/org/${a.orgId}`, { key: a.key })
    expect(detail.body.org.domain_prefix).toBe(prefix)
    expect(await update(b.key, b.orgId, { domain_prefix: 'bad.prefix' })).toEqual({
      status: 400,
      body: { error: 'invalid_domain_prefix' },
    })
    // A prefix is a host name label too: no dash at either end.
    for (const bad of ['-studio', 'studio-']) {
      expect(await update(b.key, b.orgId, { domain_prefix: bad })).toEqual({
        status: 400,
        body: { error: 'invalid_domain_prefix' },
      })
    }
    expect((await update(b.key, b.orgId, { domain_prefix: `my_${prefix.slice(7)}` })).status).toBe(200)
    expect((await update(b.key, b.orgId, { domain_prefix: null })).status).toBe(200)
    expect(await update(b.key, b.orgId, { domain_prefix: 'www' })).toEqual({
      status: 412,
      body: { error: 'reserved_domain_prefix' },
    })
    expect(await update(b.key, b.orgId, { domain_prefix: prefix })).toEqual({
      status: 409,
      body: { error: 'used_domain_prefix' },
    })
    expect(await update(b.key, b.orgId, { org_name: a.name })).toEqual({
      status: 409,
      body: { error: 'used_org_name' },
    })
    expect((await update(b.key, b.orgId, { org_name: `${b.name} Renamed` })).status).toBe(200)
    // A refused update changed nothing.
    const bDetail = await call<OrgDetailResponse>(suite.url, 'GET', `/api/1/org/${b.orgId}`, { key: b.key })
    expect(bDetail.body.org).toMatchObject({ org_name: `${b.name} Renamed`, domain_prefix: null })
  })

  it('lets a member leave but not an admin, and keeps admin calls from members', async () => {
    const admin = await newOrg('Leave')
    const memberEmail = uniqueEmail('member')
    const member = await signUp(client(), memberEmail)
    await addMember(suite, admin.key, admin.orgId, memberEmail)
    expect(await call(suite.url, 'DELETE', `/api/1/org/${admin.orgId}/leave`, { key: admin.key })).toEqual({
      status: 403,
      body: { error: 'admin_cannot_leave' },
    })
    for (const [method, path, body] of [
      ['POST', `/api/1/org/${admin.orgId}`, { org_name: 'Mine now' }],
      ['POST', `/api/1/org/${admin.orgId}/plan`, { plan_id: 'starter_month' }],
      ['GET', `/api/1/org/${admin.orgId}/payment_method`, undefined],
      ['POST', `/api/1/org/${admin.orgId}/payment_method`, { stripe_payment_method_id: 'pm_card_visa' }],
      ['GET', `/api/1/org/${admin.orgId}/volume`, undefined],
      ['POST', `/api/1/org/${admin.orgId}/volume`, { volume_name: 'Sneaky' }],
    ] as const) {
      const answer = await call(suite.url, method, path, { key: member, body })
      expect(answer, `${method} ${path}`).toEqual({ status: 403, body: { error: 'admin_required' } })
    }
    const detail = await call<OrgDetailResponse>(suite.url, 'GET', `/api/1/org/${admin.orgId}`, {
      key: member,
    })
    expect(detail.body.org.is_admin).toBe(false)
    expect((await call(suite.url, 'DELETE', `/api/1/org/${admin.orgId}/leave`, { key: member })).status).toBe(
      200,
    )
    expect((await call(suite.url, 'GET', `/api/1/org/${admin.orgId}`, { key: member })).status).toBe(404)
  })

  it('needs a card before a plan, and refuses unknown and non-self-signup plans', async () => {
    const { key, orgId } = await newOrg('Plan')
    const setPlan = (plan_id: string) =>
      call(suite.url, 'POST', `/api/1/org/${orgId}/plan`, { key, body: { plan_id } })
    expect(await setPlan('pro_month')).toEqual({ status: 402, body: { error: 'payment_method_required' } })
    const card = await call(suite.url, 'POST', `/api/1/org/${orgId}/payment_method`, {
      key,
      body: { stripe_payment_method_id: 'pm_card_visa' },
    })
    expect(card.status).toBe(200)
    expect(await setPlan('no_such_plan')).toEqual({ status: 400, body: { error: 'unknown_plan' } })
    expect(await setPlan('enterprise_month')).toEqual({
      status: 403,
      body: { error: 'plan_not_self_signup' },
    })
    expect((await setPlan('pro_month')).status).toBe(200)
    const detail = await call<OrgDetailResponse>(suite.url, 'GET', `/api/1/org/${orgId}`, { key })
    expect(detail.body.org.plan_id).toBe('pro_month')
    expect(detail.body.org.plan).toMatchObject({
      plan_id: 'pro_month',
      plan_name: 'Pro',
      is_self_signup: true,
    })
  })

  it('keeps cards: the first is the default, declines store nothing, the default cannot be deleted', async () => {
    const { key, orgId } = await newOrg('Cards')
    const base = `/api/1/org/${orgId}/payment_method`
    const add = (id: string) =>
      call<{ payment_method_id: number }>(suite.url, 'POST', base, {
        key,
        body: { stripe_payment_method_id: id },
      })
    const list = async () =>
      (await call<PaymentMethodListResponse>(suite.url, 'GET', base, { key })).body.payment_method_list
    const visa = await add('pm_card_visa')
    const mastercard = await add('pm_card_mastercard')
    expect(await add('pm_card_chargeDeclined')).toEqual({ status: 412, body: { error: 'card_declined' } })
    expect(await add('pm_no_such_card')).toEqual({ status: 400, body: { error: 'unknown_payment_method' } })
    const cards = await list()
    expect(cards).toHaveLength(2)
    expect(cards.find((c) => c.payment_method_id === visa.body.payment_method_id)).toMatchObject({
      card_brand: 'visa',
      card_last4: '4242',
      is_default: true,
      is_deleted: false,
    })
    expect(cards.find((c) => c.payment_method_id === mastercard.body.payment_method_id)).toMatchObject({
      card_last4: '4444',
      is_default: false,
    })
    expect(await call(suite.url, 'DELETE', `${base}/${visa.body.payment_method_id}`, { key })).toEqual({
      status: 409,
      body: { error: 'default_payment_method' },
    })
    expect(
      (await call(suite.url, 'POST', `${base}/${mastercard.body.payment_method_id}/default`, { key })).status,
    ).toBe(200)
    expect((await call(suite.url, 'DELETE', `${base}/${visa.body.payment_method_id}`, { key })).status).toBe(
      200,
    )
    const after = await list()
    expect(after.map((c) => [c.card_last4, c.is_default])).toEqual([['4444', true]])
  })

  it('creates the first volume with its container, by the name rule and the plan limit', async () => {
    const { key, orgId, email } = await newOrg('Volumes')
    const create = (volume_name: string) =>
      call<{ volume_id: number }>(suite.url, 'POST', `/api/1/org/${orgId}/volume`, {
        key,
        body: { org_id: orgId, volume_name },
      })
    expect(await create('Footage')).toEqual({ status: 402, body: { error: 'no_plan' } })
    await call(suite.url, 'POST', `/api/1/org/${orgId}/payment_method`, {
      key,
      body: { stripe_payment_method_id: 'pm_card_visa' },
    })
    await call(suite.url, 'POST', `/api/1/org/${orgId}/plan`, { key, body: { plan_id: 'starter_month' } })
    for (const bad of ['ab', '-Footage', 'Footage-', 'Foot/age', 'x'.repeat(65)]) {
      expect(await create(bad), bad).toEqual({ status: 400, body: { error: 'invalid_volume_name' } })
    }
    const first = await create('Footage 2026')
    expect(first.status).toBe(200)
    expect(await create('footage 2026')).toEqual({ status: 409, body: { error: 'used_volume_name' } })
    expect((await create('Archive')).status).toBe(200)
    expect(await create('Third')).toEqual({ status: 402, body: { error: 'max_volume_count', limit: 2 } })

    const volumes = await call<VolumeListResponse>(suite.url, 'GET', `/api/1/org/${orgId}/volume`, { key })
    expect(volumes.body.volume_list.map((v) => v.volume_name)).toEqual(['Archive', 'Footage 2026'])
    expect(volumes.body.volume_list[1]).toMatchObject({ is_disabled: false, dead_expire_days: 3 })

    const grants = await call<MediaGrantListResponse>(suite.url, 'GET', `/web/1/org/${orgId}/media_grant`, {
      key,
    })
    expect(
      grants.body.media_grant_list.map((g) => [g.grant_name, g.volume_id, g.prefix_path, g.is_disabled]),
    ).toEqual([
      ['Archive', expect.any(Number), '/', 0],
      ['Footage 2026', first.body.volume_id, '/', 0],
    ])
    expect(grants.body.media_grant_list[0]?.user_list.map((u) => u.email)).toEqual([email.toLowerCase()])
  })

  it('shows a member only the containers the member holds', async () => {
    const org = await readyOrg(client(), 'Holders')
    const memberEmail = uniqueEmail('holder')
    const member = await signUp(client(), memberEmail)
    await addMember(suite, org.key, org.orgId, memberEmail)
    const grants = await call<MediaGrantListResponse>(
      suite.url,
      'GET',
      `/web/1/org/${org.orgId}/media_grant`,
      {
        key: member,
      },
    )
    expect(grants).toEqual({ status: 200, body: { media_grant_list: [] } })
  })
})
