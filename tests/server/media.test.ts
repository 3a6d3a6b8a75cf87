import { describe, expect, it } from 'vitest'
import type { DirListResponse, MediaDetailResponse } from '../../server/contract/media.ts'
import type { MediaGrantListResponse } from '../../server/contract/volume.ts'
import { databaseKinds } from './helpers/databases.ts'
import { call } from './helpers/http.ts'
import { addDevice, grantedOrg, hashOf, holdGrant, markStored, newMember } from './helpers/media.ts'
import { useServer } from './helpers/suite.ts'

describe.each(databaseKinds)('files of a container on %s', (kind) => {
  const suite = useServer(kind)
  const get = <T = Record<string, unknown>>(key: string, path: string) =>
    call<T>(suite.url, 'GET', path, { key })
  const post = <T = Record<string, unknown>>(key: string, path: string, body: unknown = {}) =>
    call<T>(suite.url, 'POST', path, { key, body })
  const list = (key: string, base: string, prefix: string) =>
    get<DirListResponse>(key, `${base}/dir?prefix_path=${encodeURIComponent(prefix)}`)
  const register = (key: string, base: string, mediaPath: string, content: string, extra: object = {}) =>
    post<{ media_id: number }>(key, `${base}/media`, {
      media_path: mediaPath,
      file_size: content.length,
      file_hash: hashOf(content),
      ...extra,
    })

  it('lists every grant of the organization to admins only', async () => {
    const org = await grantedOrg(suite, 'Grants')
    const member = await newMember(suite, org.orgId)
    const [volume] = await suite.server.app.db.query<{ volume_id: number }>(
      `INSERT INTO volume (org_id, volume_name) VALUES ($1, 'Second') RETURNING volume_id`,
      [org.orgId],
    )
    await suite.server.app.db.query(
      `INSERT INTO media_grant (org_id, volume_id, grant_name, prefix_path) VALUES ($1, $2, 'Unheld', '/')`,
      [org.orgId, volume?.volume_id],
    )
    const admin = await get<MediaGrantListResponse>(org.key, `/org_admin/1/org/${org.orgId}/media_grant`)
    expect(admin.status).toBe(200)
    expect(admin.body.media_grant_list.map((grant) => grant.grant_name)).toEqual(['Grants media', 'Unheld'])
    expect(admin.body.media_grant_list[1]).toMatchObject({
      volume_name: 'Second',
      is_disabled: 0,
      user_list: [],
    })
    // The member list holds only the grants the user holds.
    const mine = await get<MediaGrantListResponse>(org.key, `/web/1/org/${org.orgId}/media_grant`)
    expect(mine.body.media_grant_list).toHaveLength(1)
    expect(await get(member.key, `/org_admin/1/org/${org.orgId}/media_grant`)).toEqual({
      status: 403,
      body: { error: 'admin_required' },
    })
    const other = await grantedOrg(suite, 'Elsewhere')
    expect((await get(other.key, `/org_admin/1/org/${org.orgId}/media_grant`)).status).toBe(404)
  })

  it('registers files and lists a directory with its files and subdirectories', async () => {
    const org = await grantedOrg(suite, 'Listing')
    const a = await register(org.key, org.base, 'Trip/day1/a.mov', 'a', {
      ctime: 1_700_000_000_000,
      mtime: 1_700_000_001_000,
    })
    expect(a.status, JSON.stringify(a.body)).toBe(200)
    expect((await register(org.key, org.base, '/Trip/day1/b.mov/', 'b')).status).toBe(200)
    expect((await register(org.key, org.base, 'Trip/day2/c.mov', 'c')).status).toBe(200)
    expect((await register(org.key, org.base, 'Trip/notes.txt', 'n')).status).toBe(200)
    expect((await register(org.key, org.base, 'top.jpg', 't')).status).toBe(200)

    const root = await list(org.key, org.base, '/')
    expect(root.status).toBe(200)
    expect(root.body.dir_list).toEqual([{ dir_name: 'Trip', file_count: 4, deleted_count: 0 }])
    expect(root.body.media_list.map((media) => media.media_path)).toEqual(['/media/top.jpg'])

    const trip = await list(org.key, org.base, 'trip')
    expect(trip.body.dir_list).toEqual([
      { dir_name: 'day1', file_count: 2, deleted_count: 0 },
      { dir_name: 'day2', file_count: 1, deleted_count: 0 },
    ])
    expect(trip.body.media_list).toHaveLength(1)
    const day1 = await list(org.key, org.base, '/Trip/day1/')
    expect(day1.body.media_list[0]).toEqual({
      media_id: a.body.media_id,
      media_path: '/media/Trip/day1/a.mov',
      file_size: 1,
      file_hash: hashOf('a'),
      ctime: '2023-11-14T22:13:20.000Z',
      mtime: '2023-11-14T22:13:21.000Z',
      is_deleted: false,
      media_version_id: expect.any(Number) as number,
      last_updated: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as string,
      last_update_user_id: expect.any(Number) as number,
      last_update_device_id: null,
      // A clip by its name; registered without content, it has nothing to show.
      media_kind: 'video',
      thumbnail_state: 'none',
      has_thumbnail: false,
    })
    expect(day1.body.dir_list).toEqual([])

    // Deleted files stay listed (the client filters); a directory of deleted files counts 0 active files
    // and its deleted ones.
    const c = day1.body.media_list.length
    expect(c).toBe(2)
    const day2 = await list(org.key, org.base, 'Trip/day2')
    const cId = day2.body.media_list[0]?.media_id
    expect((await call(suite.url, 'DELETE', `${org.base}/media/${cId}`, { key: org.key })).status).toBe(200)
    const after = await list(org.key, org.base, 'Trip')
    expect(after.body.dir_list).toEqual([
      { dir_name: 'day1', file_count: 2, deleted_count: 0 },
      { dir_name: 'day2', file_count: 0, deleted_count: 1 },
    ])
    expect((await list(org.key, org.base, 'Trip/day2')).body.media_list[0]?.is_deleted).toBe(true)
    expect((await list(org.key, org.base, '')).body.dir_list).toEqual([
      { dir_name: 'Trip', file_count: 3, deleted_count: 1 },
    ])
  })

  it('lists folders whose names hold LIKE wildcards exactly', async () => {
    const org = await grantedOrg(suite, 'Wildcards')
    for (const path of ['x_y/deep/f1', 'xay/f2', 'x%/f3']) {
      expect((await register(org.key, org.base, path, path)).status, path).toBe(200)
    }
    const root = await list(org.key, org.base, '/')
    expect(root.body.dir_list).toEqual([
      { dir_name: 'x%', file_count: 1, deleted_count: 0 },
      { dir_name: 'x_y', file_count: 1, deleted_count: 0 },
      { dir_name: 'xay', file_count: 1, deleted_count: 0 },
    ])
    const xy = await list(org.key, org.base, 'x_y')
    expect(xy.body.dir_list).toEqual([{ dir_name: 'deep', file_count: 1, deleted_count: 0 }])
    expect(xy.body.media_list).toEqual([])
    expect((await list(org.key, org.base, 'x%')).body.media_list.map((media) => media.media_path)).toEqual([
      '/media/x%/f3',
    ])
  })

  it('refuses malformed paths and hashes', async () => {
    const org = await grantedOrg(suite, 'Paths')
    for (const bad of ['a/../b', 'a//b', '.hidden/x', 'a/.x', '..', `${'n'.repeat(256)}`]) {
      expect(await list(org.key, org.base, bad), bad).toEqual({
        status: 400,
        body: { error: 'invalid_path' },
      })
      expect(await register(org.key, org.base, `${bad}/f.txt`, 'x'), bad).toEqual({
        status: 400,
        body: { error: 'invalid_path' },
      })
      expect(await post(org.key, `${org.base}/dir`, { prefix_path: bad }), bad).toEqual({
        status: 400,
        body: { error: 'invalid_path' },
      })
    }
    expect(await register(org.key, org.base, '/', 'x')).toEqual({
      status: 400,
      body: { error: 'invalid_path' },
    })
    const long = Array.from({ length: 5 }, () => 'd'.repeat(250)).join('/')
    expect(await register(org.key, org.base, long, 'x')).toEqual({
      status: 400,
      body: { error: 'invalid_path' },
    })
    expect((await register(org.key, org.base, 'd'.repeat(255), 'x')).status).toBe(200)
    for (const fileHash of [hashOf('x').toUpperCase(), 'abc', `${hashOf('x').slice(0, 63)}g`]) {
      expect(
        await post(org.key, `${org.base}/media`, { media_path: 'h.txt', file_size: 1, file_hash: fileHash }),
      ).toEqual({ status: 400, body: { error: 'invalid_hash' } })
    }
  })

  it('keeps registration idempotent, refuses a different file, and revives a deleted path', async () => {
    const org = await grantedOrg(suite, 'Versions')
    const first = await register(org.key, org.base, 'Clips/one.mov', 'v1')
    const again = await register(org.key, org.base, 'clips/ONE.mov', 'v1')
    expect(again).toEqual({ status: 200, body: { media_id: first.body.media_id } })
    expect(await register(org.key, org.base, 'Clips/one.mov', 'v2')).toEqual({
      status: 409,
      body: { error: 'different_file' },
    })
    const detailPath = `${org.base}/media/${first.body.media_id}`
    expect((await get<MediaDetailResponse>(org.key, detailPath)).body.media.version_list).toHaveLength(1)

    expect((await call(suite.url, 'DELETE', detailPath, { key: org.key })).status).toBe(200)
    expect(await register(org.key, org.base, 'Clips/one.mov', 'v2')).toEqual({
      status: 200,
      body: { media_id: first.body.media_id },
    })
    const detail = await get<MediaDetailResponse>(org.key, detailPath)
    expect(detail.body.media).toMatchObject({ is_deleted: false, file_hash: hashOf('v2'), file_size: 2 })
    expect(detail.body.media.version_list.map((version) => [version.file_hash, version.is_deleted])).toEqual([
      [hashOf('v2'), false],
      [hashOf('v1'), true],
    ])
    expect(detail.body.media.media_version_id).toBe(detail.body.media.version_list[0]?.media_version_id)
    // Registration recorded the ancestors: the folder stays listed once its file is gone.
    const [dirs] = await suite.server.app.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM media_dir WHERE volume_id = $1 AND lower(dir_path) = '/media/clips/'`,
      [org.volumeId],
    )
    expect(dirs?.count).toBe(1)
  })

  it('answers a file detail with versions, devices holding it, names and whether it is stored', async () => {
    const org = await grantedOrg(suite, 'Detail')
    await post(org.key, '/api/1/user/current', { user_name: `detail_${org.orgId}` })
    const media = await register(org.key, org.base, 'd/file.bin', 'content')
    const path = `${org.base}/media/${media.body.media_id}`
    const laptop = await addDevice(suite, org.orgId, 'Laptop')
    await addDevice(suite, org.orgId, 'Idle phone')
    await suite.server.app.db.query(
      'INSERT INTO device_media_grant (org_id, device_id, media_grant_id) VALUES ($1, $2, $3)',
      [org.orgId, laptop, org.grantId],
    )
    await suite.server.app.db.query(
      `INSERT INTO device_object (org_id, device_id, media_grant_id, file_hash, last_seen)
       VALUES ($1, $2, $3, $4, '2026-01-02T03:04:05Z')`,
      [org.orgId, laptop, org.grantId, hashOf('content')],
    )
    const detail = await get<MediaDetailResponse>(org.key, path)
    expect(detail.status).toBe(200)
    expect(detail.body.media).toMatchObject({
      media_id: media.body.media_id,
      media_path: '/media/d/file.bin',
      in_s3: false,
      hash_containers: [{ device_name: 'Laptop', last_seen: '2026-01-02T03:04:05.000Z' }],
      last_update_user_name: `detail_${org.orgId}`,
      last_update_user_email: org.email.toLowerCase(),
      last_update_device_name: null,
    })
    expect(detail.body.media.version_list).toEqual([
      {
        media_version_id: detail.body.media.media_version_id,
        file_hash: hashOf('content'),
        file_size: 7,
        create_time: expect.any(String) as string,
        is_deleted: false,
        user_name: `detail_${org.orgId}`,
        email: org.email.toLowerCase(),
        device_name: null,
      },
    ])
    await markStored(suite, org.orgId, hashOf('content'), 7)
    expect((await get<MediaDetailResponse>(org.key, path)).body.media.in_s3).toBe(true)
    expect((await get(org.key, `${org.base}/media/999999999`)).status).toBe(404)
  })

  it('names a user without a user name by e-mail, as Last Modified By and on each version', async () => {
    const org = await grantedOrg(suite, 'Unnamed')
    const member = await newMember(suite, org.orgId, { grantId: org.grantId, cap_web_upload: true })
    const first = await register(member.key, org.base, 'by/email.txt', 'v1')
    const path = `${org.base}/media/${first.body.media_id}`
    const made = await get<MediaDetailResponse>(org.key, path)
    expect(made.body.media).toMatchObject({
      last_update_user_name: null,
      last_update_user_email: member.email.toLowerCase(),
      last_update_device_name: null,
    })
    expect(made.body.media.version_list).toMatchObject([
      { user_name: null, email: member.email.toLowerCase() },
    ])
    // The admin (with a user name now) deletes it and registers new content: the last change is theirs,
    // and each version keeps who made it.
    await post(org.key, '/api/1/user/current', { user_name: `named_${org.orgId}` })
    expect((await call(suite.url, 'DELETE', path, { key: org.key })).status).toBe(200)
    expect((await register(org.key, org.base, 'by/email.txt', 'v2')).status).toBe(200)
    const changed = await get<MediaDetailResponse>(org.key, path)
    expect(changed.body.media).toMatchObject({
      last_update_user_name: `named_${org.orgId}`,
      last_update_user_email: org.email.toLowerCase(),
    })
    expect(
      changed.body.media.version_list.map((version) => [version.file_hash, version.user_name, version.email]),
    ).toEqual([
      [hashOf('v2'), `named_${org.orgId}`, org.email.toLowerCase()],
      [hashOf('v1'), null, member.email.toLowerCase()],
    ])
  })

  it('deletes and undeletes a file and its current version', async () => {
    const org = await grantedOrg(suite, 'Delete')
    const media = await register(org.key, org.base, 'x.txt', 'x')
    const path = `${org.base}/media/${media.body.media_id}`
    expect(await call(suite.url, 'DELETE', path, { key: org.key })).toEqual({ status: 200, body: {} })
    let detail = await get<MediaDetailResponse>(org.key, path)
    expect(detail.body.media.is_deleted).toBe(true)
    expect(detail.body.media.version_list[0]?.is_deleted).toBe(true)
    expect(await post(org.key, `${path}/undelete`)).toEqual({ status: 200, body: {} })
    detail = await get<MediaDetailResponse>(org.key, path)
    expect(detail.body.media.is_deleted).toBe(false)
    expect(detail.body.media.version_list[0]?.is_deleted).toBe(false)
    // A member holding the grant without the upload capability may read, but neither delete nor undelete.
    const reader = await newMember(suite, org.orgId, { grantId: org.grantId })
    expect((await get(reader.key, path)).status).toBe(200)
    const refused = { status: 403, body: { error: 'upload_not_allowed' } }
    expect(await call(suite.url, 'DELETE', path, { key: reader.key })).toEqual(refused)
    expect(await call(suite.url, 'POST', `${path}/undelete`, { key: reader.key })).toEqual(refused)
    expect((await get<MediaDetailResponse>(org.key, path)).body.media.is_deleted).toBe(false)
    // With the capability, a member may.
    const editor = await newMember(suite, org.orgId, { grantId: org.grantId, cap_web_upload: true })
    expect((await call(suite.url, 'DELETE', path, { key: editor.key })).status).toBe(200)
  })

  it('creates folders idempotently, without regard to case, never over a file', async () => {
    const org = await grantedOrg(suite, 'Folders')
    expect(await post(org.key, `${org.base}/dir`, { prefix_path: 'New/Inner' })).toEqual({
      status: 200,
      body: {},
    })
    expect((await post(org.key, `${org.base}/dir`, { prefix_path: '/new/inner/' })).status).toBe(200)
    // Made, not emptied: no files below, none deleted either.
    expect((await list(org.key, org.base, '/')).body.dir_list).toEqual([
      { dir_name: 'New', file_count: 0, deleted_count: 0 },
    ])
    expect((await list(org.key, org.base, 'NEW')).body.dir_list).toEqual([
      { dir_name: 'Inner', file_count: 0, deleted_count: 0 },
    ])
    await register(org.key, org.base, 'New/photo.jpg', 'p')
    expect(await post(org.key, `${org.base}/dir`, { prefix_path: 'new/PHOTO.jpg' })).toEqual({
      status: 409,
      body: { error: 'used_folder_name' },
    })
    expect(await post(org.key, `${org.base}/dir`, { prefix_path: 'new/photo.jpg/below' })).toEqual({
      status: 409,
      body: { error: 'used_folder_name' },
    })
    expect((await list(org.key, org.base, '/')).body.dir_list).toEqual([
      { dir_name: 'New', file_count: 1, deleted_count: 0 },
    ])
  })

  it('confines a grant with a prefix to its subtree', async () => {
    const org = await grantedOrg(suite, 'Prefix')
    const outside = await register(org.key, org.base, 'Private/secret.txt', 's')
    const inside = await register(org.key, org.base, 'Team/Shared/plan.txt', 'p')
    const [grant] = await suite.server.app.db.query<{ media_grant_id: number }>(
      `INSERT INTO media_grant (org_id, volume_id, grant_name, prefix_path)
       VALUES ($1, $2, 'Team', '/Team/') RETURNING media_grant_id`,
      [org.orgId, org.volumeId],
    )
    const member = await newMember(suite, org.orgId, { cap_web_upload: true })
    await holdGrant(suite, org.orgId, grant?.media_grant_id as number, member.userId)
    const base = `/web/1/org/${org.orgId}/media_grant/${grant?.media_grant_id}`
    const root = await list(member.key, base, '/')
    expect(root.body.dir_list).toEqual([{ dir_name: 'Shared', file_count: 1, deleted_count: 0 }])
    expect((await list(member.key, base, 'Shared')).body.media_list[0]?.media_path).toBe(
      '/media/Team/Shared/plan.txt',
    )
    expect((await get(member.key, `${base}/media/${inside.body.media_id}`)).status).toBe(200)
    expect(await get(member.key, `${base}/media/${outside.body.media_id}`)).toEqual({
      status: 404,
      body: { error: 'not_found' },
    })
    expect(
      (await call(suite.url, 'DELETE', `${base}/media/${outside.body.media_id}`, { key: member.key })).status,
    ).toBe(404)
    const placed = await register(member.key, base, 'Shared/new.txt', 'n')
    expect(placed.status).toBe(200)
    expect(
      (await get<MediaDetailResponse>(member.key, `${base}/media/${placed.body.media_id}`)).body.media
        .media_path,
    ).toBe('/media/Team/Shared/new.txt')
  })

  it('refuses disabled grants, and uploads without the capability', async () => {
    const org = await grantedOrg(suite, 'Refusals')
    const member = await newMember(suite, org.orgId, { grantId: org.grantId })
    expect(await register(member.key, org.base, 'f.txt', 'f')).toEqual({
      status: 403,
      body: { error: 'upload_not_allowed' },
    })
    expect(await post(member.key, `${org.base}/dir`, { prefix_path: 'Folder' })).toEqual({
      status: 403,
      body: { error: 'upload_not_allowed' },
    })
    expect((await list(member.key, org.base, '/')).status).toBe(200)
    await suite.server.app.db.query('UPDATE media_grant SET is_disabled = true WHERE media_grant_id = $1', [
      org.grantId,
    ])
    expect(await list(org.key, org.base, '/')).toEqual({ status: 403, body: { error: 'grant_disabled' } })
    expect(await register(org.key, org.base, 'f.txt', 'f')).toEqual({
      status: 403,
      body: { error: 'grant_disabled' },
    })
  })
})
