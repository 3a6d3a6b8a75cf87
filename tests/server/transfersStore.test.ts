// Uploads and downloads that move real bytes, against the local store (the default without S3_*): the
// bytes are PUT with fetch to the signed_opts the server answers, exactly as the browser's workers do.
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import type {
  AuditListResponse,
  DownloadUrlResponse,
  MediaDetailResponse,
  MultipartResponse,
  SignedOpts,
  UploadResponse,
} from '../../server/contract/media.ts'
import { databaseKinds } from './helpers/databases.ts'
import { call } from './helpers/http.ts'
import { grantedOrg, newMember } from './helpers/media.ts'
import { useServer } from './helpers/suite.ts'
import { twoPartFile } from './helpers/multipartFile.ts'

const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex')

async function findFiles(dir: string, pattern: RegExp): Promise<string[]> {
  const found: string[] = []
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) found.push(...(await findFiles(full, pattern)))
    else if (pattern.test(entry.name)) found.push(full)
  }
  return found
}

describe.each(databaseKinds)('transfers through the local store on %s', (kind) => {
  const suite = useServer(kind)
  const post = <T = Record<string, unknown>>(key: string, p: string, body: unknown = {}) =>
    call<T>(suite.url, 'POST', p, { key, body })
  const get = <T = Record<string, unknown>>(key: string, p: string) => call<T>(suite.url, 'GET', p, { key })
  // Signed URLs name PUBLIC_URL, the address users reach; the test server listens on a loopback port.
  const onServer = (signedUrl: string) => {
    const url = new URL(signedUrl)
    return `${suite.url}${url.pathname}${url.search}`
  }
  const send = (opts: SignedOpts | null, body: Uint8Array) => {
    if (!opts) throw new Error('no signed request to follow')
    return fetch(onServer(opts.url), {
      method: opts.method,
      headers: opts.headers,
      body: new Uint8Array(body),
    })
  }

  it('signs a PUT, confirms only stored bytes of the right size, then skips the content', async () => {
    const org = await grantedOrg(suite, 'Single')
    const bytes = Buffer.from('the bytes of a small file')
    const ref = { file_hash: sha256(bytes), file_size: bytes.length }
    const media = await post<{ media_id: number }>(org.key, `${org.base}/media`, {
      media_path: 'small.txt',
      ...ref,
    })
    const upload = await post<UploadResponse>(org.key, `${org.base}/upload`, { file_list: [ref] })
    expect(upload.status).toBe(200)
    const item = upload.body.upload_list[0]
    expect(item).toMatchObject({ ...ref, s3_bucket_id: 0, skip_upload: false })
    expect(item?.signed_opts?.method).toBe('PUT')
    expect(new URL(item?.signed_opts?.url ?? 'http://x').pathname).toMatch(/^\/storage\//)
    expect(Date.parse(item?.signed_opts?.expires_at ?? '')).toBeGreaterThan(Date.now())
    const [pending] = await suite.server.app.db.query<{ is_confirmed: boolean }>(
      'SELECT is_confirmed FROM stored_object WHERE org_id = $1 AND file_hash = $2',
      [org.orgId, ref.file_hash],
    )
    expect(pending?.is_confirmed).toBe(false)
    const confirm = { s3_bucket_id: 0, ...ref }
    expect(await post(org.key, `${org.base}/s3_object`, confirm)).toEqual({
      status: 412,
      body: { error: 'object_missing' },
    })
    expect((await send(item?.signed_opts ?? null, bytes)).ok).toBe(true)
    expect(
      await post(org.key, `${org.base}/s3_object`, { ...confirm, file_size: ref.file_size + 1 }),
    ).toEqual({
      status: 412,
      body: { error: 'object_missing' },
    })
    expect(await post(org.key, `${org.base}/s3_object`, confirm)).toEqual({ status: 200, body: {} })
    const detail = await get<MediaDetailResponse>(org.key, `${org.base}/media/${media.body.media_id}`)
    expect(detail.body.media.in_s3).toBe(true)
    const again = await post<UploadResponse>(org.key, `${org.base}/upload`, { file_list: [ref] })
    expect(again.body.upload_list[0]).toMatchObject({ skip_upload: true, signed_opts: null })
    // The same content is new to another organization.
    const other = await grantedOrg(suite, 'SingleOther')
    const theirs = await post<UploadResponse>(other.key, `${other.base}/upload`, { file_list: [ref] })
    expect(theirs.body.upload_list[0]).toMatchObject({ skip_upload: false })
  })

  it('uploads in parts, resumes with the parts already stored, and completes once all are there', async () => {
    const org = await grantedOrg(suite, 'Multi')
    const file = twoPartFile()
    const { request } = file
    const first = await post<MultipartResponse>(org.key, `${org.base}/multipart`, request)
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.body).toMatchObject({ s3_bucket_id: 0, skip_upload: false })
    expect(first.body.upload_list.map((part) => [part.part_num, part.skip_upload])).toEqual([
      [1, false],
      [2, false],
    ])
    expect((await send(first.body.upload_list[0]?.signed_opts ?? null, file.pieces[0] as Buffer)).ok).toBe(
      true,
    )
    const complete = { ...request, upload_id: first.body.upload_id, s3_bucket_id: 0 }
    expect(await post(org.key, `${org.base}/multipart_complete`, complete)).toEqual({
      status: 412,
      body: { error: 'parts_missing' },
    })
    const resumed = await post<MultipartResponse>(org.key, `${org.base}/multipart`, request)
    expect(resumed.body.upload_id).toBe(first.body.upload_id)
    expect(resumed.body.upload_list.map((part) => [part.part_num, part.skip_upload])).toEqual([
      [1, true],
      [2, false],
    ])
    expect((await send(resumed.body.upload_list[1]?.signed_opts ?? null, file.pieces[1] as Buffer)).ok).toBe(
      true,
    )
    expect(await post(org.key, `${org.base}/multipart_complete`, complete)).toEqual({ status: 200, body: {} })
    const done = await post<MultipartResponse>(org.key, `${org.base}/multipart`, request)
    expect(done.body).toMatchObject({ skip_upload: true, upload_list: [] })

    // The joined object downloads as the whole file.
    const media = await post<{ media_id: number }>(org.key, `${org.base}/media`, {
      media_path: 'big.bin',
      file_hash: file.file_hash,
      file_size: file.file_size,
    })
    const url = await get<DownloadUrlResponse>(
      org.key,
      `${org.base}/media/${media.body.media_id}/download_url`,
    )
    const body = Buffer.from(await (await fetch(onServer(url.body.url))).arrayBuffer())
    expect(body.equals(file.whole)).toBe(true)
  })

  it('answers checksum_mismatch and aborts when stored parts no longer match', async () => {
    const org = await grantedOrg(suite, 'Mismatch')
    const file = twoPartFile()
    const { request } = file
    const plan = await post<MultipartResponse>(org.key, `${org.base}/multipart`, request)
    for (const [index, part] of plan.body.upload_list.entries()) {
      expect((await send(part.signed_opts, file.pieces[index] as Buffer)).ok).toBe(true)
    }
    // Damage the stored second part on disk, keeping its size, past a clock tick: completion trusts a part
    // only while its file is unchanged since it was verified, which coarse file times (kernels before 6.13)
    // tell apart only across ticks.
    await new Promise((resolve) => setTimeout(resolve, 15))
    const [damaged] = await findFiles(suite.server.database.dataDir, /^2\.[0-9a-f]{64}\.part$/)
    await fs.writeFile(damaged as string, crypto.randomBytes(1024))
    const complete = { ...request, upload_id: plan.body.upload_id, s3_bucket_id: 0 }
    expect(await post(org.key, `${org.base}/multipart_complete`, complete)).toEqual({
      status: 409,
      body: { error: 'checksum_mismatch' },
    })
    // The upload was aborted: the next plan opens a new one.
    const next = await post<MultipartResponse>(org.key, `${org.base}/multipart`, request)
    expect(next.body.upload_id).not.toBe(plan.body.upload_id)
    expect(next.body.upload_list.every((part) => !part.skip_upload)).toBe(true)
  })

  it('issues download URLs that live 15 minutes at most, and refuses them once expired', async () => {
    const org = await grantedOrg(suite, 'Lifetime')
    const bytes = Buffer.from('short-lived content')
    const ref = { file_hash: sha256(bytes), file_size: bytes.length }
    const media = await post<{ media_id: number }>(org.key, `${org.base}/media`, {
      media_path: 'clip.mov',
      ...ref,
    })
    const upload = await post<UploadResponse>(org.key, `${org.base}/upload`, { file_list: [ref] })
    await send(upload.body.upload_list[0]?.signed_opts ?? null, bytes)
    expect((await post(org.key, `${org.base}/s3_object`, { s3_bucket_id: 0, ...ref })).status).toBe(200)
    const detail = await get<MediaDetailResponse>(org.key, `${org.base}/media/${media.body.media_id}`)
    const versionId = detail.body.media.version_list[0]?.media_version_id

    for (const path of [
      `${org.base}/media/${media.body.media_id}/download_url`,
      `${org.base}/media/${media.body.media_id}/download_url?inline=true`,
      `${org.base}/media_version/${versionId}/download_url`,
    ]) {
      const asked = Date.now()
      const answer = await get<DownloadUrlResponse>(org.key, path)
      expect(answer.status, path).toBe(200)
      const url = onServer(answer.body.url)
      const expiresMs = Number(new URL(url).searchParams.get('expires')) * 1000
      // Signed between the two readings of the clock: at most 15 minutes after the answer came.
      expect(expiresMs - Date.now(), path).toBeLessThanOrEqual(15 * 60_000)
      expect(expiresMs - asked, path).toBeGreaterThan(14 * 60_000)
      expect((await fetch(url)).status).toBe(200)
      // Past its expiry the store refuses it (the server's clock moved on; only Date is faked).
      vi.useFakeTimers({ toFake: ['Date'], now: expiresMs + 1000 })
      try {
        const late = await fetch(url)
        expect(late.status, path).toBe(403)
        expect(await late.json()).toEqual({ error: 'invalid_signature' })
      } finally {
        vi.useRealTimers()
      }
    }
  })

  it('issues download URLs of files and versions, each recorded in the audit trail', async () => {
    const org = await grantedOrg(suite, 'Download')
    await post(org.key, '/api/1/user/current', { user_name: `dl_${org.orgId}` })
    const bytes = Buffer.from('downloadable content')
    const ref = { file_hash: sha256(bytes), file_size: bytes.length }
    const media = await post<{ media_id: number }>(org.key, `${org.base}/media`, {
      media_path: 'Docs/report.pdf',
      ...ref,
    })
    const upload = await post<UploadResponse>(org.key, `${org.base}/upload`, { file_list: [ref] })
    await send(upload.body.upload_list[0]?.signed_opts ?? null, bytes)
    expect((await post(org.key, `${org.base}/s3_object`, { s3_bucket_id: 0, ...ref })).status).toBe(200)

    const attachment = await get<DownloadUrlResponse>(
      org.key,
      `${org.base}/media/${media.body.media_id}/download_url`,
    )
    expect(attachment.status).toBe(200)
    const saved = await fetch(onServer(attachment.body.url))
    expect(Buffer.from(await saved.arrayBuffer()).equals(bytes)).toBe(true)
    expect(saved.headers.get('content-disposition')).toMatch(/^attachment.*report\.pdf/)
    const inline = await get<DownloadUrlResponse>(
      org.key,
      `${org.base}/media/${media.body.media_id}/download_url?inline=true`,
    )
    expect((await fetch(onServer(inline.body.url))).headers.get('content-disposition')).toMatch(/^inline/)
    const detail = await get<MediaDetailResponse>(org.key, `${org.base}/media/${media.body.media_id}`)
    const versionId = detail.body.media.version_list[0]?.media_version_id
    const byVersion = await get<DownloadUrlResponse>(
      org.key,
      `${org.base}/media_version/${versionId}/download_url`,
    )
    expect(Buffer.from(await (await fetch(onServer(byVersion.body.url))).arrayBuffer()).equals(bytes)).toBe(
      true,
    )

    const audit = await get<AuditListResponse>(
      org.key,
      `/api/1/org/${org.orgId}/audit_event/media/${media.body.media_id}`,
    )
    expect(audit.status).toBe(200)
    expect(audit.body.audit_list).toHaveLength(3)
    expect(audit.body.audit_list[0]).toMatchObject({
      user_name: `dl_${org.orgId}`,
      email: org.email.toLowerCase(),
      dest_path: null,
      media_path: '/media/Docs/report.pdf',
      device_id: null,
      device_name: null,
    })
    const times = audit.body.audit_list.map((event) => event.create_time)
    expect([...times].sort().reverse()).toEqual(times)
    // A member with the download capability is recorded under their own name.
    const member = await newMember(suite, org.orgId, { grantId: org.grantId, cap_web_download: true })
    expect((await get(member.key, `${org.base}/media/${media.body.media_id}/download_url`)).status).toBe(200)
    const after = await get<AuditListResponse>(
      org.key,
      `/api/1/org/${org.orgId}/audit_event/media/${media.body.media_id}`,
    )
    expect(after.body.audit_list[0]?.email).toBe(member.email.toLowerCase())
  })
})
