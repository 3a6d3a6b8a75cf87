// Retention (issue 12): a day's run purges deleted files dead_expire_days after their deletion and older
// versions live_expire_days after they were replaced, by the server's clock, never before; keeps what is
// smaller than min_expire_size; does nothing for a rule set to 0; records every purge; removes an object
// only once nothing in the organization refers to it; and a second run of a day changes nothing.
import { describe, expect, it } from 'vitest'
import { endpoints } from '../../server/contract/endpoints.ts'
import { applyRetention, endOfDay } from '../../server/services/retention.ts'
import { adminOrg, storeFile, type AdminOrg } from './helpers/admin.ts'
import { databaseKinds } from './helpers/databases.ts'
import { callEndpoint } from './helpers/endpoint.ts'
import { retentionJob } from '../../server/jobs/retention.ts'
import { runDays } from './helpers/jobs.ts'
import { hashOf, markStored } from './helpers/media.ts'
import { useServer } from './helpers/suite.ts'

describe('endOfDay', () => {
  it('is the next midnight, UTC', () => {
    expect(endOfDay('2026-11-25').toISOString()).toBe('2026-11-26T00:00:00.000Z')
    expect(endOfDay('2026-12-31').toISOString()).toBe('2027-01-01T00:00:00.000Z')
    expect(() => endOfDay('2026-13-01')).toThrow(RangeError)
  })
})

describe.each(databaseKinds)('retention on %s', (kind) => {
  const suite = useServer(kind)
  const db = () => suite.server.app.db
  const run = (day: string) => applyRetention({ db: db(), store: suite.server.app.store }, day)

  const settings = (
    org: AdminOrg,
    body: { live_expire_days?: number; dead_expire_days?: number; min_expire_size?: number },
  ) =>
    callEndpoint(suite.url, endpoints.volumeUpdate, {
      params: { org_id: org.orgId, volume_id: org.volumeId },
      body,
      key: org.key,
    })
  const deleteFile = async (org: AdminOrg, mediaId: number, at: string) => {
    const answer = await callEndpoint(suite.url, endpoints.mediaDelete, {
      params: { org_id: org.orgId, media_grant_id: org.grantId, media_id: mediaId },
      key: org.key,
    })
    expect(answer.status).toBe(200)
    // The deletion happened at a known time of the server's clock.
    await db().query('UPDATE media SET deleted_at = $2 WHERE media_id = $1', [mediaId, at])
  }
  const exists = async (mediaId: number) =>
    (await db().query('SELECT 1 FROM media WHERE media_id = $1', [mediaId])).length === 1
  const stored = async (orgId: number, fileHash: string) =>
    (await db().query('SELECT 1 FROM stored_object WHERE org_id = $1 AND file_hash = $2', [orgId, fileHash]))
      .length === 1

  it('purges a deleted file on the day its dead_expire_days run out, not before, once', async () => {
    const org = await adminOrg(suite, 'Retention')
    expect((await settings(org, { dead_expire_days: 3 })).status).toBe(200)
    const file = await storeFile(suite, org, org.grantId, 'Old/cut.mov', 'the old cut')
    await deleteFile(org, file.mediaId, '2026-11-20T12:00:00Z')

    // It expires on 2026-11-23 at 12:00: the run of the 22nd (up to midnight) keeps it.
    expect(await run('2026-11-22')).toMatchObject({ purged: 0 })
    expect(await exists(file.mediaId)).toBe(true)
    const purged = await run('2026-11-23')
    expect(purged).toMatchObject({ purged: 1, objectsRemoved: 1 })
    expect(await exists(file.mediaId)).toBe(false)
    expect(await stored(org.orgId, file.fileHash)).toBe(false)
    const events = await db().query<{
      reason: string
      media_path: string
      purge_day: string
      event_time: string
    }>(
      `SELECT reason, media_path, purge_day::text, to_char(event_time AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS event_time
         FROM purge_event WHERE media_id = $1`,
      [file.mediaId],
    )
    expect(events).toEqual([
      {
        reason: 'deleted',
        media_path: '/media/Old/cut.mov',
        purge_day: '2026-11-23',
        event_time: '2026-11-20 12:00',
      },
    ])
    // A second run of the day, and the next day, find nothing.
    expect(await run('2026-11-23')).toEqual({ purged: 0, purgedBytes: 0, objectsRemoved: 0 })
    expect(await run('2026-11-24')).toMatchObject({ purged: 0 })
    // The folder no longer counts a deleted file.
    const [dir] = await db().query<{ deleted_count: number }>(
      "SELECT deleted_count::int AS deleted_count FROM media_dir WHERE volume_id = $1 AND dir_path = '/media/Old/'",
      [org.volumeId],
    )
    expect(dir?.deleted_count).toBe(0)
  })

  it('purges replaced versions after live_expire_days, keeping the current one and shared content', async () => {
    const org = await adminOrg(suite, 'Versions')
    expect((await settings(org, { live_expire_days: 3, dead_expire_days: 0 })).status).toBe(200)
    const first = await storeFile(suite, org, org.grantId, 'reel.mov', 'first take')
    // The same content elsewhere in the organization keeps its object alive.
    await storeFile(suite, org, org.grantId, 'copy.mov', 'shared take')
    const second = hashOf('second take')
    const registered = await callEndpoint(suite.url, endpoints.mediaRegister, {
      params: { org_id: org.orgId, media_grant_id: org.grantId },
      body: { media_path: 'reel.mov', file_hash: second, file_size: 11, previous_hash: first.fileHash },
      key: org.key,
    })
    expect(registered.body.media_id).toBe(first.mediaId)
    await markStored(suite, org.orgId, second, 11)
    const third = hashOf('shared take')
    await callEndpoint(suite.url, endpoints.mediaRegister, {
      params: { org_id: org.orgId, media_grant_id: org.grantId },
      body: { media_path: 'reel.mov', file_hash: third, file_size: 11, previous_hash: second },
      key: org.key,
    })
    // The first version was replaced on the 20th at 06:00, the second on the 21st at 06:00.
    const versions = await db().query<{ media_version_id: number; file_hash: string }>(
      'SELECT media_version_id, file_hash FROM media_version WHERE media_id = $1 ORDER BY media_version_id',
      [first.mediaId],
    )
    expect(versions.map((version) => version.file_hash)).toEqual([first.fileHash, second, third])
    await db().query('UPDATE media_version SET create_time = $2 WHERE media_version_id = $1', [
      versions[1]?.media_version_id,
      '2026-11-20T06:00:00Z',
    ])
    await db().query('UPDATE media_version SET create_time = $2 WHERE media_version_id = $1', [
      versions[2]?.media_version_id,
      '2026-11-21T06:00:00Z',
    ])
    await db().query('UPDATE media_version SET create_time = $2 WHERE media_version_id = $1', [
      versions[0]?.media_version_id,
      '2026-11-19T06:00:00Z',
    ])

    expect(await run('2026-11-22')).toMatchObject({ purged: 0 })
    expect(await run('2026-11-23')).toMatchObject({ purged: 1, objectsRemoved: 1 })
    expect(await stored(org.orgId, first.fileHash)).toBe(false)
    expect(await run('2026-11-24')).toMatchObject({ purged: 1, objectsRemoved: 1 })
    const left = await db().query<{ file_hash: string }>(
      'SELECT file_hash FROM media_version WHERE media_id = $1',
      [first.mediaId],
    )
    expect(left.map((version) => version.file_hash)).toEqual([third])
    // The current content, which copy.mov shares too, stays.
    expect(await stored(org.orgId, third)).toBe(true)
    expect(await exists(first.mediaId)).toBe(true)
  })

  it('keeps files smaller than min_expire_size, and nothing expires under a rule set to 0', async () => {
    const org = await adminOrg(suite, 'Keep')
    expect((await settings(org, { dead_expire_days: 1, min_expire_size: 100 })).status).toBe(200)
    const small = await storeFile(suite, org, org.grantId, 'small.txt', 'tiny')
    const big = await storeFile(suite, org, org.grantId, 'big.bin', 'x'.repeat(200))
    await deleteFile(org, small.mediaId, '2026-11-01T00:00:00Z')
    await deleteFile(org, big.mediaId, '2026-11-01T00:00:00Z')
    expect(await run('2026-11-10')).toMatchObject({ purged: 1 })
    expect(await exists(small.mediaId)).toBe(true)
    expect(await exists(big.mediaId)).toBe(false)

    expect((await settings(org, { dead_expire_days: 0, min_expire_size: 0 })).status).toBe(200)
    expect(await run('2026-11-11')).toMatchObject({ purged: 0 })
    expect(await exists(small.mediaId)).toBe(true)
  })

  it('counts from the deletion again when a file is undeleted and deleted later', async () => {
    const org = await adminOrg(suite, 'Undelete')
    expect((await settings(org, { dead_expire_days: 2 })).status).toBe(200)
    const file = await storeFile(suite, org, org.grantId, 'back.mov', 'back again')
    await deleteFile(org, file.mediaId, '2026-11-01T00:00:00Z')
    const undeleted = await callEndpoint(suite.url, endpoints.mediaUndelete, {
      params: { org_id: org.orgId, media_grant_id: org.grantId, media_id: file.mediaId },
      key: org.key,
    })
    expect(undeleted.status).toBe(200)
    const [row] = await db().query<{ deleted_at: string | null }>(
      'SELECT deleted_at FROM media WHERE media_id = $1',
      [file.mediaId],
    )
    expect(row?.deleted_at).toBeNull()
    expect(await run('2026-11-10')).toMatchObject({ purged: 0 })
    await deleteFile(org, file.mediaId, '2026-11-09T12:00:00Z')
    expect(await run('2026-11-10')).toMatchObject({ purged: 0 })
    expect(await run('2026-11-11')).toMatchObject({ purged: 1 })
  })

  it('previews what settings would purge over the next 30 days, changing nothing', async () => {
    const org = await adminOrg(suite, 'Preview')
    expect((await settings(org, { dead_expire_days: 0 })).status).toBe(200)
    const now = Date.now()
    const day = 86_400_000
    const soon = await storeFile(suite, org, org.grantId, 'soon.mov', 'goes soon')
    const later = await storeFile(suite, org, org.grantId, 'later.mov', 'goes later, a longer file')
    await deleteFile(org, soon.mediaId, new Date(now - 2 * day).toISOString())
    await deleteFile(org, later.mediaId, new Date(now + 0.5 * day).toISOString())
    const preview = (body: { dead_expire_days?: number; min_expire_size?: number }) =>
      callEndpoint(suite.url, endpoints.volumeRetentionPreview, {
        params: { org_id: org.orgId, volume_id: org.volumeId },
        body,
        key: org.key,
      })
    // With the rule off (the volume's setting) nothing would go.
    expect((await preview({})).body).toMatchObject({
      days: 30,
      file_count: 0,
      bytes: 0,
      day_list: [],
      file_list: [],
    })
    const three = await preview({ dead_expire_days: 3 })
    expect(three.body).toMatchObject({ file_count: 2, bytes: 9 + 25 })
    expect(three.body.file_list.map((item) => [item.media_path, item.reason])).toEqual([
      ['/media/soon.mov', 'deleted'],
      ['/media/later.mov', 'deleted'],
    ])
    expect(three.body.day_list.map((entry) => entry.count)).toEqual([1, 1])
    expect((await preview({ dead_expire_days: 3, min_expire_size: 10 })).body.file_count).toBe(1)
    // A rule longer than the window previews nothing; and nothing was purged or changed.
    expect((await preview({ dead_expire_days: 60 })).body.file_count).toBe(0)
    expect(await exists(soon.mediaId)).toBe(true)
    const [volume] = await db().query<{ dead_expire_days: number }>(
      'SELECT dead_expire_days FROM volume WHERE volume_id = $1',
      [org.volumeId],
    )
    expect(volume?.dead_expire_days).toBe(0)
  })

  it('runs as the daily job over simulated days: the purge lands on its day, and the days after find nothing', async () => {
    const org = await adminOrg(suite, 'Daily')
    expect((await settings(org, { dead_expire_days: 2 })).status).toBe(200)
    const file = await storeFile(suite, org, org.grantId, 'daily.mov', 'gone on the 7th')
    await deleteFile(org, file.mediaId, '2026-10-05T08:00:00Z')
    const purgeDays = async () =>
      (
        await db().query<{ purge_day: string }>(
          'SELECT purge_day::text FROM purge_event WHERE media_id = $1',
          [file.mediaId],
        )
      ).map((row) => row.purge_day)
    await runDays(suite, '2026-10-04', '2026-10-06', [retentionJob])
    expect(await exists(file.mediaId)).toBe(true)
    await runDays(suite, '2026-10-07', '2026-10-10', [retentionJob])
    expect(await exists(file.mediaId)).toBe(false)
    expect(await purgeDays()).toEqual(['2026-10-07'])
  })
})
