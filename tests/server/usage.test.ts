// Usage metering and its call (issue 12; specification 001 sections 3 and 7): the daily job's rows per
// volume and per store, live against total (older versions and deleted files), byte-days over many days,
// re-runs that change nothing, and the call's ranges with every day of a range present. Files are written
// straight into the tables so each version can be dated on the day a test needs.
import { describe, expect, it } from 'vitest'
import { endpoints } from '../../server/contract/endpoints.ts'
import { DEFAULT_STORE_NAME } from '../../server/contract/usage.ts'
import type { Queryable } from '../../server/db/index.ts'
import { meterUsageJob } from '../../server/jobs/meterUsage.ts'
import { addDays, lastEndedDay, meterUsage } from '../../server/services/usage.ts'
import { addPerson, adminOrg } from './helpers/admin.ts'
import { databaseKinds } from './helpers/databases.ts'
import { callEndpoint, refusal } from './helpers/endpoint.ts'
import { addFile } from './helpers/datedFiles.ts'
import { runDays } from './helpers/jobs.ts'
import { useServer } from './helpers/suite.ts'

const volumeRow = async (db: Queryable, volumeId: number, day: string) =>
  (
    await db.query(
      `SELECT live_bytes, total_bytes, live_count, total_count FROM volume_usage
        WHERE volume_id = $1 AND usage_date = $2::date`,
      [volumeId, day],
    )
  )[0]

const storeRows = (db: Queryable, volumeId: number, day: string) =>
  db.query<{ store_id: number; byte_days: number }>(
    `SELECT store_id, byte_days FROM volume_store_usage
      WHERE volume_id = $1 AND usage_date = $2::date ORDER BY store_id`,
    [volumeId, day],
  )

const snapshot = (db: Queryable) =>
  db.query(
    `SELECT 'v' AS t, volume_id, usage_date::text AS d, live_bytes AS a, total_bytes AS b, live_count AS c,
            total_count AS e, computed_at::text AS at
       FROM volume_usage
     UNION ALL
     SELECT 's', volume_id, usage_date::text, store_id, byte_days, 0, 0, computed_at::text
       FROM volume_store_usage
     ORDER BY 1, 2, 3, 4`,
  )

// Days well in the past, so "the end of the day" is clear of today's clock.
const D1 = '2026-10-01'
const D2 = '2026-10-02'
const D3 = '2026-10-03'
const at = (day: string, time = '12:00:00') => `${day}T${time}Z`

describe.each(databaseKinds)('usage metering on %s', (kind) => {
  const suite = useServer(kind)
  const db = () => suite.server.app.db

  it('counts live files by their current version and total as every version kept, deleted files included', async () => {
    const org = await adminOrg(suite, 'Usage')
    // A file with two versions: live counts the newer, total both.
    await addFile(db(), org.orgId, org.volumeId, '/media/a.mov', [
      { size: 100, at: at(D1) },
      { size: 250, at: at(D1, '18:00:00') },
    ])
    // A deleted file: in total only.
    await addFile(db(), org.orgId, org.volumeId, '/media/gone.mov', [{ size: 40, at: at(D1) }], {
      deleted: true,
    })
    // A file of another volume of another organization does not count here.
    const other = await adminOrg(suite, 'Elsewhere')
    await addFile(db(), other.orgId, other.volumeId, '/media/x.mov', [{ size: 999, at: at(D1) }])

    await meterUsage(db(), D1)
    expect(await volumeRow(db(), org.volumeId, D1)).toEqual({
      live_bytes: 250,
      total_bytes: 390,
      live_count: 1,
      total_count: 3,
    })
    expect(await volumeRow(db(), other.volumeId, D1)).toEqual({
      live_bytes: 999,
      total_bytes: 999,
      live_count: 1,
      total_count: 1,
    })
    // byte_days of the day add up to the day's total bytes.
    expect(await storeRows(db(), org.volumeId, D1)).toEqual([{ store_id: 0, byte_days: 390 }])
  })

  it('meters a day by the versions created before it ended, and gives every volume a row', async () => {
    const org = await adminOrg(suite, 'Days', 'business_month')
    // Created just after D1 ended: D1 does not count it, D2 does; before that, the file's newest version
    // on D1 is the first one.
    await addFile(db(), org.orgId, org.volumeId, '/media/b.mov', [
      { size: 10, at: at(D1, '23:59:59') },
      { size: 30, at: at(D2, '00:00:00') },
    ])
    await meterUsage(db(), D1)
    await meterUsage(db(), D2)
    expect(await volumeRow(db(), org.volumeId, D1)).toEqual({
      live_bytes: 10,
      total_bytes: 10,
      live_count: 1,
      total_count: 1,
    })
    expect(await volumeRow(db(), org.volumeId, D2)).toEqual({
      live_bytes: 30,
      total_bytes: 40,
      live_count: 1,
      total_count: 2,
    })
    // A volume without files reads zeros.
    const empty = await callEndpoint(suite.url, endpoints.volumeCreate, {
      params: { org_id: org.orgId },
      body: { org_id: org.orgId, volume_name: 'Empty one' },
      key: org.key,
    })
    expect(empty.status).toBe(200)
    await meterUsage(db(), D2)
    expect(await volumeRow(db(), empty.body.volume_id, D2)).toEqual({
      live_bytes: 0,
      total_bytes: 0,
      live_count: 0,
      total_count: 0,
    })
    expect(await storeRows(db(), empty.body.volume_id, D2)).toEqual([])
  })

  it('re-running a day changes nothing, and a late change is taken in by running it again', async () => {
    const org = await adminOrg(suite, 'Rerun')
    await addFile(db(), org.orgId, org.volumeId, '/media/c.mov', [{ size: 70, at: at(D1) }])
    const network = await addFile(db(), org.orgId, org.volumeId, '/media/d.mov', [{ size: 5, at: at(D1) }], {
      storeId: 7,
    })
    await meterUsage(db(), D1)
    const first = await snapshot(db())
    // Again, and twice at once (two processes): the same rows, computed_at included.
    await meterUsage(db(), D1)
    await Promise.all([meterUsage(db(), D1), meterUsage(db(), D1)])
    expect(await snapshot(db())).toEqual(first)
    expect(await storeRows(db(), org.volumeId, D1)).toEqual([
      { store_id: 0, byte_days: 70 },
      { store_id: 7, byte_days: 5 },
    ])

    // The file in store 7 is purged later: a new run of the day records 0 there, not a stale row.
    await db().query('DELETE FROM media WHERE media_id = $1', [network])
    await meterUsage(db(), D1)
    expect(await storeRows(db(), org.volumeId, D1)).toEqual([
      { store_id: 0, byte_days: 70 },
      { store_id: 7, byte_days: 0 },
    ])
    expect(await volumeRow(db(), org.volumeId, D1)).toMatchObject({ total_bytes: 70, total_count: 1 })
  })

  it('adds up byte-days over simulated days through the daily job', async () => {
    const org = await adminOrg(suite, 'ByteDays')
    await addFile(db(), org.orgId, org.volumeId, '/media/e.mov', [
      { size: 1000, at: at(D1) },
      { size: 500, at: at(D3) },
    ])
    await addFile(db(), org.orgId, org.volumeId, '/media/f.mov', [{ size: 200, at: at(D2) }], { storeId: 3 })
    const log = { info: () => undefined } as never
    const ctx = { db: db(), now: () => new Date(at(D3)), log } as never
    for (const day of [D1, D2, D3]) await meterUsageJob.run(ctx, day)

    const rows = await db().query<{ store_id: number; byte_days: number }>(
      `SELECT store_id, sum(byte_days)::bigint AS byte_days FROM volume_store_usage
        WHERE volume_id = $1 GROUP BY store_id ORDER BY store_id`,
      [org.volumeId],
    )
    // Store 0: 1000 on D1, 1000 on D2, 1500 on D3; store 3: 200 on D2 and D3.
    expect(rows).toEqual([
      { store_id: 0, byte_days: 3500 },
      { store_id: 3, byte_days: 400 },
    ])
    const totals = await db().query<{ total: number }>(
      `SELECT sum(total_bytes)::bigint AS total FROM volume_usage WHERE volume_id = $1`,
      [org.volumeId],
    )
    expect(totals).toEqual([{ total: 3900 }])
  })

  it('grows day by day when the scheduler runs the job after each simulated day', async () => {
    const org = await adminOrg(suite, 'Growth')
    const yesterday = lastEndedDay(new Date())
    const first = addDays(yesterday, -9)
    // A file of 100 bytes more each day, made at noon.
    for (let i = 0; i < 10; i += 1) {
      await addFile(db(), org.orgId, org.volumeId, `/media/day${i}.mov`, [
        { size: 100 * (i + 1), at: at(addDays(first, i)) },
      ])
    }
    await runDays(suite, first, yesterday, [meterUsageJob])
    // Run again: a day already run is not given again, and the rows stay as they are.
    const before = await snapshot(db())
    await runDays(suite, first, yesterday, [meterUsageJob])
    expect(await snapshot(db())).toEqual(before)

    const answer = await callEndpoint(suite.url, endpoints.volumeUsage, {
      params: { org_id: org.orgId, volume_id: org.volumeId },
      query: { range: '2w' },
      key: org.key,
    })
    const counts = answer.body.usage_list.map((day) => day.live_count)
    expect(counts).toEqual([0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    // Day i holds 100 * (1 + ... + i) bytes; the byte-days of the range add up to their sum.
    const totals = answer.body.usage_list.map((day) => day.total_bytes).slice(4)
    expect(totals).toEqual(Array.from({ length: 10 }, (_, i) => (100 * (i + 1) * (i + 2)) / 2))
    const byteDays = answer.body.s3_list.reduce((sum, row) => sum + row.byte_days, 0)
    expect(byteDays).toBe(totals.reduce((sum, each) => sum + each, 0))
  })

  it('answers the range day by day with zeros for days without rows, the as-of time and the plan limit', async () => {
    const org = await adminOrg(suite, 'Call', 'pro_month')
    const yesterday = lastEndedDay(new Date())
    const before = addDays(yesterday, -2)
    await addFile(db(), org.orgId, org.volumeId, '/media/g.mov', [{ size: 300, at: at(addDays(before, -1)) }])
    await addFile(db(), org.orgId, org.volumeId, '/media/h.mov', [{ size: 50, at: at(before) }], {
      storeId: 9,
    })
    await meterUsage(db(), before)
    await meterUsage(db(), yesterday)

    const usage = (range?: '1w' | '2w' | '30d' | '90d', key = org.key, volumeId = org.volumeId) =>
      callEndpoint(suite.url, endpoints.volumeUsage, {
        params: { org_id: org.orgId, volume_id: volumeId },
        ...(range ? { query: { range } } : {}),
        key,
      })

    const week = await usage()
    expect(week.status).toBe(200)
    expect(week.body).toMatchObject({
      range: '1w',
      from_date: addDays(yesterday, -6),
      to_date: yesterday,
      max_storage_bytes: 2199023255552,
      org_total_bytes: 350,
    })
    expect(week.body.usage_list.map((day) => day.usage_date)).toEqual(
      Array.from({ length: 7 }, (_, i) => addDays(yesterday, i - 6)),
    )
    const byDay = Object.fromEntries(week.body.usage_list.map((day) => [day.usage_date, day.total_bytes]))
    expect(byDay[before]).toBe(350)
    expect(byDay[yesterday]).toBe(350)
    // The day between was not metered: zero, not missing.
    expect(week.body.usage_list.find((day) => day.usage_date === addDays(before, 1))).toEqual({
      usage_date: addDays(before, 1),
      live_bytes: 0,
      total_bytes: 0,
      live_count: 0,
      total_count: 0,
    })
    // Each store has every day of the range; the service's store by its name.
    expect(week.body.s3_list).toHaveLength(14)
    expect(week.body.s3_list.filter((row) => row.byte_days > 0)).toEqual([
      { s3_bucket_id: 0, s3_bucket_name: DEFAULT_STORE_NAME, usage_date: before, byte_days: 300 },
      { s3_bucket_id: 0, s3_bucket_name: DEFAULT_STORE_NAME, usage_date: yesterday, byte_days: 300 },
      { s3_bucket_id: 9, s3_bucket_name: 'Store 9', usage_date: before, byte_days: 50 },
      { s3_bucket_id: 9, s3_bucket_name: 'Store 9', usage_date: yesterday, byte_days: 50 },
    ])
    expect(week.body.org_usage_list.at(-1)).toEqual({ usage_date: yesterday, total_bytes: 350 })
    const [computed] = await db().query<{ at: string }>(
      `SELECT to_char(max(computed_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
         FROM volume_usage WHERE volume_id = $1`,
      [org.volumeId],
    )
    expect(week.body.as_of).toBe(computed?.at)

    for (const [range, days] of [
      ['2w', 14],
      ['30d', 30],
      ['90d', 90],
    ] as const) {
      const answer = await usage(range)
      expect(answer.body.usage_list).toHaveLength(days)
      expect(answer.body.from_date).toBe(addDays(yesterday, 1 - days))
    }
    // Another range is refused by the schema.
    const bad = await callEndpoint(suite.url, endpoints.volumeUsage, {
      params: { org_id: org.orgId, volume_id: org.volumeId },
      query: { range: '1y' as never },
      key: org.key,
    })
    expect(bad.status).toBe(400)
    // A volume without rows: every day zero, no store, no as-of.
    const other = await adminOrg(suite, 'NoRows')
    const none = await callEndpoint(suite.url, endpoints.volumeUsage, {
      params: { org_id: other.orgId, volume_id: other.volumeId },
      key: other.key,
    })
    expect(none.body.as_of).toBeNull()
    expect(none.body.s3_list).toEqual([])
    expect(none.body.usage_list.every((day) => day.total_bytes === 0)).toBe(true)
    // Another organization's volume is not found; a member who is not an admin is refused.
    expect(await usage('1w', org.key, other.volumeId)).toEqual(refusal(404, 'not_found'))
    const member = await addPerson(suite, org)
    expect(await usage('1w', member.key)).toEqual(refusal(403, 'admin_required'))
  })
})
