// The trails an admin reads (specification 001 sections 3, 7; issue 10): a volume's file events, a page at
// a time and newest first, and the changes admins made to volumes, containers and users.
import { describe, expect, it } from 'vitest'
import type { AdminEvent } from '../../server/contract/audit.ts'
import { endpoints } from '../../server/contract/endpoints.ts'
import type { AuditEvent } from '../../server/contract/media.ts'
import { addPerson, adminOrg, storeFile, type AdminOrg } from './helpers/admin.ts'
import { databaseKinds } from './helpers/databases.ts'
import { callEndpoint, refusal } from './helpers/endpoint.ts'
import { useServer } from './helpers/suite.ts'

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/

describe.each(databaseKinds)('audit trails on %s', (kind) => {
  const suite = useServer(kind)

  const volumeAudit = (org: AdminOrg, volumeId: number, query: { before?: string; limit?: string } = {}) =>
    callEndpoint(suite.url, endpoints.volumeAudit, {
      params: { org_id: org.orgId, volume_id: volumeId },
      query,
      key: org.key,
    })
  const adminEvents = (
    org: AdminOrg,
    query: { before?: string; limit?: string; volume_id?: string; user_id?: string } = {},
  ) =>
    callEndpoint(suite.url, endpoints.adminEventList, { params: { org_id: org.orgId }, query, key: org.key })

  /** Events of a volume written as devices and downloads write them: event n at minute n of 2026. */
  async function insertEvents(
    org: AdminOrg,
    volumeId: number,
    count: number,
    deviceId: number | null = null,
  ) {
    const userId = (await callEndpoint(suite.url, endpoints.currentUser, { key: org.key })).body.user.user_id
    await suite.server.app.db.query(
      `INSERT INTO audit_event (org_id, volume_id, media_path, user_id, device_id, dest_path, create_time)
       SELECT $1, $2, '/media/file' || n || '.mov', $3, $4,
              CASE WHEN n % 2 = 0 THEN '/Volumes/Edit/file' || n || '.mov' END,
              timestamptz '2026-01-01 00:00:00+00' + n * interval '1 minute'
         FROM generate_series(1, $5::int) AS n`,
      [org.orgId, volumeId, userId, deviceId, count],
    )
    return userId
  }

  it("pages a volume's events newest first, each once", async () => {
    const org = await adminOrg(suite, 'Pages')
    const [device] = await suite.server.app.db.query<{ device_id: number }>(
      `INSERT INTO device (org_id, device_name) VALUES ($1, 'Edit bay') RETURNING device_id`,
      [org.orgId],
    )
    const userId = await insertEvents(org, org.volumeId, 250, device?.device_id)
    // Another volume's events are not this volume's.
    const second = await callEndpoint(suite.url, endpoints.volumeCreate, {
      params: { org_id: org.orgId },
      body: { volume_name: 'Second' },
      key: org.key,
    })
    await insertEvents(org, second.body.volume_id, 5)

    const pages: AuditEvent[][] = []
    let before: string | undefined
    for (;;) {
      const page = await volumeAudit(org, org.volumeId, before === undefined ? {} : { before })
      expect(page.status, JSON.stringify(page.body)).toBe(200)
      pages.push(page.body.audit_list)
      if (page.body.next_before === null) break
      expect(page.body.next_before).toMatch(/^[1-9][0-9]*$/)
      before = page.body.next_before
      expect(pages.length).toBeLessThan(5)
    }
    expect(pages.map((page) => page.length)).toEqual([100, 100, 50])
    const events = pages.flat()
    const paths = events.map((event) => event.media_path)
    expect(new Set(paths).size).toBe(250)
    expect(paths[0]).toBe('/media/file250.mov')
    expect(paths.at(-1)).toBe('/media/file1.mov')
    const times = events.map((event) => event.create_time)
    expect(times.every((time) => ISO_TIME.test(time))).toBe(true)
    expect(times).toEqual([...times].sort().reverse())
    expect(events[0]).toEqual({
      create_time: '2026-01-01T04:10:00.000Z',
      device_name: 'Edit bay',
      user_name: null,
      email: org.email.toLowerCase(),
      dest_path: '/Volumes/Edit/file250.mov',
      media_path: '/media/file250.mov',
      device_id: device?.device_id,
      user_id: userId,
      visitor_address: null,
    })
    expect(events[1]?.dest_path).toBeNull()

    // A page size of one's own, up to the largest.
    const small = await volumeAudit(org, org.volumeId, { limit: '30' })
    expect(small.body.audit_list.map((event) => event.media_path)).toEqual(paths.slice(0, 30))
    const next = await volumeAudit(org, org.volumeId, {
      limit: '30',
      before: small.body.next_before as string,
    })
    expect(next.body.audit_list.map((event) => event.media_path)).toEqual(paths.slice(30, 60))
    const all = await volumeAudit(org, org.volumeId, { limit: '999' })
    expect(all.body).toEqual({ audit_list: events, next_before: null })
    for (const query of [{ limit: '0' }, { limit: 'ten' }, { before: '0' }, { before: 'x' }]) {
      expect((await volumeAudit(org, org.volumeId, query)).status, JSON.stringify(query)).toBe(400)
    }
    expect((await volumeAudit(org, second.body.volume_id)).body.audit_list).toHaveLength(5)
  })

  it('records each download of a file as an event of its volume', async () => {
    const org = await adminOrg(suite, 'Downloads')
    expect(await volumeAudit(org, org.volumeId)).toEqual({
      status: 200,
      body: { audit_list: [], next_before: null },
    })
    const member = await addPerson(suite, org, { cap_web_download: true }, [org.grantId])
    const file = await storeFile(suite, org, org.grantId, 'Cuts/clip.mov', 'clip')
    const download = await callEndpoint(suite.url, endpoints.mediaDownloadUrl, {
      params: { org_id: org.orgId, media_grant_id: org.grantId, media_id: file.mediaId },
      query: {},
      key: member.key,
    })
    expect(download.status).toBe(200)
    expect(await volumeAudit(org, org.volumeId)).toEqual({
      status: 200,
      body: {
        audit_list: [
          {
            create_time: expect.stringMatching(ISO_TIME) as string,
            device_name: null,
            user_name: null,
            email: member.email,
            dest_path: null,
            media_path: '/media/Cuts/clip.mov',
            device_id: null,
            user_id: member.userId,
            visitor_address: null,
          },
        ],
        next_before: null,
      },
    })
  })

  it("answers another organization's volume, or none, as missing", async () => {
    const mine = await adminOrg(suite, 'Reader')
    const theirs = await adminOrg(suite, 'Hidden')
    await insertEvents(theirs, theirs.volumeId, 3)
    expect(await volumeAudit(mine, theirs.volumeId)).toEqual(refusal(404, 'not_found'))
    expect(await volumeAudit(mine, 999_999_999)).toEqual(refusal(404, 'not_found'))
  })

  it('records the changes admins make to volumes, containers and users, and filters them by volume and user', async () => {
    const org = await adminOrg(suite, 'Trail', 'business_month')
    const other = await adminOrg(suite, 'Quiet')
    const adminId = (await callEndpoint(suite.url, endpoints.currentUser, { key: org.key })).body.user.user_id
    const orgId = org.orgId
    const key = org.key
    const second = await callEndpoint(suite.url, endpoints.volumeCreate, {
      params: { org_id: orgId },
      body: { volume_name: 'Second' },
      key,
    })
    const secondId = second.body.volume_id
    await callEndpoint(suite.url, endpoints.volumeUpdate, {
      params: { org_id: orgId, volume_id: org.volumeId },
      body: { dead_expire_days: 2 },
      key,
    })
    const team = await callEndpoint(suite.url, endpoints.grantCreate, {
      params: { org_id: orgId },
      body: { volume_id: org.volumeId, grant_name: 'Team', prefix_path: 'team' },
      key,
    })
    const teamId = team.body.media_grant_id
    await callEndpoint(suite.url, endpoints.grantUpdate, {
      params: { org_id: orgId, media_grant_id: teamId },
      body: { grant_name: 'Crew' },
      key,
    })
    const member = await addPerson(suite, org)
    await callEndpoint(suite.url, endpoints.userUpdate, {
      params: { org_id: orgId, user_id: member.userId },
      body: { cap_web_upload: true },
      key,
    })
    for (const call of [endpoints.grantAddUser, endpoints.grantRemoveUser]) {
      await callEndpoint(suite.url, call, {
        params: { org_id: orgId, media_grant_id: teamId },
        body: { user_id: member.userId },
        key,
      })
    }
    await callEndpoint(suite.url, endpoints.userVolumeAdd, {
      params: { org_id: orgId, user_id: member.userId, volume_id: secondId },
      key,
    })
    await callEndpoint(suite.url, endpoints.grantDelete, {
      params: { org_id: orgId, media_grant_id: teamId },
      key,
    })
    await callEndpoint(suite.url, endpoints.userRemove, {
      params: { org_id: orgId, user_id: member.userId },
      key,
    })

    const all = await adminEvents(org)
    expect(all.status).toBe(200)
    expect(all.body.next_before).toBeNull()
    const list = all.body.admin_event_list
    const brief = (events: AdminEvent[]) =>
      events.map((event) => [event.action, event.volume_id, event.media_grant_id, event.subject_user_id])
    expect(brief(list)).toEqual([
      ['user_remove', null, null, member.userId],
      // The container's id is gone with it.
      ['grant_delete', org.volumeId, null, null],
      ['grant_add_user', secondId, expect.any(Number), member.userId],
      ['grant_remove_user', org.volumeId, null, member.userId],
      ['grant_add_user', org.volumeId, null, member.userId],
      ['user_update', null, null, member.userId],
      ['user_add', null, null, member.userId],
      ['grant_update', org.volumeId, null, null],
      ['grant_create', org.volumeId, null, null],
      ['volume_update', org.volumeId, null, null],
      ['volume_create', secondId, null, null],
      ['volume_create', org.volumeId, null, null],
      // Signup's save-plan step.
      ['plan_change', null, null, null],
    ])
    for (const event of list) {
      expect(event).toMatchObject({ user_id: adminId, email: org.email.toLowerCase(), user_name: null })
      expect(event.create_time).toMatch(ISO_TIME)
      expect(event.summary).toMatch(/\S/)
    }
    expect(list.find((event) => event.action === 'volume_update')?.summary).toContain(
      'dead_expire_days 14 → 2',
    )
    expect(list.find((event) => event.action === 'grant_update')?.summary).toContain('Crew')
    expect(list.find((event) => event.action === 'user_add')?.summary).toContain(member.email)

    expect(
      (await adminEvents(org, { volume_id: String(org.volumeId) })).body.admin_event_list.map(
        (e) => e.action,
      ),
    ).toEqual([
      'grant_delete',
      'grant_remove_user',
      'grant_add_user',
      'grant_update',
      'grant_create',
      'volume_update',
      'volume_create',
    ])
    expect(
      (await adminEvents(org, { volume_id: String(secondId) })).body.admin_event_list.map((e) => e.action),
    ).toEqual(['grant_add_user', 'volume_create'])
    expect(
      (await adminEvents(org, { user_id: String(member.userId) })).body.admin_event_list.map((e) => e.action),
    ).toEqual([
      'user_remove',
      'grant_add_user',
      'grant_remove_user',
      'grant_add_user',
      'user_update',
      'user_add',
    ])
    // Pages, as the volume's trail.
    const first = await adminEvents(org, { limit: '5' })
    expect(first.body.admin_event_list).toEqual(list.slice(0, 5))
    const rest = await adminEvents(org, { limit: '5', before: first.body.next_before as string })
    expect(rest.body.admin_event_list).toEqual(list.slice(5, 10))
    // Another organization reads only its own, and nothing of this one's by its ids.
    expect(brief((await adminEvents(other)).body.admin_event_list)).toEqual([
      ['volume_create', other.volumeId, null, null],
      ['plan_change', null, null, null],
    ])
    expect((await adminEvents(other, { volume_id: String(org.volumeId) })).body.admin_event_list).toEqual([])
    expect((await adminEvents(other, { user_id: String(member.userId) })).body.admin_event_list).toEqual([])
  })
})
