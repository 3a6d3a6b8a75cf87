// Listings a server keeps are never served stale: each change of what a folder's listing holds (a file
// registered, deleted or undeleted in it, a count below it, a folder made in it) shows in the next listing,
// from the server that made the change and, on PostgreSQL, from another server that had kept the listing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DirListResponse } from '../../server/contract/media.ts'
import { databaseKinds } from './helpers/databases.ts'
import { call } from './helpers/http.ts'
import { grantedOrg, hashOf, type GrantedOrg } from './helpers/media.ts'
import { startServer, type TestServer } from './helpers/server.ts'
import { useServer } from './helpers/suite.ts'

describe.each(databaseKinds)('kept listings on %s', (kind) => {
  const suite = useServer(kind)
  const list = async (org: GrantedOrg, prefix: string, url = suite.url) => {
    const answer = await call<DirListResponse>(
      url,
      'GET',
      `${org.base}/dir?prefix_path=${encodeURIComponent(prefix)}`,
      {
        key: org.key,
      },
    )
    expect(answer.status).toBe(200)
    return answer.body
  }
  const register = (org: GrantedOrg, mediaPath: string, content: string, url = suite.url) =>
    call<{ media_id: number }>(url, 'POST', `${org.base}/media`, {
      key: org.key,
      body: { media_path: mediaPath, file_size: content.length, file_hash: hashOf(content) },
    })
  const names = (listing: DirListResponse) => listing.media_list.map((media) => media.media_path)

  it('shows every change in the next listing of each folder on the path', async () => {
    const org = await grantedOrg(suite, 'Kept')
    const first = await register(org, 'Album/Day/one.jpg', 'one')
    expect(first.status).toBe(200)
    // Listed twice: the second answer is the kept one, and the same.
    const day = await list(org, 'Album/Day')
    expect(await list(org, 'Album/Day')).toEqual(day)
    expect(names(day)).toEqual(['/media/Album/Day/one.jpg'])
    expect((await list(org, 'Album')).dir_list).toEqual([
      { dir_name: 'Day', file_count: 1, deleted_count: 0 },
    ])

    // A file registered in the folder, and the count of its parent.
    expect((await register(org, 'Album/Day/two.jpg', 'two')).status).toBe(200)
    expect(names(await list(org, 'album/day'))).toEqual([
      '/media/Album/Day/one.jpg',
      '/media/Album/Day/two.jpg',
    ])
    expect((await list(org, 'Album')).dir_list).toEqual([
      { dir_name: 'Day', file_count: 2, deleted_count: 0 },
    ])

    // Deleted and undeleted, each seen by the folder's listing and the counts above it.
    const path = `${org.base}/media/${first.body.media_id}`
    expect((await call(suite.url, 'DELETE', path, { key: org.key })).status).toBe(200)
    expect((await list(org, 'Album/Day')).media_list[0]?.is_deleted).toBe(true)
    expect((await list(org, 'Album')).dir_list).toEqual([
      { dir_name: 'Day', file_count: 1, deleted_count: 1 },
    ])
    expect((await call(suite.url, 'POST', `${path}/undelete`, { key: org.key, body: {} })).status).toBe(200)
    expect((await list(org, 'Album/Day')).media_list[0]?.is_deleted).toBe(false)
    expect((await list(org, 'Album')).dir_list).toEqual([
      { dir_name: 'Day', file_count: 2, deleted_count: 0 },
    ])

    // A new version of a deleted file: its new content is listed.
    expect((await call(suite.url, 'DELETE', path, { key: org.key })).status).toBe(200)
    expect((await list(org, 'Album/Day')).media_list[0]?.file_hash).toBe(hashOf('one'))
    expect((await register(org, 'Album/Day/one.jpg', 'one, edited')).status).toBe(200)
    expect((await list(org, 'Album/Day')).media_list[0]).toMatchObject({
      file_hash: hashOf('one, edited'),
      is_deleted: false,
    })

    // A folder made inside: listed in the folder, and in its own listing.
    expect(
      (
        await call(suite.url, 'POST', `${org.base}/dir`, {
          key: org.key,
          body: { prefix_path: 'Album/Day/Raw' },
        })
      ).status,
    ).toBe(200)
    expect((await list(org, 'Album/Day')).dir_list).toEqual([
      { dir_name: 'Raw', file_count: 0, deleted_count: 0 },
    ])
    expect((await register(org, 'Album/Day/Raw/three.dng', 'three')).status).toBe(200)
    expect((await list(org, 'Album/Day')).dir_list).toEqual([
      { dir_name: 'Raw', file_count: 1, deleted_count: 0 },
    ])
    expect((await list(org, 'Album')).dir_list).toEqual([
      { dir_name: 'Day', file_count: 3, deleted_count: 0 },
    ])
  })

  it('answers a kept listing as JSON, with the answer headers of any other call', async () => {
    const org = await grantedOrg(suite, 'Headers')
    expect((await register(org, 'Docs/a.txt', 'a')).status).toBe(200)
    const url = `${suite.url}${org.base}/dir?prefix_path=Docs&session_key=${org.key}`
    const fresh = await fetch(url)
    const kept = await fetch(url)
    for (const answer of [fresh, kept]) {
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8')
      expect(answer.headers.get('cache-control')).toBe('no-store')
    }
    expect(await kept.text()).toBe(await fresh.text())
  })

  // Two servers on one database: PGlite serves one process only.
  if (kind === 'postgres') {
    describe('with a second server on the same database', () => {
      let other: TestServer
      beforeAll(async () => {
        other = await startServer('postgres', {
          database: suite.server.database,
          env: { SMTP_URL: suite.mailbox.url },
        })
      })
      afterAll(async () => {
        await other?.close()
      })

      it('never answers a listing it kept after the other server changed the folder', async () => {
        const org = await grantedOrg(suite, 'Shared')
        expect((await register(org, 'Team/Week/a.mov', 'a')).status).toBe(200)
        // The second server keeps both listings.
        expect(names(await list(org, 'Team/Week', other.url))).toEqual(['/media/Team/Week/a.mov'])
        expect((await list(org, 'Team', other.url)).dir_list).toEqual([
          { dir_name: 'Week', file_count: 1, deleted_count: 0 },
        ])
        // The first server changes the folder; the second sees it at once.
        const b = await register(org, 'Team/Week/b.mov', 'b')
        expect(b.status).toBe(200)
        expect(names(await list(org, 'Team/Week', other.url))).toEqual([
          '/media/Team/Week/a.mov',
          '/media/Team/Week/b.mov',
        ])
        expect((await list(org, 'Team', other.url)).dir_list).toEqual([
          { dir_name: 'Week', file_count: 2, deleted_count: 0 },
        ])
        expect(
          (await call(suite.url, 'DELETE', `${org.base}/media/${b.body.media_id}`, { key: org.key })).status,
        ).toBe(200)
        expect((await list(org, 'Team/Week', other.url)).media_list[1]?.is_deleted).toBe(true)
        expect((await list(org, 'Team', other.url)).dir_list).toEqual([
          { dir_name: 'Week', file_count: 1, deleted_count: 1 },
        ])
      })
    })
  }
})
