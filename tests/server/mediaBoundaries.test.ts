// No file call crosses an organization or a grant: another organization's admin, and a member of the
// same organization who does not hold the grant, get 404 for everything, as for ids that do not exist.
import { describe, expect, it } from 'vitest'
import type { DirListResponse } from '../../server/contract/media.ts'
import { SINGLE_PART_MAX_BYTES } from '../../server/contract/parts.ts'
import { databaseKinds } from './helpers/databases.ts'
import { call } from './helpers/http.ts'
import { grantedOrg, hashOf, markStored, newMember } from './helpers/media.ts'
import { useServer } from './helpers/suite.ts'

describe.each(databaseKinds)('file boundaries on %s', (kind) => {
  const suite = useServer(kind)

  it('answers 404 to every file call from outside the organization or the grant', async () => {
    const a = await grantedOrg(suite, 'Owner')
    const b = await grantedOrg(suite, 'Outsider')
    const media = await call<{ media_id: number }>(suite.url, 'POST', `${a.base}/media`, {
      key: a.key,
      body: { media_path: 'Secret/plan.txt', file_size: 6, file_hash: hashOf('secret') },
    })
    expect(media.status).toBe(200)
    await markStored(suite, a.orgId, hashOf('secret'), 6)
    const [version] = await suite.server.app.db.query<{ media_version_id: number }>(
      'SELECT media_version_id FROM media WHERE media_id = $1',
      [media.body.media_id],
    )
    // Same organization, every capability, but not holding the grant.
    const stranger = await newMember(suite, a.orgId, { cap_web_upload: true, cap_web_download: true })
    const mediaId = media.body.media_id
    const versionId = version?.media_version_id as number
    const parts = {
      file_hash: hashOf('p'),
      file_size: SINGLE_PART_MAX_BYTES + 1,
      part_list: [{ part_num: 1, part_hash: hashOf('p'), part_size: 1 }],
    }

    const grantCalls = (base: string) =>
      [
        ['GET', `${base}/dir?prefix_path=%2F`, undefined],
        ['POST', `${base}/dir`, { prefix_path: 'Intruder' }],
        ['GET', `${base}/media/${mediaId}`, undefined],
        ['DELETE', `${base}/media/${mediaId}`, undefined],
        ['POST', `${base}/media/${mediaId}/undelete`, {}],
        ['POST', `${base}/media`, { media_path: 'Secret/plan.txt', file_size: 1, file_hash: hashOf('x') }],
        ['POST', `${base}/upload`, { file_list: [{ file_hash: hashOf('secret'), file_size: 6 }] }],
        ['POST', `${base}/s3_object`, { s3_bucket_id: 0, file_hash: hashOf('secret'), file_size: 6 }],
        ['POST', `${base}/multipart`, parts],
        ['POST', `${base}/multipart_complete`, { ...parts, upload_id: 'u', s3_bucket_id: 0 }],
        ['GET', `${base}/media/${mediaId}/download_url`, undefined],
        ['GET', `${base}/media_version/${versionId}/download_url`, undefined],
      ] as const

    const attempts: Array<[string, 'GET' | 'POST' | 'DELETE', string, unknown]> = [
      // The other organization's admin, on the owner's paths.
      ...grantCalls(a.base).map(
        ([method, path, body]) =>
          ['outsider', method, path, body] as [string, 'GET' | 'POST' | 'DELETE', string, unknown],
      ),
      // The other organization's admin, naming the owner's grant under their own organization.
      ...grantCalls(`/web/1/org/${b.orgId}/media_grant/${a.grantId}`).map(
        ([method, path, body]) =>
          ['outsider', method, path, body] as [string, 'GET' | 'POST' | 'DELETE', string, unknown],
      ),
      // The other organization's admin, naming the owner's file and version through their own grant.
      ['outsider', 'GET', `${b.base}/media/${mediaId}`, undefined],
      ['outsider', 'DELETE', `${b.base}/media/${mediaId}`, undefined],
      ['outsider', 'POST', `${b.base}/media/${mediaId}/undelete`, {}],
      ['outsider', 'GET', `${b.base}/media/${mediaId}/download_url`, undefined],
      ['outsider', 'GET', `${b.base}/media_version/${versionId}/download_url`, undefined],
      ['outsider', 'GET', `/api/1/org/${a.orgId}/audit_event/media/${mediaId}`, undefined],
      ['outsider', 'GET', `/api/1/org/${b.orgId}/audit_event/media/${mediaId}`, undefined],
      ['outsider', 'GET', `/org_admin/1/org/${a.orgId}/media_grant`, undefined],
      // A member of the owner's organization without the grant.
      ...grantCalls(a.base).map(
        ([method, path, body]) =>
          ['stranger', method, path, body] as [string, 'GET' | 'POST' | 'DELETE', string, unknown],
      ),
    ]
    for (const [who, method, path, body] of attempts) {
      const key = who === 'outsider' ? b.key : stranger.key
      const answer = await call(suite.url, method, path, { key, body })
      expect(answer, `${who} ${method} ${path}`).toEqual({ status: 404, body: { error: 'not_found' } })
    }

    // Nothing changed: the file is active, no folder was made, the outsider's volume holds nothing.
    const listing = await call<DirListResponse>(suite.url, 'GET', `${a.base}/dir?prefix_path=Secret`, {
      key: a.key,
    })
    expect(listing.body.media_list.map((item) => [item.media_path, item.is_deleted])).toEqual([
      ['/media/Secret/plan.txt', false],
    ])
    const root = await call<DirListResponse>(suite.url, 'GET', `${a.base}/dir?prefix_path=`, { key: a.key })
    expect(root.body.dir_list).toEqual([{ dir_name: 'Secret', file_count: 1, deleted_count: 0 }])
    const theirs = await call<DirListResponse>(suite.url, 'GET', `${b.base}/dir?prefix_path=`, { key: b.key })
    expect(theirs.body).toEqual({ media_list: [], dir_list: [] })
    const [audit] = await suite.server.app.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM audit_event WHERE org_id = $1',
      [a.orgId],
    )
    expect(audit?.count).toBe(0)
  })
})
