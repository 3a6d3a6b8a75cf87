// Volumes (specification 001 sections 3, 5, 7-9; issue 10): creating them within the plan's count of
// enabled volumes, their names, their settings (changed fields only) within the plan's retention maxima,
// the plan fields that carry those limits, and what disabling a volume or a container does to file calls.
import { describe, expect, it } from 'vitest'
import { endpoints } from '../../server/contract/endpoints.ts'
import type { Plan } from '../../server/contract/plan.ts'
import type { UpdateVolumeRequest } from '../../server/contract/volume.ts'
import { addPerson, adminOrg, storeFile, type AdminOrg } from './helpers/admin.ts'
import { databaseKinds } from './helpers/databases.ts'
import { callEndpoint, refusal } from './helpers/endpoint.ts'
import { hashOf } from './helpers/media.ts'
import { useServer } from './helpers/suite.ts'

const GiB = 1024 ** 3
const OK = { status: 200, body: {} }

describe.each(databaseKinds)('volumes on %s', (kind) => {
  const suite = useServer(kind)

  const list = async (org: AdminOrg) => {
    const answer = await callEndpoint(suite.url, endpoints.volumeList, {
      params: { org_id: org.orgId },
      key: org.key,
    })
    expect(answer.status).toBe(200)
    return answer.body.volume_list
  }
  const volumeOf = async (org: AdminOrg, volumeId: number) =>
    (await list(org)).find((volume) => volume.volume_id === volumeId)
  const create = (org: AdminOrg, volume_name: string, is_disabled?: boolean | number) =>
    callEndpoint(suite.url, endpoints.volumeCreate, {
      params: { org_id: org.orgId },
      body: { volume_name, ...(is_disabled === undefined ? {} : { is_disabled }) },
      key: org.key,
    })
  const update = (org: AdminOrg, volumeId: number, body: UpdateVolumeRequest) =>
    callEndpoint(suite.url, endpoints.volumeUpdate, {
      params: { org_id: org.orgId, volume_id: volumeId },
      body,
      key: org.key,
    })
  const volumeEvents = async (org: AdminOrg, volumeId: number) => {
    const answer = await callEndpoint(suite.url, endpoints.adminEventList, {
      params: { org_id: org.orgId },
      query: { volume_id: String(volumeId) },
      key: org.key,
    })
    expect(answer.status).toBe(200)
    return answer.body.admin_event_list.map((event) => event.action)
  }

  it("creates enabled volumes up to the plan's count, and disabled ones past it", async () => {
    const org = await adminOrg(suite, 'Count')
    const second = await create(org, 'Second')
    expect(second).toEqual({ status: 200, body: { volume_id: expect.any(Number) as number } })
    // Starter: 2 enabled volumes.
    expect(await create(org, 'Third')).toEqual(refusal(402, 'max_volume_count', 2))
    const third = await create(org, 'Third', true)
    expect(third.status, JSON.stringify(third.body)).toBe(200)
    const fourth = await create(org, 'Fourth', 1)
    expect(fourth.status, JSON.stringify(fourth.body)).toBe(200)
    // A new volume starts with the plan's retention for deleted files; live files do not expire.
    expect(await volumeOf(org, third.body.volume_id)).toEqual({
      volume_id: third.body.volume_id,
      volume_name: 'Third',
      is_disabled: true,
      is_user_volume: false,
      min_expire_size: 0,
      live_expire_days: 0,
      dead_expire_days: 3,
    })
    expect((await list(org)).map((volume) => [volume.volume_name, volume.is_disabled]).sort()).toEqual([
      ['Count media', false],
      ['Fourth', true],
      ['Second', false],
      ['Third', true],
    ])

    // Disabled volumes do not count: disabling one frees its slot.
    expect(await update(org, second.body.volume_id, { is_disabled: true })).toEqual(OK)
    expect((await create(org, 'Fifth')).status).toBe(200)
    // Re-enabling takes a slot again.
    expect(await update(org, second.body.volume_id, { is_disabled: false })).toEqual(
      refusal(402, 'max_volume_count', 2),
    )
    expect(await update(org, third.body.volume_id, { is_disabled: 0 })).toEqual(
      refusal(402, 'max_volume_count', 2),
    )
    expect((await volumeOf(org, second.body.volume_id))?.is_disabled).toBe(true)
    expect((await volumeOf(org, third.body.volume_id))?.is_disabled).toBe(true)
    // A refused re-enable may still carry changes that need no slot: none of them is made either.
    expect(await update(org, third.body.volume_id, { is_disabled: 0, volume_name: 'Third again' })).toEqual(
      refusal(402, 'max_volume_count', 2),
    )
    expect((await volumeOf(org, third.body.volume_id))?.volume_name).toBe('Third')
  })

  it('fills the last volume slot once when two volumes are created at once', async () => {
    const org = await adminOrg(suite, 'Race')
    const answers = await Promise.all([create(org, 'One'), create(org, 'Two')])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 402])
    expect(answers.find((answer) => answer.status === 402)).toEqual(refusal(402, 'max_volume_count', 2))
    expect((await list(org)).filter((volume) => !volume.is_disabled)).toHaveLength(2)
  })

  it('refuses a name in use whatever its case, even at the limit, and names against the rule', async () => {
    const org = await adminOrg(suite, 'Names')
    expect((await create(org, 'Second')).status).toBe(200)
    expect(await create(org, 'NAMES MEDIA')).toEqual(refusal(409, 'used_volume_name'))
    expect(await create(org, 'second', true)).toEqual(refusal(409, 'used_volume_name'))
    for (const name of [
      'Trailing ',
      ' Leading',
      'ab',
      'x'.repeat(65),
      'a/b',
      'dot.name',
      '-dash',
      'under_',
      '',
      '   ',
    ]) {
      expect(await create(org, name, true), JSON.stringify(name)).toEqual(refusal(400, 'invalid_volume_name'))
    }
    // The rule's edges: 3 and 64 characters, spaces, underscores and dashes inside.
    for (const name of ['abc', 'x'.repeat(64), 'A b_c-1']) {
      expect((await create(org, name, true)).status, name).toBe(200)
    }
  })

  it('changes only the fields sent, renames, and refuses used and invalid names', async () => {
    const org = await adminOrg(suite, 'Settings')
    const second = (await create(org, 'Second')).body.volume_id
    const before = await volumeOf(org, second)
    expect(await update(org, second, { min_expire_size: 1024 })).toEqual(OK)
    expect(await volumeOf(org, second)).toEqual({ ...before, min_expire_size: 1024 })
    expect(await update(org, second, { volume_name: 'Second renamed' })).toEqual(OK)
    expect(await volumeOf(org, second)).toEqual({
      ...before,
      min_expire_size: 1024,
      volume_name: 'Second renamed',
    })
    // Its own name in another case is no conflict.
    expect(await update(org, second, { volume_name: 'SECOND RENAMED' })).toEqual(OK)
    expect((await volumeOf(org, second))?.volume_name).toBe('SECOND RENAMED')
    expect(await volumeEvents(org, second)).toEqual([
      'volume_update',
      'volume_update',
      'volume_update',
      'volume_create',
    ])
    // Fields equal to the stored values, and an empty body, change nothing and record nothing.
    expect(
      await update(org, second, { volume_name: 'SECOND RENAMED', dead_expire_days: 3, is_disabled: 0 }),
    ).toEqual(OK)
    expect(await update(org, second, {})).toEqual(OK)
    expect(await volumeEvents(org, second)).toHaveLength(4)

    expect(await update(org, second, { volume_name: 'settings MEDIA' })).toEqual(
      refusal(409, 'used_volume_name'),
    )
    expect(await update(org, second, { volume_name: 'Trailing ' })).toEqual(
      refusal(400, 'invalid_volume_name'),
    )
    expect(await update(org, second, { volume_name: ' Leading' })).toEqual(
      refusal(400, 'invalid_volume_name'),
    )
    expect(await update(org, second, { volume_name: 'no' })).toEqual(refusal(400, 'invalid_volume_name'))
    // A refused change makes none of the others sent with it.
    expect(await update(org, second, { volume_name: 'Settings media', min_expire_size: 7 })).toEqual(
      refusal(409, 'used_volume_name'),
    )
    expect(await volumeOf(org, second)).toEqual({
      ...before,
      min_expire_size: 1024,
      volume_name: 'SECOND RENAMED',
    })
    const unknownField = await update(org, second, { volume_name: 'Other', owner: 1 } as UpdateVolumeRequest)
    expect(unknownField).toEqual({
      status: 400,
      body: { error: 'invalid_request', message: expect.any(String) },
    })
  })

  it("takes expiration days of 0 and 1 to 365, and sizes, within the plan's maxima", async () => {
    const org = await adminOrg(suite, 'Expire')
    const id = org.volumeId
    for (const days of [0, 1, 3, 0]) {
      expect(await update(org, id, { live_expire_days: days }), `live ${days}`).toEqual(OK)
      expect(await update(org, id, { dead_expire_days: days }), `dead ${days}`).toEqual(OK)
      expect((await volumeOf(org, id))?.live_expire_days).toBe(days)
      expect((await volumeOf(org, id))?.dead_expire_days).toBe(days)
    }
    // Starter keeps files 3 days at most, and spares at most 10 GiB from expiry.
    expect(await update(org, id, { live_expire_days: 4 })).toEqual(refusal(402, 'max_live_expire_days', 3))
    expect(await update(org, id, { dead_expire_days: 4 })).toEqual(refusal(402, 'max_dead_expire_days', 3))
    expect(await update(org, id, { dead_expire_days: 365 })).toEqual(refusal(402, 'max_dead_expire_days', 3))
    expect(await update(org, id, { min_expire_size: 10 * GiB })).toEqual(OK)
    expect(await update(org, id, { min_expire_size: 10 * GiB + 1 })).toEqual(
      refusal(402, 'max_min_expire_size', 10 * GiB),
    )
    // Past the rule's range the schema refuses the request.
    for (const body of [
      { live_expire_days: 366 },
      { dead_expire_days: 366 },
      { live_expire_days: -1 },
      { min_expire_size: -1 },
    ]) {
      expect(await update(org, id, body), JSON.stringify(body)).toEqual({
        status: 400,
        body: { error: 'invalid_request', message: expect.any(String) },
      })
    }
    expect(await volumeOf(org, id)).toMatchObject({
      live_expire_days: 0,
      dead_expire_days: 0,
      min_expire_size: 10 * GiB,
    })

    const business = await adminOrg(suite, 'Longer', 'business_month')
    expect(await update(business, business.volumeId, { live_expire_days: 14, dead_expire_days: 14 })).toEqual(
      OK,
    )
    expect(await update(business, business.volumeId, { live_expire_days: 15 })).toEqual(
      refusal(402, 'max_live_expire_days', 14),
    )
    // A plan without maxima (enterprise, set by the sales team) allows the rule's whole range.
    await suite.server.app.db.query(`UPDATE org SET plan_id = 'enterprise_month' WHERE org_id = $1`, [
      business.orgId,
    ])
    expect(
      await update(business, business.volumeId, {
        live_expire_days: 365,
        dead_expire_days: 365,
        min_expire_size: 1024 * GiB,
      }),
    ).toEqual(OK)
    expect(await volumeOf(business, business.volumeId)).toMatchObject({
      live_expire_days: 365,
      dead_expire_days: 365,
      min_expire_size: 1024 * GiB,
    })
    expect((await update(business, business.volumeId, { live_expire_days: 366 })).status).toBe(400)
  })

  it('answers a volume of another organization, or none, as missing', async () => {
    const mine = await adminOrg(suite, 'Mine')
    const theirs = await adminOrg(suite, 'Theirs')
    const before = await list(theirs)
    for (const body of [{ volume_name: 'Taken' }, { is_disabled: 1 }, { live_expire_days: 1 }, {}]) {
      expect(await update(mine, theirs.volumeId, body), JSON.stringify(body)).toEqual(
        refusal(404, 'not_found'),
      )
    }
    expect(await update(mine, 999_999_999, { volume_name: 'Nothing' })).toEqual(refusal(404, 'not_found'))
    expect(await list(theirs)).toEqual(before)
  })

  it('serves the retention defaults and maxima with the plan, in the plan list and the org detail', async () => {
    const plans = await callEndpoint(suite.url, endpoints.planList, {})
    expect(plans.status).toBe(200)
    const limits = (plan: Plan | undefined) =>
      plan && {
        default_live_expire_days: plan.default_live_expire_days,
        default_dead_expire_days: plan.default_dead_expire_days,
        max_live_expire_days: plan.max_live_expire_days,
        max_dead_expire_days: plan.max_dead_expire_days,
        max_min_expire_size: plan.max_min_expire_size,
        max_volume_count: plan.max_volume_count,
        max_user_count: plan.max_user_count,
      }
    const days = (n: number | null) => ({
      default_live_expire_days: n,
      default_dead_expire_days: n,
      max_live_expire_days: n,
      max_dead_expire_days: n,
    })
    expect(Object.fromEntries(plans.body.plan_list.map((plan) => [plan.plan_id, limits(plan)]))).toEqual({
      starter_month: { ...days(3), max_min_expire_size: 10 * GiB, max_volume_count: 2, max_user_count: 2 },
      pro_month: { ...days(5), max_min_expire_size: 10 * GiB, max_volume_count: 5, max_user_count: 2 },
      business_month: { ...days(14), max_min_expire_size: 10 * GiB, max_volume_count: 20, max_user_count: 4 },
      enterprise_month: {
        ...days(null),
        max_min_expire_size: null,
        max_volume_count: null,
        max_user_count: null,
      },
    })
    const org = await adminOrg(suite, 'Detail', 'pro_month')
    const detail = await callEndpoint(suite.url, endpoints.orgDetail, {
      params: { org_id: org.orgId },
      key: org.key,
    })
    expect(detail.status).toBe(200)
    expect(detail.body.org.plan).toEqual(plans.body.plan_list.find((plan) => plan.plan_id === 'pro_month'))
  })

  describe('disabled', () => {
    const fileCalls = async (org: AdminOrg, key: string, mediaId: number) => {
      const params = { org_id: org.orgId, media_grant_id: org.grantId }
      return {
        dir: await callEndpoint(suite.url, endpoints.dirList, { params, query: { prefix_path: '/' }, key }),
        upload: await callEndpoint(suite.url, endpoints.upload, {
          params,
          body: { file_list: [{ file_hash: hashOf('new'), file_size: 3 }] },
          key,
        }),
        folder: await callEndpoint(suite.url, endpoints.dirCreate, {
          params,
          body: { prefix_path: 'New' },
          key,
        }),
        download: await callEndpoint(suite.url, endpoints.mediaDownloadUrl, {
          params: { ...params, media_id: mediaId },
          key,
        }),
      }
    }
    const refusedAll = (status: number, error: 'volume_disabled' | 'grant_disabled') => {
      const refused = refusal(status, error)
      return { dir: refused, upload: refused, folder: refused, download: refused }
    }
    const heldGrants = async (org: AdminOrg, key: string) => {
      const answer = await callEndpoint(suite.url, endpoints.memberGrantList, {
        params: { org_id: org.orgId },
        key,
      })
      expect(answer.status).toBe(200)
      return answer.body.media_grant_list.map((grant) => [grant.media_grant_id, grant.is_disabled])
    }

    it("keeps a volume's containers from every file call, admins included, until it is enabled again", async () => {
      const org = await adminOrg(suite, 'Off')
      const member = await addPerson(suite, org, { cap_web_upload: true, cap_web_download: true }, [
        org.grantId,
      ])
      const file = await storeFile(suite, org, org.grantId, 'clip.mov', 'clip')
      for (const key of [org.key, member.key]) {
        const calls = await fileCalls(org, key, file.mediaId)
        expect(Object.values(calls).map((answer) => answer.status)).toEqual([200, 200, 200, 200])
        expect(await heldGrants(org, key)).toEqual([[org.grantId, 0]])
      }

      expect(await update(org, org.volumeId, { is_disabled: 1 })).toEqual(OK)
      for (const key of [org.key, member.key]) {
        expect(await fileCalls(org, key, file.mediaId)).toEqual(refusedAll(403, 'volume_disabled'))
        // Holders no longer see its containers; the admin still manages them.
        expect(await heldGrants(org, key)).toEqual([])
      }
      const adminList = await callEndpoint(suite.url, endpoints.grantList, {
        params: { org_id: org.orgId },
        key: org.key,
      })
      expect(adminList.body.media_grant_list.map((grant) => grant.media_grant_id)).toEqual([org.grantId])

      expect(await update(org, org.volumeId, { is_disabled: 0 })).toEqual(OK)
      for (const key of [org.key, member.key]) {
        const calls = await fileCalls(org, key, file.mediaId)
        expect(Object.values(calls).map((answer) => answer.status)).toEqual([200, 200, 200, 200])
        expect(calls.dir.body).toMatchObject({ media_list: [{ media_id: file.mediaId }] })
        expect(await heldGrants(org, key)).toEqual([[org.grantId, 0]])
      }
    })

    it('keeps a disabled container from every file call, admins included', async () => {
      const org = await adminOrg(suite, 'Shut')
      const member = await addPerson(suite, org, { cap_web_upload: true, cap_web_download: true }, [
        org.grantId,
      ])
      const file = await storeFile(suite, org, org.grantId, 'clip.mov', 'clip')
      const setDisabled = (is_disabled: 0 | 1) =>
        callEndpoint(suite.url, endpoints.grantUpdate, {
          params: { org_id: org.orgId, media_grant_id: org.grantId },
          body: { is_disabled },
          key: org.key,
        })
      expect(await setDisabled(1)).toEqual(OK)
      for (const key of [org.key, member.key]) {
        expect(await fileCalls(org, key, file.mediaId)).toEqual(refusedAll(403, 'grant_disabled'))
        // Its holders still see it, marked disabled.
        expect(await heldGrants(org, key)).toEqual([[org.grantId, 1]])
      }
      expect(await setDisabled(0)).toEqual(OK)
      for (const key of [org.key, member.key]) {
        const calls = await fileCalls(org, key, file.mediaId)
        expect(Object.values(calls).map((answer) => answer.status)).toEqual([200, 200, 200, 200])
      }
    })
  })
})
