// The counts of active and of deleted files each folder keeps (DirEntry.file_count, deleted_count) stay
// equal to counting the file rows below it, through every change of a file's activity: registration, a
// retried registration, a new version of a deleted file, delete and undelete (each twice), and
// registrations and deletes running at once.
import { describe, expect, it } from 'vitest'
import type { DirListResponse } from '../../server/contract/media.ts'
import { databaseKinds } from './helpers/databases.ts'
import { call } from './helpers/http.ts'
import { grantedOrg, hashOf, type GrantedOrg } from './helpers/media.ts'
import { useServer } from './helpers/suite.ts'
import { countMismatches } from './helpers/folderCounts.ts'

describe.each(databaseKinds)('folder counts on %s', (kind) => {
  const suite = useServer(kind)
  const list = async (org: GrantedOrg, prefix: string) => {
    const answer = await call<DirListResponse>(
      suite.url,
      'GET',
      `${org.base}/dir?prefix_path=${encodeURIComponent(prefix)}`,
      { key: org.key },
    )
    expect(answer.status).toBe(200)
    return answer.body
  }
  /**
   * The counts listed in a folder, by subfolder name; lower-cased where folders were made in several
   * spellings at once (the first to commit names the folder).
   */
  const counts = async (org: GrantedOrg, prefix: string, lowerCase = false) =>
    Object.fromEntries(
      (await list(org, prefix)).dir_list.map((dir) => [
        lowerCase ? dir.dir_name.toLowerCase() : dir.dir_name,
        dir.file_count,
      ]),
    )
  /** The counts of deleted files listed in a folder, by subfolder name. */
  const deletedCounts = async (org: GrantedOrg, prefix: string, lowerCase = false) =>
    Object.fromEntries(
      (await list(org, prefix)).dir_list.map((dir) => [
        lowerCase ? dir.dir_name.toLowerCase() : dir.dir_name,
        dir.deleted_count,
      ]),
    )
  const register = (org: GrantedOrg, mediaPath: string, content: string) =>
    call<{ media_id: number }>(suite.url, 'POST', `${org.base}/media`, {
      key: org.key,
      body: { media_path: mediaPath, file_size: content.length, file_hash: hashOf(content) },
    })
  const setDeleted = (org: GrantedOrg, mediaId: number, isDeleted: boolean) =>
    isDeleted
      ? call(suite.url, 'DELETE', `${org.base}/media/${mediaId}`, { key: org.key })
      : call(suite.url, 'POST', `${org.base}/media/${mediaId}/undelete`, { key: org.key, body: {} })

  it('counts active files anywhere below each folder through every change of a file', async () => {
    const org = await grantedOrg(suite, 'Counts')
    const deep = await register(org, 'Trip/Day1/Raw/deep.mov', 'deep')
    expect(deep.status).toBe(200)
    for (const [path, content] of [
      ['Trip/Day1/a.mov', 'a'],
      // Another spelling of the same folders: one folder, counted together.
      ['trip/DAY1/b.mov', 'b'],
      ['Trip/notes.txt', 'n'],
      ['top.jpg', 't'],
    ] as const) {
      expect((await register(org, path, content)).status, path).toBe(200)
    }
    expect(await counts(org, '/')).toEqual({ Trip: 4 })
    expect(await counts(org, 'Trip')).toEqual({ Day1: 3 })
    expect(await counts(org, 'Trip/Day1')).toEqual({ Raw: 1 })
    expect(await counts(org, 'Trip/Day1/Raw')).toEqual({})

    // A retried registration of the same content is the same file, counted once; other content is refused.
    expect(await register(org, 'TRIP/day1/raw/DEEP.mov', 'deep')).toEqual({
      status: 200,
      body: { media_id: deep.body.media_id },
    })
    expect((await register(org, 'Trip/Day1/Raw/deep.mov', 'other')).status).toBe(409)
    expect(await counts(org, '/')).toEqual({ Trip: 4 })

    expect(await deletedCounts(org, '/')).toEqual({ Trip: 0 })

    // Delete, twice: counted down once, along the whole path, and counted as deleted once; a folder of
    // deleted files counts 0 active files and its deleted ones.
    for (let time = 0; time < 2; time++) {
      expect((await setDeleted(org, deep.body.media_id, true)).status).toBe(200)
      expect(await counts(org, '/')).toEqual({ Trip: 3 })
      expect(await counts(org, 'Trip')).toEqual({ Day1: 2 })
      expect(await counts(org, 'Trip/Day1')).toEqual({ Raw: 0 })
      expect(await deletedCounts(org, '/')).toEqual({ Trip: 1 })
      expect(await deletedCounts(org, 'Trip/Day1')).toEqual({ Raw: 1 })
    }
    // Undelete, twice: counted up once, and no longer as deleted.
    for (let time = 0; time < 2; time++) {
      expect((await setDeleted(org, deep.body.media_id, false)).status).toBe(200)
      expect(await counts(org, 'Trip/Day1')).toEqual({ Raw: 1 })
      expect(await counts(org, '/')).toEqual({ Trip: 4 })
      expect(await deletedCounts(org, 'Trip/Day1')).toEqual({ Raw: 0 })
      expect(await deletedCounts(org, '/')).toEqual({ Trip: 0 })
    }

    // A new version of a deleted file makes it active again: counted once more, and only once.
    expect((await setDeleted(org, deep.body.media_id, true)).status).toBe(200)
    expect(await counts(org, '/')).toEqual({ Trip: 3 })
    expect(await deletedCounts(org, '/')).toEqual({ Trip: 1 })
    for (let time = 0; time < 2; time++) {
      expect(await register(org, 'Trip/Day1/Raw/deep.mov', 'deep v2')).toEqual({
        status: 200,
        body: { media_id: deep.body.media_id },
      })
      expect(await counts(org, '/')).toEqual({ Trip: 4 })
      expect(await counts(org, 'Trip/Day1')).toEqual({ Raw: 1 })
      expect(await deletedCounts(org, '/')).toEqual({ Trip: 0 })
      expect(await deletedCounts(org, 'Trip/Day1')).toEqual({ Raw: 0 })
    }
    // A file at the root is in no folder; deleting it changes no count.
    const top = (await list(org, '/')).media_list.find((media) => media.media_path === '/media/top.jpg')
    expect((await setDeleted(org, top?.media_id as number, true)).status).toBe(200)
    expect(await counts(org, '/')).toEqual({ Trip: 4 })
    expect(await countMismatches(suite.server.app.db, org.volumeId)).toEqual([])
  })

  it('lists an empty folder with 0 until a file arrives below it', async () => {
    const org = await grantedOrg(suite, 'Empty')
    const made = await call(suite.url, 'POST', `${org.base}/dir`, {
      key: org.key,
      body: { prefix_path: 'Empty/Inner' },
    })
    expect(made.status).toBe(200)
    expect(await counts(org, '/')).toEqual({ Empty: 0 })
    expect(await counts(org, 'Empty')).toEqual({ Inner: 0 })
    // Empty, not deleted: no deleted file below either.
    expect(await deletedCounts(org, '/')).toEqual({ Empty: 0 })
    expect(await deletedCounts(org, 'Empty')).toEqual({ Inner: 0 })
    expect((await register(org, 'empty/inner/clip.mov', 'clip')).status).toBe(200)
    // Making the folder again keeps its count.
    expect(
      (
        await call(suite.url, 'POST', `${org.base}/dir`, {
          key: org.key,
          body: { prefix_path: 'Empty/Inner' },
        })
      ).status,
    ).toBe(200)
    expect(await counts(org, '/')).toEqual({ Empty: 1 })
    expect(await counts(org, 'Empty')).toEqual({ Inner: 1 })
    expect(await deletedCounts(org, '/')).toEqual({ Empty: 0 })
  })

  it('tells a folder whose files were all deleted from one just made, beside it', async () => {
    const org = await grantedOrg(suite, 'Emptied')
    const clip = await register(org, 'Emptied/clip.mov', 'clip')
    expect(clip.status).toBe(200)
    expect((await setDeleted(org, clip.body.media_id, true)).status).toBe(200)
    const made = await call(suite.url, 'POST', `${org.base}/dir`, {
      key: org.key,
      body: { prefix_path: 'Made' },
    })
    expect(made.status).toBe(200)
    expect((await list(org, '/')).dir_list).toEqual([
      // The specification's deleted folder: no active file, deleted ones.
      { dir_name: 'Emptied', file_count: 0, deleted_count: 1 },
      // What the user just made: no file at all.
      { dir_name: 'Made', file_count: 0, deleted_count: 0 },
    ])
    // A folder made inside the emptied one holds no deleted file itself.
    await call(suite.url, 'POST', `${org.base}/dir`, { key: org.key, body: { prefix_path: 'Emptied/New' } })
    expect((await list(org, 'Emptied')).dir_list).toEqual([
      { dir_name: 'New', file_count: 0, deleted_count: 0 },
    ])
    expect(await countMismatches(suite.server.app.db, org.volumeId)).toEqual([])
  })

  it('keeps counts right with registrations, retries and deletes running at once', async () => {
    const org = await grantedOrg(suite, 'Concurrent')
    // 20 files into the same folders at once, two levels deep, in two spellings, plus 5 retries of one of
    // them running beside them.
    const paths = Array.from(
      { length: 20 },
      (_, index) => `${index % 2 ? 'Shared' : 'SHARED'}/Deep/${index % 3}/file${index}.mov`,
    )
    const answers = await Promise.all([
      ...paths.map((path) => register(org, path, path)),
      ...Array.from({ length: 5 }, () => register(org, paths[0] as string, paths[0] as string)),
    ])
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200))
    const firstId = answers[0]?.body.media_id
    expect(answers.slice(20).map((answer) => answer.body.media_id)).toEqual(
      Array.from({ length: 5 }, () => firstId),
    )
    expect(await counts(org, '/', true)).toEqual({ shared: 20 })
    expect(await counts(org, 'Shared')).toEqual({ Deep: 20 })
    expect(await counts(org, 'Shared/Deep')).toEqual({ 0: 7, 1: 7, 2: 6 })

    // Deletes of different files, and several deletes of one file, at once.
    const ids = answers.slice(0, 10).map((answer) => answer.body.media_id)
    const deletes = await Promise.all([
      ...ids.map((id) => setDeleted(org, id, true)),
      ...Array.from({ length: 4 }, () => setDeleted(org, ids[1] as number, true)),
    ])
    expect(deletes.map((answer) => answer.status)).toEqual(deletes.map(() => 200))
    expect(await counts(org, '/', true)).toEqual({ shared: 10 })
    expect(await deletedCounts(org, '/', true)).toEqual({ shared: 10 })
    // Undeletes and new versions of the deleted files at once: each file counted once again.
    const revived = await Promise.all(
      paths
        .slice(0, 10)
        .map((path, index) =>
          index % 2 ? setDeleted(org, ids[index] as number, false) : register(org, path, `${path} v2`),
        ),
    )
    expect(revived.map((answer) => answer.status)).toEqual(revived.map(() => 200))
    expect(await counts(org, '/', true)).toEqual({ shared: 20 })
    expect(await deletedCounts(org, '/', true)).toEqual({ shared: 0 })
    expect(await countMismatches(suite.server.app.db, org.volumeId)).toEqual([])
  })
})
