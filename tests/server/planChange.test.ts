// Changing an organization's plan from the Plan tab (specification 001 sections 2, 3 and 9): the preview
// read from the organization's real state (members, devices, storage, volumes over the new maximums, the
// price difference), and the change itself, which lowers volumes' expiration days only once accepted and
// removes nothing.
import { describe, expect, it } from 'vitest'
import { endpoints } from '../../server/contract/endpoints.ts'
import { meterUsage } from '../../server/services/usage.ts'
import { addPerson, adminOrg, storeFile, type AdminOrg, type PlanId } from './helpers/admin.ts'
import { databaseKinds } from './helpers/databases.ts'
import { appWithKey, registerDevice } from './helpers/devices.ts'
import { callEndpoint, refusal } from './helpers/endpoint.ts'
import { useServer } from './helpers/suite.ts'

const TB = 1_099_511_627_776

describe.each(databaseKinds)('plan change on %s', (kind) => {
  const suite = useServer(kind)

  const preview = (org: AdminOrg | { key: string; orgId: number }, planId: string) =>
    callEndpoint(suite.url, endpoints.orgPlanPreview, {
      params: { org_id: org.orgId },
      query: { plan_id: planId },
      key: org.key,
    })
  const setPlan = (org: { key: string; orgId: number }, planId: string, accept?: boolean) =>
    callEndpoint(suite.url, endpoints.orgSetPlan, {
      params: { org_id: org.orgId },
      body: { plan_id: planId, ...(accept === undefined ? {} : { accept_expire_days: accept }) },
      key: org.key,
    })
  const volumes = async (org: AdminOrg) =>
    (
      await callEndpoint(suite.url, endpoints.volumeList, { params: { org_id: org.orgId }, key: org.key })
    ).body.volume_list.map((v) => [v.volume_name, v.live_expire_days, v.dead_expire_days])
  const planOf = async (org: AdminOrg) =>
    (await callEndpoint(suite.url, endpoints.orgDetail, { params: { org_id: org.orgId }, key: org.key })).body
      .org.plan_id

  /** A Business organization with a second volume keeping live files 10 days, three members and three
   * devices: over Starter's 2 members, 2 devices and 3 days. */
  async function busyBusinessOrg(label: string, plan: PlanId = 'business_month') {
    const org = await adminOrg(suite, label, plan)
    const created = await callEndpoint(suite.url, endpoints.volumeCreate, {
      params: { org_id: org.orgId },
      body: { org_id: org.orgId, volume_name: 'Archive' },
      key: org.key,
    })
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    const updated = await callEndpoint(suite.url, endpoints.volumeUpdate, {
      params: { org_id: org.orgId, volume_id: created.body.volume_id },
      body: { live_expire_days: 10 },
      key: org.key,
    })
    expect(updated.status, JSON.stringify(updated.body)).toBe(200)
    await addPerson(suite, org)
    await addPerson(suite, org)
    const app = await appWithKey(suite, org, 'Sync')
    for (const name of ['Edit 1', 'Edit 2', 'Edit 3']) await registerDevice(suite, org, org.orgId, app, name)
    return { ...org, archiveId: created.body.volume_id }
  }

  it('previews a downgrade from the real state: members, devices, storage, volumes over and the price', async () => {
    const org = await busyBusinessOrg('Preview')
    const file = await storeFile(suite, org, org.grantId, '/cut.mov', 'twelve bytes')
    await meterUsage(suite.server.app.db, new Date().toISOString().slice(0, 10))

    const starter = await preview(org, 'starter_month')
    expect(starter.status, JSON.stringify(starter.body)).toBe(200)
    expect(starter.body.preview).toEqual({
      plan_id: 'starter_month',
      current_plan_id: 'business_month',
      user_count: 3,
      max_user_count: 2,
      device_count: 3,
      max_device_count: 2,
      storage_bytes: file.fileSize,
      max_storage_bytes: TB,
      volumes_over: [
        {
          volume_id: org.archiveId,
          volume_name: 'Archive',
          live_expire_days: 10,
          dead_expire_days: 14,
          new_live_expire_days: 3,
          new_dead_expire_days: 3,
        },
        {
          volume_id: org.volumeId,
          volume_name: 'Preview media',
          // 0: live files never expire, within any maximum.
          live_expire_days: 0,
          dead_expire_days: 14,
          new_live_expire_days: 0,
          new_dead_expire_days: 3,
        },
      ],
      price_difference_usd: -250,
    })
    // Pro allows 5 days: the 10-day volume is lowered to 5; $99 - $299.
    const pro = await preview(org, 'pro_month')
    expect(pro.body.preview.volumes_over.map((v) => [v.volume_name, v.new_live_expire_days])).toEqual([
      ['Archive', 5],
      ['Preview media', 0],
    ])
    expect(pro.body.preview.price_difference_usd).toBe(-200)
    // Enterprise: no limits, up to 365 days, a price agreed with sales.
    expect((await preview(org, 'enterprise_month')).body.preview).toMatchObject({
      max_user_count: null,
      max_device_count: null,
      max_storage_bytes: null,
      volumes_over: [],
      price_difference_usd: null,
    })
  })

  it('previews an upgrade: a higher price, nothing over', async () => {
    const org = await adminOrg(suite, 'Upgrade', 'starter_month')
    const answer = await preview(org, 'business_month')
    expect(answer.body.preview).toMatchObject({
      current_plan_id: 'starter_month',
      user_count: 1,
      max_user_count: 4,
      device_count: 0,
      storage_bytes: 0,
      volumes_over: [],
      price_difference_usd: 250,
    })
  })

  it('refuses a change that lowers days unless accepted; accepted, lowers them and removes nothing', async () => {
    const org = await busyBusinessOrg('Downgrade')
    const before = await volumes(org)
    expect(await setPlan(org, 'starter_month')).toEqual(refusal(409, 'plan_lowers_expire_days'))
    expect(await setPlan(org, 'starter_month', false)).toEqual(refusal(409, 'plan_lowers_expire_days'))
    expect(await planOf(org)).toBe('business_month')
    expect(await volumes(org)).toEqual(before)

    expect(await setPlan(org, 'starter_month', true)).toEqual({ status: 200, body: {} })
    expect(await planOf(org)).toBe('starter_month')
    expect(await volumes(org)).toEqual([
      ['Archive', 3, 3],
      ['Downgrade media', 0, 3],
    ])
    // Members and devices over the limits stay; none can be added.
    const after = await preview(org, 'starter_month')
    expect(after.body.preview).toMatchObject({ user_count: 3, device_count: 3, volumes_over: [] })
    const added = await callEndpoint(suite.url, endpoints.userAdd, {
      params: { org_id: org.orgId },
      body: {
        email: 'one-more@example.com',
        is_admin: false,
        cap_web_upload: false,
        cap_web_download: false,
        cap_add_device: false,
      },
      key: org.key,
    })
    expect(added).toEqual(refusal(402, 'max_user_count', 2))
    // Each lowered volume is on the admin trail.
    const trail = await callEndpoint(suite.url, endpoints.adminEventList, {
      params: { org_id: org.orgId },
      query: { volume_id: String(org.archiveId) },
      key: org.key,
    })
    expect(trail.body.admin_event_list[0]).toMatchObject({
      action: 'volume_update',
      summary: 'Volume Archive: live_expire_days 10 → 3, dead_expire_days 14 → 3 (plan changed to Starter)',
    })
  })

  it('changes without acceptance when no volume is over, and choosing the current plan is a no-op', async () => {
    const org = await adminOrg(suite, 'Same', 'starter_month')
    expect(await setPlan(org, 'starter_month')).toEqual({ status: 200, body: {} })
    expect(await setPlan(org, 'pro_month')).toEqual({ status: 200, body: {} })
    expect(await planOf(org)).toBe('pro_month')
    // Each change is on the admin trail, newest first (signup's choice too; choosing the current plan again
    // left nothing there).
    const trail = await callEndpoint(suite.url, endpoints.adminEventList, {
      params: { org_id: org.orgId },
      key: org.key,
    })
    const planEvents = trail.body.admin_event_list.filter((event) => event.action === 'plan_change')
    expect(planEvents.map((event) => event.summary)).toEqual([
      'Plan changed from Starter to Pro',
      'Plan set to Starter',
    ])
    // Back to Starter: the volume kept Starter's 3 days, within its maximum, so nothing needs accepting.
    expect(await setPlan(org, 'starter_month')).toEqual({ status: 200, body: {} })
    expect(await planOf(org)).toBe('starter_month')
  })

  it('refuses unknown and non-self-signup plans, and members', async () => {
    const org = await adminOrg(suite, 'Refusals', 'pro_month')
    expect(await preview(org, 'no_such_plan')).toEqual(refusal(400, 'unknown_plan'))
    expect(await setPlan(org, 'no_such_plan')).toEqual(refusal(400, 'unknown_plan'))
    expect(await setPlan(org, 'enterprise_month', true)).toEqual(refusal(403, 'plan_not_self_signup'))
    expect(await planOf(org)).toBe('pro_month')
    const member = await addPerson(suite, org)
    const asMember = { key: member.key, orgId: org.orgId }
    expect(await preview(asMember, 'starter_month')).toEqual(refusal(403, 'admin_required'))
    expect(await setPlan(asMember, 'starter_month', true)).toEqual(refusal(403, 'admin_required'))
    expect(await planOf(org)).toBe('pro_month')
  })
})
