// Thumbnails and media details made on the server (services/derivatives.ts, jobs/derivativeQueue.ts): real
// pictures, clips and sounds uploaded through the API, the job run through the real queue, the listing and
// the detail read back, and the thumbnail endpoint followed to the store. Hostile content (a corrupt JPEG, a
// PNG declaring 900 million pixels) ends 'none' with a reason, quickly. Access is download_url's; another
// organization reaches nothing; a purge takes the thumbnails with the content; a network store keeps them
// beside the content it holds.
import crypto from 'node:crypto'
import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { endpoints } from '../../server/contract/endpoints.ts'
import { planParts } from '../../server/contract/parts.ts'
import { compositeSha256Hex } from '../../server/storage/checksums.ts'
import type {
  DirListResponse,
  Media,
  MediaDetailResponse,
  MultipartResponse,
  UploadResponse,
} from '../../server/contract/media.ts'
import derivativeBackfill from '../../server/db/migrations/20261128200000_derivative_backfill.ts'
import { applyRetention } from '../../server/services/retention.ts'
import { LocalStore } from '../../server/storage/local.ts'
import { derivativeKey } from '../../server/storage/store.ts'
import { addPerson, adminOrg, type AdminOrg } from './helpers/admin.ts'
import { databaseKinds } from './helpers/databases.ts'
import { callEndpoint } from './helpers/endpoint.ts'
import { call, callWithHeaders } from './helpers/http.ts'
import {
  bombPng,
  corruptJpeg,
  mp3Sound,
  mp4Clip,
  orientedJpeg,
  png,
  proresClip,
  webmClip,
} from './helpers/mediaFiles.ts'
import { startS3Server, type TestS3Server } from './helpers/s3Server.ts'
import { useServer, type Suite } from './helpers/suite.ts'

const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex')

interface Files {
  jpeg: Buffer
  png: Buffer
  mp4: Buffer
  webm: Buffer
  mov: Buffer
  mp3: Buffer
}
const files = {} as Files
beforeAll(async () => {
  Object.assign(files, {
    jpeg: await orientedJpeg(600, 400),
    png: await png(300, 200),
    mp4: await mp4Clip(),
    webm: await webmClip(),
    mov: await proresClip(),
    mp3: await mp3Sound(),
  })
}, 120_000)

/**
 * A signed URL of the local store aimed at the test server (PUBLIC_URL names the address users reach; the
 * test server listens on a loopback port); a network store's URL as it is.
 */
function reachable(suite: Suite, url: string): string {
  const parsed = new URL(url)
  return parsed.pathname.startsWith('/storage/') ? `${suite.url}${parsed.pathname}${parsed.search}` : url
}

function client(suite: Suite) {
  const base = (org: AdminOrg) => `/web/1/org/${org.orgId}/media_grant/${org.grantId}`
  const post = <T = Record<string, unknown>>(key: string, path: string, body: unknown = {}) =>
    call<T>(suite.url, 'POST', path, { key, body })
  return {
    /** Registers a file, sends its bytes where the server says and confirms them. */
    async upload(org: AdminOrg, name: string, bytes: Uint8Array) {
      const ref = { file_hash: sha256(bytes), file_size: bytes.length }
      const media = await post<{ media_id: number }>(org.key, `${base(org)}/media`, {
        media_path: name,
        ...ref,
      })
      expect(media.status, JSON.stringify(media.body)).toBe(200)
      const signed = await post<UploadResponse>(org.key, `${base(org)}/upload`, { file_list: [ref] })
      expect(signed.status, JSON.stringify(signed.body)).toBe(200)
      const item = signed.body.upload_list[0]
      if (!item?.signed_opts) throw new Error('no signed PUT')
      const opts = item.signed_opts
      const sent = await fetch(reachable(suite, opts.url), {
        method: opts.method,
        headers: opts.headers,
        body: new Uint8Array(bytes),
      })
      expect(sent.ok).toBe(true)
      const confirmed = await post(org.key, `${base(org)}/s3_object`, {
        s3_bucket_id: item.s3_bucket_id,
        ...ref,
      })
      expect(confirmed, JSON.stringify(confirmed.body)).toEqual({ status: 200, body: {} })
      return { mediaId: media.body.media_id, fileHash: ref.file_hash, storeId: item.s3_bucket_id }
    },
    /** The same through a multipart upload (content over SINGLE_PART_MAX_BYTES). */
    async uploadParts(org: AdminOrg, name: string, bytes: Buffer) {
      const plan = planParts(bytes.length)
      const partList = plan.map((part) => ({
        part_num: part.part_num,
        part_size: part.part_size,
        part_hash: sha256(bytes.subarray(part.offset, part.offset + part.part_size)),
      }))
      const ref = {
        file_hash: compositeSha256Hex(partList.map((part) => part.part_hash)),
        file_size: bytes.length,
      }
      const media = await post<{ media_id: number }>(org.key, `${base(org)}/media`, {
        media_path: name,
        ...ref,
      })
      expect(media.status, JSON.stringify(media.body)).toBe(200)
      const planned = await post<MultipartResponse>(org.key, `${base(org)}/multipart`, {
        ...ref,
        part_list: partList,
      })
      expect(planned.status, JSON.stringify(planned.body)).toBe(200)
      for (const [index, item] of planned.body.upload_list.entries()) {
        const part = plan[index]
        if (!part || !item.signed_opts) throw new Error('no signed part PUT')
        const sent = await fetch(reachable(suite, item.signed_opts.url), {
          method: 'PUT',
          body: new Uint8Array(bytes.subarray(part.offset, part.offset + part.part_size)),
        })
        expect(sent.ok).toBe(true)
      }
      const completed = await post(org.key, `${base(org)}/multipart_complete`, {
        ...ref,
        part_list: partList,
        upload_id: planned.body.upload_id,
        s3_bucket_id: planned.body.s3_bucket_id,
      })
      expect(completed, JSON.stringify(completed.body)).toEqual({ status: 200, body: {} })
      return { mediaId: media.body.media_id, fileHash: ref.file_hash }
    },
    async entry(org: AdminOrg, name: string): Promise<Media> {
      const listed = await call<DirListResponse>(
        suite.url,
        'GET',
        `${base(org)}/dir?prefix_path=${encodeURIComponent(name.slice(0, name.lastIndexOf('/') + 1))}`,
        { key: org.key },
      )
      expect(listed.status, JSON.stringify(listed.body)).toBe(200)
      const entry = listed.body.media_list.find((media) => media.media_path === `/media/${name}`)
      if (!entry) throw new Error(`${name} is not listed`)
      return entry
    },
    detail: (org: AdminOrg, mediaId: number) =>
      callEndpoint(suite.url, endpoints.mediaDetail, {
        params: { org_id: org.orgId, media_grant_id: org.grantId, media_id: mediaId },
        key: org.key,
      }) as Promise<{ status: number; body: MediaDetailResponse }>,
    thumbnail: (key: string, org: { orgId: number; grantId: number }, mediaId: number, size?: string) =>
      callWithHeaders(
        suite.url,
        'GET',
        `/web/1/org/${org.orgId}/media_grant/${org.grantId}/media/${mediaId}/thumbnail${size ? `?size=${size}` : ''}`,
        { key },
      ),
    downloadUrl: (key: string, org: { orgId: number; grantId: number }, mediaId: number) =>
      call(
        suite.url,
        'GET',
        `/web/1/org/${org.orgId}/media_grant/${org.grantId}/media/${mediaId}/download_url`,
        {
          key,
        },
      ),
  }
}

/** Follows a thumbnail's redirect: the image's type and its dimensions. */
async function followThumbnail(suite: Suite, location: string | undefined) {
  expect(location).toBeDefined()
  const answer = await fetch(reachable(suite, location as string))
  expect(answer.status).toBe(200)
  const bytes = Buffer.from(await answer.arrayBuffer())
  const metadata = await sharp(bytes).metadata()
  return {
    type: answer.headers.get('content-type'),
    format: metadata.format,
    width: metadata.width,
    height: metadata.height,
  }
}

describe.each(databaseKinds)('thumbnails on %s', (kind) => {
  const suite = useServer(kind)
  const api = client(suite)
  const drain = () => suite.server.app.derivatives.drain()
  const row = async (orgId: number, fileHash: string) => {
    const [found] = await suite.server.app.db.query<{ state: string; reason: string | null }>(
      'SELECT state, reason FROM media_derivative WHERE org_id = $1 AND file_hash = $2',
      [orgId, fileHash],
    )
    return found
  }

  it('makes a small and a large WebP of a JPEG, turned by its EXIF orientation, and shows them once ready', async () => {
    const org = await adminOrg(suite, 'Photos')
    const registered = await callEndpoint(suite.url, endpoints.mediaRegister, {
      params: { org_id: org.orgId, media_grant_id: org.grantId },
      body: { media_path: 'Trip/beach.jpg', file_size: files.jpeg.length, file_hash: sha256(files.jpeg) },
      key: org.key,
    })
    expect(registered.status).toBe(200)
    // Listed (and kept by the server) before its content arrives: nothing to show.
    const before = await api.entry(org, 'Trip/beach.jpg')
    expect(before).toMatchObject({ media_kind: 'image', thumbnail_state: 'none', has_thumbnail: false })
    const { mediaId } = await api.upload(org, 'Trip/beach.jpg', files.jpeg)

    // Confirmed: the job is queued, the listing (kept by the server before) says so, and there is no image yet.
    expect(await api.entry(org, 'Trip/beach.jpg')).toMatchObject({
      thumbnail_state: 'pending',
      has_thumbnail: false,
    })
    expect(await api.thumbnail(org.key, org, mediaId)).toMatchObject({
      status: 404,
      body: { error: 'no_thumbnail' },
    })

    expect(await drain()).toBeGreaterThanOrEqual(1)
    expect(await api.entry(org, 'Trip/beach.jpg')).toMatchObject({
      thumbnail_state: 'ready',
      has_thumbnail: true,
    })

    const small = await api.thumbnail(org.key, org, mediaId)
    expect(small.status).toBe(302)
    expect(small.headers['cache-control']).toMatch(/^private, max-age=\d+$/)
    // 600×400 stored, orientation 6: shown 400×600.
    expect(await followThumbnail(suite, small.headers.location)).toEqual({
      type: 'image/webp',
      format: 'webp',
      width: 171,
      height: 256,
    })
    const large = await api.thumbnail(org.key, org, mediaId, 'large')
    expect(large.status).toBe(302)
    expect(await followThumbnail(suite, large.headers.location)).toEqual({
      type: 'image/webp',
      format: 'webp',
      width: 400,
      height: 600,
    })

    const detail = await api.detail(org, mediaId)
    expect(detail.body.media).toMatchObject({
      media_kind: 'image',
      thumbnail_state: 'ready',
      has_thumbnail: true,
    })
    expect(detail.body.media.media_info).toEqual({
      width: 400,
      height: 600,
      duration_seconds: null,
      video_codec: null,
      audio_codec: null,
      format: 'jpeg',
    })
    // A size the contract does not name is refused.
    expect((await api.thumbnail(org.key, org, mediaId, 'huge')).status).toBe(400)
  })

  it('makes thumbnails of a PNG, and of MP4, WebM and ProRes clips from a frame inside them', async () => {
    const org = await adminOrg(suite, 'Clips')
    const uploaded = {
      png: await api.upload(org, 'clips/logo.png', files.png),
      mp4: await api.upload(org, 'clips/take.mp4', files.mp4),
      webm: await api.upload(org, 'clips/web.webm', files.webm),
      mov: await api.upload(org, 'clips/prores.mov', files.mov),
    }
    await drain()
    const expected = {
      png: {
        small: [256, 171],
        large: [300, 200],
        info: { width: 300, height: 200, format: 'png', duration_seconds: null },
      },
      mp4: {
        small: [256, 192],
        large: [320, 240],
        info: {
          width: 320,
          height: 240,
          video_codec: 'h264',
          audio_codec: 'aac',
          format: 'mov,mp4,m4a,3gp,3g2,mj2',
        },
      },
      webm: {
        small: [256, 144],
        large: [640, 360],
        info: { width: 640, height: 360, video_codec: 'vp8', format: 'matroska,webm' },
      },
      mov: { small: [256, 192], large: [320, 240], info: { width: 320, height: 240, video_codec: 'prores' } },
    }
    for (const [name, file] of Object.entries(uploaded) as Array<
      [keyof typeof expected, { mediaId: number; fileHash: string }]
    >) {
      const want = expected[name]
      expect(await row(org.orgId, file.fileHash), name).toMatchObject({ state: 'ready', reason: null })
      const small = await api.thumbnail(org.key, org, file.mediaId, 'small')
      expect(small.status, name).toBe(302)
      expect(await followThumbnail(suite, small.headers.location), name).toMatchObject({
        type: 'image/webp',
        width: want.small[0],
        height: want.small[1],
      })
      const large = await api.thumbnail(org.key, org, file.mediaId, 'large')
      expect(await followThumbnail(suite, large.headers.location), name).toMatchObject({
        width: want.large[0],
        height: want.large[1],
      })
      const info = (await api.detail(org, file.mediaId)).body.media.media_info
      expect(info, name).toMatchObject(want.info)
      if (name !== 'png') expect(info?.duration_seconds, name).toBeCloseTo(2, 0)
    }
  })

  it('makes thumbnails of content completed from parts (a multipart upload), read across its parts', async () => {
    const org = await adminOrg(suite, 'Parts')
    // Noise does not compress: a PNG over the single-PUT limit.
    const big = await sharp({
      create: {
        width: 2200,
        height: 1800,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer()
    expect(planParts(big.length).length).toBeGreaterThan(1)
    const { mediaId, fileHash } = await api.uploadParts(org, 'scans/page.png', big)
    expect(await api.entry(org, 'scans/page.png')).toMatchObject({ thumbnail_state: 'pending' })
    await drain()
    expect(await row(org.orgId, fileHash)).toMatchObject({ state: 'ready' })
    const large = await api.thumbnail(org.key, org, mediaId, 'large')
    expect(await followThumbnail(suite, large.headers.location)).toMatchObject({ width: 1280, height: 1047 })
  })

  it('reads a sound (duration, codec) and shows no thumbnail for it', async () => {
    const org = await adminOrg(suite, 'Sounds')
    const { mediaId, fileHash } = await api.upload(org, 'sound/tone.mp3', files.mp3)
    // Not a picture or a clip: never pending in the listing, whatever the job is doing.
    expect(await api.entry(org, 'sound/tone.mp3')).toMatchObject({
      media_kind: 'audio',
      thumbnail_state: 'none',
    })
    await drain()
    expect(await row(org.orgId, fileHash)).toMatchObject({ state: 'none', reason: 'a sound: no picture' })
    const info = (await api.detail(org, mediaId)).body.media.media_info
    expect(info).toMatchObject({
      width: null,
      height: null,
      video_codec: null,
      audio_codec: 'mp3',
      format: 'mp3',
    })
    expect(info?.duration_seconds).toBeCloseTo(2, 0)
    expect(await api.thumbnail(org.key, org, mediaId)).toMatchObject({
      status: 404,
      body: { error: 'no_thumbnail' },
    })
  })

  it('ends a corrupt JPEG, a decompression bomb and a document as none, with a reason, without retrying', async () => {
    const org = await adminOrg(suite, 'Hostile')
    const corrupt = await api.upload(org, 'bad/broken.jpg', corruptJpeg())
    const bomb = await api.upload(org, 'bad/bomb.png', bombPng(30_000, 30_000))
    const text = await api.upload(org, 'bad/notes.jpg', Buffer.from('plain text that claims to be a picture'))
    const started = Date.now()
    expect(await drain()).toBe(3)
    expect(Date.now() - started).toBeLessThan(20_000)
    expect(await row(org.orgId, corrupt.fileHash)).toMatchObject({
      state: 'none',
      reason: expect.stringMatching(/corrupt|decoded/),
    })
    expect(await row(org.orgId, bomb.fileHash)).toMatchObject({
      state: 'none',
      reason: expect.stringContaining('30000×30000'),
    })
    expect(await row(org.orgId, text.fileHash)).toMatchObject({
      state: 'none',
      reason: 'not a picture, a clip or a sound',
    })
    for (const file of [corrupt, bomb, text]) {
      expect(await api.thumbnail(org.key, org, file.mediaId)).toMatchObject({
        status: 404,
        body: { error: 'no_thumbnail' },
      })
    }
    expect(await api.entry(org, 'bad/bomb.png')).toMatchObject({
      thumbnail_state: 'none',
      has_thumbnail: false,
    })
    // Nothing is left to retry.
    expect(await drain()).toBe(0)
  })

  it('makes the thumbnails of content stored before derivatives existed, once the backfill marks it', async () => {
    const org = await adminOrg(suite, 'Upgraded')
    const picture = await api.upload(org, 'old/picture.png', files.png)
    const notes = await api.upload(org, 'old/notes.txt', Buffer.from('notes kept from before the upgrade'))
    expect(await drain()).toBe(2)
    // As a server from before derivatives left it: the picture's content stored with no row at all.
    const { db } = suite.server.app
    await db.query('DELETE FROM media_derivative WHERE org_id = $1 AND file_hash = $2', [
      org.orgId,
      picture.fileHash,
    ])
    expect(await api.thumbnail(org.key, org, picture.mediaId)).toMatchObject({ status: 404 })

    await db.query(derivativeBackfill)
    // Only the content without a row is marked: what was decided stays decided.
    expect(await row(org.orgId, picture.fileHash)).toMatchObject({ state: 'pending' })
    expect(await row(org.orgId, notes.fileHash)).toMatchObject({ state: 'none' })
    // Its job was never sent: the queue's sweep of stale rows sends it.
    expect(await drain()).toBe(1)
    expect(await row(org.orgId, picture.fileHash)).toMatchObject({ state: 'ready' })
    expect((await api.thumbnail(org.key, org, picture.mediaId)).status).toBe(302)
    expect(await api.entry(org, 'old/picture.png')).toMatchObject({ has_thumbnail: true })
    expect(await drain()).toBe(0)
  })

  it('answers the thumbnail as download_url answers the file: by container, capability and organization', async () => {
    const org = await adminOrg(suite, 'Access', 'business_month')
    const { mediaId } = await api.upload(org, 'private/face.jpg', files.jpeg)
    await drain()
    expect((await api.thumbnail(org.key, org, mediaId)).status).toBe(302)

    // A member who does not hold the container: what download_url answers (404, the file does not exist for them).
    const outsider = await addPerson(suite, org, { cap_web_download: true })
    const outsiderDownload = await api.downloadUrl(outsider.key, org, mediaId)
    expect(outsiderDownload.status).toBe(404)
    expect(await api.thumbnail(outsider.key, org, mediaId)).toMatchObject(outsiderDownload)
    // A member who holds it without Download: refused alike.
    const viewer = await addPerson(suite, org, {}, [org.grantId])
    const viewerDownload = await api.downloadUrl(viewer.key, org, mediaId)
    expect(viewerDownload.status).toBe(403)
    expect(await api.thumbnail(viewer.key, org, mediaId)).toMatchObject(viewerDownload)
    // Another organization, naming this one's ids or its own container with this file's id.
    const other = await adminOrg(suite, 'Other')
    expect((await api.thumbnail(other.key, org, mediaId)).status).toBe(404)
    expect(await api.thumbnail(other.key, other, mediaId)).toMatchObject({
      status: 404,
      body: { error: 'not_found' },
    })

    // The same content registered in the other organization, without its bytes: a hash names nothing.
    const named = await callEndpoint(suite.url, endpoints.mediaRegister, {
      params: { org_id: other.orgId, media_grant_id: other.grantId },
      body: { media_path: 'copy.jpg', file_size: files.jpeg.length, file_hash: sha256(files.jpeg) },
      key: other.key,
    })
    expect(named.status).toBe(200)
    expect(await api.thumbnail(other.key, other, named.body.media_id)).toMatchObject({
      status: 404,
      body: { error: 'no_thumbnail' },
    })
    expect(await api.entry(other, 'copy.jpg')).toMatchObject({
      thumbnail_state: 'none',
      has_thumbnail: false,
    })
  })

  it('removes the thumbnails and their record when retention purges the content', async () => {
    const org = await adminOrg(suite, 'Purge')
    const store = suite.server.app.store
    if (!(store instanceof LocalStore)) throw new Error('the test server uses the local store')
    const { mediaId, fileHash } = await api.upload(org, 'gone/old.jpg', files.png.subarray(0))
    await drain()
    const thumbnailFiles = (['small', 'large'] as const).map((size) =>
      store.objectFile(derivativeKey({ orgId: org.orgId, fileHash }, size)),
    )
    expect(thumbnailFiles.every((file) => fs.existsSync(file))).toBe(true)

    const settings = await callEndpoint(suite.url, endpoints.volumeUpdate, {
      params: { org_id: org.orgId, volume_id: org.volumeId },
      body: { dead_expire_days: 1 },
      key: org.key,
    })
    expect(settings.status).toBe(200)
    const deleted = await callEndpoint(suite.url, endpoints.mediaDelete, {
      params: { org_id: org.orgId, media_grant_id: org.grantId, media_id: mediaId },
      key: org.key,
    })
    expect(deleted.status).toBe(200)
    await suite.server.app.db.query(
      "UPDATE media SET deleted_at = '2026-01-01T00:00:00Z' WHERE media_id = $1",
      [mediaId],
    )
    const result = await applyRetention({ db: suite.server.app.db, store }, '2026-01-05')
    expect(result.objectsRemoved).toBeGreaterThanOrEqual(1)
    expect(thumbnailFiles.some((file) => fs.existsSync(file))).toBe(false)
    expect(await row(org.orgId, fileHash)).toBeUndefined()
  })
})

describe.each(databaseKinds)('thumbnails in a network store on %s', (kind) => {
  let s3: TestS3Server
  const suite = useServer(kind, async () => {
    s3 = await startS3Server('', { browser: true })
    return { STORE_ALLOW_PRIVATE_HOSTS: 'true' }
  })
  afterAll(async () => s3?.close())
  const api = client(suite)

  it('keeps the thumbnails beside the content in the store that holds it, and serves them from there', async () => {
    const org = await adminOrg(suite, 'Bucket')
    const added = await callEndpoint(suite.url, endpoints.networkStoreAdd, {
      params: { org_id: org.orgId },
      body: {
        s3_bucket: s3.bucket,
        s3_bucket_region: 'us-east-1',
        s3_host: s3.endpoint,
        s3_bucket_prefix: 'org-store/',
        aws_access_key_id: 'S3RVER',
        aws_secret_access_key: 'S3RVER',
      } as never,
      key: org.key,
    })
    expect(added.status, JSON.stringify(added.body)).toBe(200)
    const clip = await api.upload(org, 'cam/take.mp4', files.mp4)
    const photo = await api.upload(org, 'cam/still.jpg', files.jpeg)
    expect(clip.storeId).toBe(added.body.s3_bucket_id)
    await suite.server.app.derivatives.drain()
    for (const file of [clip, photo]) {
      const thumbnail = await api.thumbnail(org.key, org, file.mediaId, 'large')
      expect(thumbnail.status).toBe(302)
      expect(thumbnail.headers.location?.startsWith(s3.endpoint)).toBe(true)
      expect(await followThumbnail(suite, thumbnail.headers.location)).toMatchObject({
        type: 'image/webp',
        format: 'webp',
      })
    }
    // Nothing of them in the service's own store.
    const store = suite.server.app.store
    if (!(store instanceof LocalStore)) throw new Error('the test server uses the local store')
    expect(
      fs.existsSync(store.objectFile(derivativeKey({ orgId: org.orgId, fileHash: clip.fileHash }, 'small'))),
    ).toBe(false)
    expect(await api.entry(org, 'cam/take.mp4')).toMatchObject({ media_kind: 'video', has_thumbnail: true })
  })
})
