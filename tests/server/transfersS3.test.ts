// Uploads and downloads through the server when its default store is S3-compatible (a real s3rver on
// loopback): the browser's bytes go straight to the bucket by the signed URLs, and nothing is confirmed
// that the server has not verified.
import crypto from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import type {
  DownloadUrlResponse,
  MultipartResponse,
  SignedOpts,
  UploadResponse,
} from '../../server/contract/media.ts'
import { call } from './helpers/http.ts'
import { grantedOrg } from './helpers/media.ts'
import { startS3Server, type TestS3Server } from './helpers/s3Server.ts'
import { useServer } from './helpers/suite.ts'
import { twoPartFile } from './helpers/multipartFile.ts'

const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex')

describe('transfers through the S3 store', () => {
  let s3: TestS3Server | undefined
  const suite = useServer('pglite', async () => {
    s3 = await startS3Server()
    return s3.env
  })
  afterAll(async () => {
    await s3?.close()
  })
  const post = <T = Record<string, unknown>>(key: string, path: string, body: unknown = {}) =>
    call<T>(suite.url, 'POST', path, { key, body })
  const send = (opts: SignedOpts | null | undefined, body: Uint8Array) => {
    if (!opts) throw new Error('no signed request to follow')
    return fetch(opts.url, { method: opts.method, headers: opts.headers, body: new Uint8Array(body) })
  }
  const download = async (key: string, path: string) => {
    const url = await call<DownloadUrlResponse>(suite.url, 'GET', path, { key })
    expect(url.status).toBe(200)
    expect(url.body.url.startsWith(s3?.endpoint ?? '-')).toBe(true)
    return Buffer.from(await (await fetch(url.body.url)).arrayBuffer())
  }

  it('sends a file to the bucket, confirms it, and serves it back', async () => {
    const org = await grantedOrg(suite, 'Bucket')
    const bytes = crypto.randomBytes(4096)
    const ref = { file_hash: sha256(bytes), file_size: bytes.length }
    const media = await post<{ media_id: number }>(org.key, `${org.base}/media`, {
      media_path: 'clip.bin',
      ...ref,
    })
    const upload = await post<UploadResponse>(org.key, `${org.base}/upload`, { file_list: [ref] })
    const opts = upload.body.upload_list[0]?.signed_opts
    expect(opts?.url.startsWith(s3?.endpoint ?? '-')).toBe(true)
    expect(Object.keys(opts?.headers ?? {}).map((name) => name.toLowerCase())).toContain(
      'x-amz-checksum-sha256',
    )
    expect((await send(opts, bytes)).ok).toBe(true)
    expect(await post(org.key, `${org.base}/s3_object`, { s3_bucket_id: 0, ...ref })).toEqual({
      status: 200,
      body: {},
    })
    expect(
      (await download(org.key, `${org.base}/media/${media.body.media_id}/download_url`)).equals(bytes),
    ).toBe(true)
  })

  it('never confirms bytes that do not match their hash', async () => {
    const org = await grantedOrg(suite, 'Tampered')
    const bytes = crypto.randomBytes(2048)
    const ref = { file_hash: sha256(bytes), file_size: bytes.length }
    const upload = await post<UploadResponse>(org.key, `${org.base}/upload`, { file_list: [ref] })
    // Other bytes of the same size, sent to the same signed URL.
    await send(upload.body.upload_list[0]?.signed_opts, crypto.randomBytes(2048))
    const confirm = await post(org.key, `${org.base}/s3_object`, { s3_bucket_id: 0, ...ref })
    expect(confirm.status).toBe(412)
    const again = await post<UploadResponse>(org.key, `${org.base}/upload`, { file_list: [ref] })
    expect(again.body.upload_list[0]?.skip_upload).toBe(false)
  })

  it('uploads in parts and joins them into the whole file', async () => {
    const org = await grantedOrg(suite, 'BucketParts')
    const { whole, pieces, file_hash, request } = twoPartFile()
    const plan = await post<MultipartResponse>(org.key, `${org.base}/multipart`, request)
    expect(plan.status, JSON.stringify(plan.body)).toBe(200)
    for (const [index, part] of plan.body.upload_list.entries()) {
      expect((await send(part.signed_opts, pieces[index] as Buffer)).ok).toBe(true)
    }
    const complete = await post(org.key, `${org.base}/multipart_complete`, {
      ...request,
      upload_id: plan.body.upload_id,
      s3_bucket_id: 0,
    })
    expect(complete, JSON.stringify(complete.body)).toEqual({ status: 200, body: {} })
    const media = await post<{ media_id: number }>(org.key, `${org.base}/media`, {
      media_path: 'long.bin',
      file_hash,
      file_size: whole.length,
    })
    expect(
      (await download(org.key, `${org.base}/media/${media.body.media_id}/download_url`)).equals(whole),
    ).toBe(true)
  })
})
