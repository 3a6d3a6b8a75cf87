// Uploads and downloads: the answers that need no bytes in a store.
// The calls that move real bytes through the local store are in transfersStore.test.ts.
import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { AuditListResponse, MultipartResponse, UploadResponse } from '../../server/contract/media.ts'
import { SINGLE_PART_MAX_BYTES } from '../../server/contract/parts.ts'
import { databaseKinds } from './helpers/databases.ts'
import { call } from './helpers/http.ts'
import { grantedOrg, hashOf, markStored, newMember, userIdOf } from './helpers/media.ts'
import { useServer } from './helpers/suite.ts'

const compositeOf = (partHashes: string[]) =>
  crypto
    .createHash('sha256')
    .update(Buffer.concat(partHashes.map((hash) => Buffer.from(hash, 'hex'))))
    .digest('hex')

// A file one byte over the single-part limit: two parts, 8 MiB and 1 byte.
const BIG = SINGLE_PART_MAX_BYTES + 1
const bigParts = [
  { part_num: 1, part_hash: hashOf('part one'), part_size: SINGLE_PART_MAX_BYTES },
  { part_num: 2, part_hash: hashOf('part two'), part_size: 1 },
]
const bigHash = compositeOf(bigParts.map((part) => part.part_hash))

describe.each(databaseKinds)('transfers without bytes on %s', (kind) => {
  const suite = useServer(kind)
  const post = <T = Record<string, unknown>>(key: string, path: string, body: unknown = {}) =>
    call<T>(suite.url, 'POST', path, { key, body })
  const get = <T = Record<string, unknown>>(key: string, path: string) =>
    call<T>(suite.url, 'GET', path, { key })

  it('skips content already stored for the organization, and asks for multipart above the limit', async () => {
    const org = await grantedOrg(suite, 'Skip')
    await markStored(suite, org.orgId, hashOf('kept'), 4, await userIdOf(suite, org.email))
    const answer = await post<UploadResponse>(org.key, `${org.base}/upload`, {
      file_list: [{ file_hash: hashOf('kept'), file_size: 4 }],
    })
    expect(answer).toEqual({
      status: 200,
      body: {
        upload_list: [
          { file_hash: hashOf('kept'), file_size: 4, s3_bucket_id: 0, skip_upload: true, signed_opts: null },
        ],
      },
    })
    expect(
      await post(org.key, `${org.base}/upload`, {
        file_list: [{ file_hash: hashOf('big'), file_size: BIG }],
      }),
    ).toEqual({ status: 400, body: { error: 'multipart_required' } })
    expect(
      await post(org.key, `${org.base}/upload`, { file_list: [{ file_hash: 'ABC', file_size: 3 }] }),
    ).toEqual({ status: 400, body: { error: 'invalid_hash' } })
    expect((await post(org.key, `${org.base}/upload`, { file_list: [] })).status).toBe(400)
  })

  it('checks a part list against the plan and the file hash against its parts', async () => {
    const org = await grantedOrg(suite, 'Parts')
    const multipart = (body: object) => post(org.key, `${org.base}/multipart`, body)
    const complete = (body: object) =>
      post(org.key, `${org.base}/multipart_complete`, { upload_id: 'u', s3_bucket_id: 0, ...body })
    for (const send of [multipart, complete]) {
      expect(await send({ file_hash: bigHash, file_size: BIG, part_list: bigParts.slice(0, 1) })).toEqual({
        status: 400,
        body: { error: 'invalid_parts' },
      })
      expect(
        await send({
          file_hash: bigHash,
          file_size: BIG,
          part_list: [bigParts[0], { ...bigParts[1], part_size: 2 }],
        }),
      ).toEqual({ status: 400, body: { error: 'invalid_parts' } })
      expect(await send({ file_hash: bigHash, file_size: BIG, part_list: [...bigParts].reverse() })).toEqual({
        status: 400,
        body: { error: 'invalid_parts' },
      })
      // A file that fits one PUT has no parts.
      expect(
        await send({
          file_hash: hashOf('small'),
          file_size: 5,
          part_list: [{ part_num: 1, part_hash: hashOf('small'), part_size: 5 }],
        }),
      ).toEqual({ status: 400, body: { error: 'invalid_parts' } })
      expect(await send({ file_hash: hashOf('not composite'), file_size: BIG, part_list: bigParts })).toEqual(
        {
          status: 400,
          body: { error: 'invalid_hash' },
        },
      )
      expect(
        await send({
          file_hash: bigHash,
          file_size: BIG,
          part_list: [bigParts[0], { ...bigParts[1], part_hash: 'zz' }],
        }),
      ).toEqual({ status: 400, body: { error: 'invalid_hash' } })
    }
  })

  it('answers skip for a multipart file already stored, and completes it idempotently', async () => {
    const org = await grantedOrg(suite, 'BigSkip')
    await markStored(suite, org.orgId, bigHash, BIG, await userIdOf(suite, org.email))
    expect(
      await post<MultipartResponse>(org.key, `${org.base}/multipart`, {
        file_hash: bigHash,
        file_size: BIG,
        part_list: bigParts,
      }),
    ).toEqual({ status: 200, body: { upload_id: '', s3_bucket_id: 0, skip_upload: true, upload_list: [] } })
    expect(
      await post(org.key, `${org.base}/multipart_complete`, {
        file_hash: bigHash,
        file_size: BIG,
        part_list: bigParts,
        upload_id: 'anything',
        s3_bucket_id: 0,
      }),
    ).toEqual({ status: 200, body: {} })
  })

  it('refuses to complete an upload the organization never opened, and unknown stores', async () => {
    const org = await grantedOrg(suite, 'Unknown')
    expect(
      await post(org.key, `${org.base}/multipart_complete`, {
        file_hash: bigHash,
        file_size: BIG,
        part_list: bigParts,
        upload_id: 'never-opened',
        s3_bucket_id: 0,
      }),
    ).toEqual({ status: 404, body: { error: 'unknown_upload' } })
    // A store id that is not one of the organization's names nothing of theirs.
    expect(
      await post(org.key, `${org.base}/s3_object`, { s3_bucket_id: 7, file_hash: hashOf('x'), file_size: 1 }),
    ).toEqual({ status: 404, body: { error: 'not_found' } })
    expect(
      await post(org.key, `${org.base}/s3_object`, { s3_bucket_id: 0, file_hash: 'nope', file_size: 1 }),
    ).toEqual({ status: 400, body: { error: 'invalid_hash' } })
  })

  it('needs the upload capability for every upload call', async () => {
    const org = await grantedOrg(suite, 'NoUpload')
    const member = await newMember(suite, org.orgId, { grantId: org.grantId, cap_web_download: true })
    const parts = { file_hash: bigHash, file_size: BIG, part_list: bigParts }
    for (const [path, body] of [
      ['upload', { file_list: [{ file_hash: hashOf('x'), file_size: 1 }] }],
      ['s3_object', { s3_bucket_id: 0, file_hash: hashOf('x'), file_size: 1 }],
      ['multipart', parts],
      ['multipart_complete', { ...parts, upload_id: 'u', s3_bucket_id: 0 }],
    ] as const) {
      expect(await post(member.key, `${org.base}/${path}`, body), path).toEqual({
        status: 403,
        body: { error: 'upload_not_allowed' },
      })
    }
  })

  it('answers not_uploaded for content not in the store, and needs the download capability', async () => {
    const org = await grantedOrg(suite, 'NotUploaded')
    const media = await post<{ media_id: number }>(org.key, `${org.base}/media`, {
      media_path: 'later.mov',
      file_size: 5,
      file_hash: hashOf('later'),
    })
    const [version] = await suite.server.app.db.query<{ media_version_id: number }>(
      'SELECT media_version_id FROM media WHERE media_id = $1',
      [media.body.media_id],
    )
    const mediaUrl = `${org.base}/media/${media.body.media_id}/download_url?inline=true`
    const versionUrl = `${org.base}/media_version/${version?.media_version_id}/download_url`
    expect(await get(org.key, mediaUrl)).toEqual({ status: 404, body: { error: 'not_uploaded' } })
    expect(await get(org.key, versionUrl)).toEqual({ status: 404, body: { error: 'not_uploaded' } })
    // A pending upload is not stored content either.
    await suite.server.app.db.query(
      'INSERT INTO stored_object (org_id, file_hash, file_size) VALUES ($1, $2, 5)',
      [org.orgId, hashOf('later')],
    )
    expect(await get(org.key, mediaUrl)).toEqual({ status: 404, body: { error: 'not_uploaded' } })
    expect((await get(org.key, `${org.base}/media_version/999999999/download_url`)).status).toBe(404)

    const member = await newMember(suite, org.orgId, { grantId: org.grantId, cap_web_upload: true })
    for (const path of [mediaUrl, versionUrl]) {
      expect(await get(member.key, path)).toEqual({ status: 403, body: { error: 'download_not_allowed' } })
    }
    // Refused URLs leave no audit event; the trail is for admins.
    const audit = `/api/1/org/${org.orgId}/audit_event/media/${media.body.media_id}`
    expect(await get<AuditListResponse>(org.key, audit)).toEqual({ status: 200, body: { audit_list: [] } })
    expect(await get(member.key, audit)).toEqual({ status: 403, body: { error: 'admin_required' } })
    expect((await get(org.key, `/api/1/org/${org.orgId}/audit_event/media/999999999`)).status).toBe(404)
  })
})
