// Signed URLs spread over several host names of one store (STORAGE_URLS): a batch's PUTs and a file's parts
// go to the hosts in turn, download_url answers the content signed for each host, a URL signed for one host
// is refused on another, the console's origins (and no other) may call the hosts cross-origin, and the
// content security policy names exactly those hosts.
import crypto from 'node:crypto'
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DownloadUrlResponse, MultipartResponse, UploadResponse } from '../../server/contract/media.ts'
import { databaseKinds } from './helpers/databases.ts'
import { call, callWithHeaders } from './helpers/http.ts'
import { startMailbox } from './helpers/mailbox.ts'
import { startS3Server, type TestS3Server } from './helpers/s3Server.ts'
import { grantedOrg } from './helpers/media.ts'
import { startServer } from './helpers/server.ts'
import type { Suite } from './helpers/suite.ts'
import { twoPartFile } from './helpers/multipartFile.ts'
import sharp from 'sharp'
import { shardOfHash } from '../../server/storage/store.ts'

const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex')

interface RawAnswer {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
}

/**
 * A request to the test server's socket with the Host header given: what a browser sends to a host name
 * that reaches this server (s2.localhost resolves to loopback in browsers, not necessarily here).
 */
function sendAs(
  host: string,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer } = {},
  server: string,
): Promise<RawAnswer> {
  const target = new URL(url)
  const socket = new URL(server)
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        hostname: socket.hostname,
        port: socket.port,
        method: options.method ?? 'GET',
        path: `${target.pathname}${target.search}`,
        agent: false,
        headers: {
          host,
          ...(options.body ? { 'content-length': String(options.body.length) } : {}),
          ...options.headers,
        },
      },
      (answer) => {
        const chunks: Buffer[] = []
        answer.on('data', (chunk: Buffer) => chunks.push(chunk))
        answer.on('end', () =>
          resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: Buffer.concat(chunks) }),
        )
      },
    )
    request.on('error', reject)
    request.end(options.body)
  })
}

describe.each(databaseKinds)('a local store on several hosts on %s', (kind) => {
  const suite = {} as Suite
  let hosts: string[] = []
  beforeAll(async () => {
    suite.mailbox = await startMailbox()
    suite.server = await startServer(kind, {
      env: { SMTP_URL: suite.mailbox.url, MAIL_FROM: 'Media Console <console@example.com>' },
      envFor: (port) => ({
        STORAGE_URLS: [1, 2, 3].map((n) => `http://s${n}.localhost:${port}`).join(','),
      }),
    })
    suite.url = suite.server.url
    const port = new URL(suite.url).port
    hosts = [1, 2, 3].map((n) => `s${n}.localhost:${port}`)
  })
  afterAll(async () => {
    await suite.server?.close()
    await suite.mailbox?.close()
  })
  const post = <T>(key: string, p: string, body: unknown) => call<T>(suite.url, 'POST', p, { key, body })
  const get = <T>(key: string, p: string) => call<T>(suite.url, 'GET', p, { key })
  /** Sends a signed request as the browser would, to the host its URL names or to another. */
  const follow = (url: string, options: { method?: string; body?: Buffer; host?: string } = {}) =>
    sendAs(options.host ?? new URL(url).host, url, options, suite.url)
  const hostOf = (url: string | undefined) => new URL(url ?? 'http://none').host

  it('gives single PUTs the hosts in turn, and refuses a URL on a host it was not signed for', async () => {
    const org = await grantedOrg(suite, 'Batch')
    const files = [0, 1, 2, 3].map((n) => Buffer.from(`file number ${n} of the batch`))
    const upload = await post<UploadResponse>(org.key, `${org.base}/upload`, {
      file_list: files.map((bytes) => ({ file_hash: sha256(bytes), file_size: bytes.length })),
    })
    expect(upload.status).toBe(200)
    const urls = upload.body.upload_list.map((item) => item.signed_opts?.url as string)
    // Each PUT takes the next host, wherever the server's turn stood.
    const start = hosts.indexOf(hostOf(urls[0] as string))
    expect(start).toBeGreaterThanOrEqual(0)
    expect(urls.map(hostOf)).toEqual(urls.map((_, index) => hosts[(start + index) % hosts.length]))

    const first = urls[0] as string
    const [second, third] = [1, 2].map((step) => hosts[(start + step) % hosts.length] as string)
    const elsewhere = await follow(first, { method: 'PUT', body: files[0], host: second })
    expect(elsewhere.status).toBe(403)
    expect(JSON.parse(elsewhere.body.toString())).toEqual({ error: 'invalid_signature' })
    // The host is compared as browsers send it (lower-case), and the proxy's word counts only from a
    // trusted proxy: here loopback is one (tests), so X-Forwarded-Host stands for the host asked.
    const forwarded = await sendAs(
      second as string,
      first,
      { method: 'PUT', body: files[0], headers: { 'x-forwarded-host': third as string } },
      suite.url,
    )
    expect(forwarded.status).toBe(403)
    expect((await follow(first, { method: 'PUT', body: files[0] })).status).toBe(200)
    for (const [index, url] of urls.entries()) {
      if (index > 0) expect((await follow(url, { method: 'PUT', body: files[index] })).status).toBe(200)
    }
  })

  it('signs part N of a multipart upload for host (N-1) mod the number of hosts', async () => {
    const org = await grantedOrg(suite, 'Parts')
    const { pieces, request } = twoPartFile()
    const plan = await post<MultipartResponse>(org.key, `${org.base}/multipart`, request)
    expect(plan.status).toBe(200)
    const urls = plan.body.upload_list.map((item) => item.signed_opts?.url as string)
    expect(urls.map(hostOf)).toEqual([hosts[0], hosts[1]])
    // The second part's URL on the first part's host is refused; on its own it is kept.
    const second = urls[1] as string
    expect((await follow(second, { method: 'PUT', body: pieces[1], host: hosts[0] })).status).toBe(403)
    expect((await follow(second, { method: 'PUT', body: pieces[1] })).status).toBe(200)
  })

  it('answers download_url signed for each host, turns url over them, and records each call once', async () => {
    const org = await grantedOrg(suite, 'Download')
    const bytes = Buffer.from('the bytes to download from every host')
    const ref = { file_hash: sha256(bytes), file_size: bytes.length }
    const media = await post<{ media_id: number }>(org.key, `${org.base}/media`, {
      media_path: 'spread.txt',
      ...ref,
    })
    const upload = await post<UploadResponse>(org.key, `${org.base}/upload`, { file_list: [ref] })
    const put = upload.body.upload_list[0]?.signed_opts?.url as string
    expect((await follow(put, { method: 'PUT', body: bytes })).status).toBe(200)
    expect((await post(org.key, `${org.base}/s3_object`, { s3_bucket_id: 0, ...ref })).status).toBe(200)

    const path = `${org.base}/media/${media.body.media_id}/download_url`
    const answers = []
    for (let call = 0; call < 3; call++) answers.push(await get<DownloadUrlResponse>(org.key, path))
    for (const answer of answers) {
      expect(answer.status).toBe(200)
      expect(answer.body.urls.map(hostOf)).toEqual(hosts)
      expect(new Set(answer.body.urls.map((url) => new URL(url).pathname)).size).toBe(1)
      expect(answer.body.urls).toContain(answer.body.url)
    }
    // Calls one after another are given different hosts (a process-wide turn: other calls may come between).
    expect(new Set(answers.map((answer) => hostOf(answer.body.url))).size).toBeGreaterThan(1)
    const [rows] = await suite.server.app.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM audit_event WHERE org_id = $1 AND media_id = $2',
      [org.orgId, media.body.media_id],
    )
    expect(rows?.count).toBe(3)

    const urls = answers[0]?.body.urls as string[]
    for (const url of urls) {
      const answer = await follow(url)
      expect(answer.status).toBe(200)
      expect(answer.body.equals(bytes)).toBe(true)
    }
    const refused = await follow(urls[2] as string, { host: hosts[0] })
    expect(refused.status).toBe(403)
    expect(JSON.parse(refused.body.toString())).toEqual({ error: 'invalid_signature' })
  })

  it('signs each thumbnail for the host its content hash picks, so a grid loads from every host', async () => {
    const org = await grantedOrg(suite, 'Thumbnails')
    const pictures = await Promise.all(
      [0, 1, 2, 3, 4, 5, 6, 7].map((n) =>
        sharp({ create: { width: 40, height: 30, channels: 3, background: { r: n * 30, g: 90, b: 200 } } })
          .png()
          .toBuffer(),
      ),
    )
    const mediaIds: Array<{ mediaId: number; fileHash: string }> = []
    for (const [index, bytes] of pictures.entries()) {
      const ref = { file_hash: sha256(bytes), file_size: bytes.length }
      const media = await post<{ media_id: number }>(org.key, `${org.base}/media`, {
        media_path: `grid/${index}.png`,
        ...ref,
      })
      const upload = await post<UploadResponse>(org.key, `${org.base}/upload`, { file_list: [ref] })
      const put = upload.body.upload_list[0]?.signed_opts?.url as string
      expect((await follow(put, { method: 'PUT', body: bytes })).status).toBe(200)
      expect((await post(org.key, `${org.base}/s3_object`, { s3_bucket_id: 0, ...ref })).status).toBe(200)
      mediaIds.push({ mediaId: media.body.media_id, fileHash: ref.file_hash })
    }
    await suite.server.app.derivatives.drain()

    const redirects = []
    for (const { mediaId, fileHash } of mediaIds) {
      const thumbnail = (size: string) =>
        callWithHeaders(suite.url, 'GET', `${org.base}/media/${mediaId}/thumbnail?size=${size}`, {
          key: org.key,
        })
      const first = await thumbnail('small')
      const again = await thumbnail('large')
      expect([first.status, again.status]).toEqual([302, 302])
      const location = first.headers.location as string
      // The host is the hash's, whatever else was asked before: both sizes of a file share it.
      expect(hostOf(location)).toBe(hosts[shardOfHash(fileHash) % hosts.length])
      expect(hostOf(again.headers.location as string)).toBe(hostOf(location))
      redirects.push(location)
    }
    expect(new Set(redirects.map(hostOf)).size).toBeGreaterThan(1)
    const picture = await follow(redirects[0] as string)
    expect(picture.status).toBe(200)
    expect(picture.headers['content-type']).toBe('image/webp')
  })

  it("answers CORS for the console's origins only, preflights and requests alike", async () => {
    const org = await grantedOrg(suite, 'Cors')
    const bytes = Buffer.from('bytes read across origins')
    const ref = { file_hash: sha256(bytes), file_size: bytes.length }
    const upload = await post<UploadResponse>(org.key, `${org.base}/upload`, { file_list: [ref, ref] })
    const put = upload.body.upload_list[1]?.signed_opts?.url as string
    const port = new URL(suite.url).port
    const consoleOrigin = new URL(suite.url).origin
    const organizationOrigin = `http://acme.localhost:${port}`
    const preflight = (origin: string) =>
      follow(put, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'content-type',
        },
      } as Parameters<typeof follow>[1])

    for (const origin of [consoleOrigin, organizationOrigin]) {
      const allowed = await preflight(origin)
      expect(allowed.status).toBe(204)
      expect(allowed.headers).toMatchObject({
        'access-control-allow-origin': origin,
        'access-control-allow-methods': 'GET, PUT',
        'access-control-allow-headers': 'Content-Type, Range',
        'access-control-max-age': '7200',
      })
      expect(allowed.headers.vary).toMatch(/\bOrigin\b/)
    }
    // Another site, a reserved prefix of the base domain, another scheme or port of the console: nothing.
    for (const origin of [
      'http://evil.example',
      `http://www.localhost:${port}`,
      `https://127.0.0.1:${port}`,
      'http://127.0.0.1:1',
    ]) {
      const refused = await preflight(origin)
      expect(refused.headers['access-control-allow-origin'], origin).toBeUndefined()
      expect(refused.headers['access-control-allow-methods'], origin).toBeUndefined()
      expect(refused.headers.vary).toMatch(/\bOrigin\b/)
    }

    // The request itself, and a refusal (an error answer is readable by the console too).
    const sent = await sendAs(
      hostOf(put),
      put,
      { method: 'PUT', body: bytes, headers: { origin: consoleOrigin } },
      suite.url,
    )
    expect(sent.status).toBe(200)
    expect(sent.headers['access-control-allow-origin']).toBe(consoleOrigin)
    expect(sent.headers['access-control-expose-headers']).toBe(
      'Content-Range, Content-Length, Accept-Ranges, ETag',
    )
    const foreign = await sendAs(
      hosts.find((host) => host !== hostOf(put)) as string,
      put,
      { method: 'PUT', body: bytes, headers: { origin: 'http://evil.example' } },
      suite.url,
    )
    expect(foreign.status).toBe(403)
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined()
    // The API's own paths are not the store's: no CORS there.
    const api = await sendAs(
      hostOf(suite.url),
      `${suite.url}/healthz`,
      { headers: { origin: consoleOrigin } },
      suite.url,
    )
    expect(api.headers['access-control-allow-origin']).toBeUndefined()
  })

  it("names exactly the store's hosts in the content security policy's connect-src, img-src and media-src", async () => {
    const answer = await fetch(`${suite.url}/healthz`)
    const policy = answer.headers.get('content-security-policy') ?? ''
    const connect = policy.split('; ').find((directive) => directive.startsWith('connect-src '))
    // https: is the network stores' (storage/networkStores.ts): their hosts cannot be named in the shell.
    const named = hosts.map((host) => `http://${host}`).join(' ')
    expect(connect).toBe(`connect-src 'self' ${named} https:`)
    // Thumbnails redirect to the store holding the content, and the viewer shows a signed URL: pictures and
    // clips come from the same places.
    expect(policy).toContain(`img-src 'self' data: blob: ${named} https:;`)
    expect(policy).toContain(`media-src 'self' ${named} https:;`)
  })
})

describe.each(databaseKinds)('an S3 store on several hosts on %s', (kind) => {
  const suite = {} as Suite
  let s3: TestS3Server
  let alias = ''
  beforeAll(async () => {
    s3 = await startS3Server('media/', { verifyPresigned: true })
    // localhost reaches s3rver as 127.0.0.1 does: another host name of the same service.
    alias = s3.endpoint.replace('127.0.0.1', 'localhost')
    suite.mailbox = await startMailbox()
    suite.server = await startServer(kind, {
      env: {
        SMTP_URL: suite.mailbox.url,
        MAIL_FROM: 'Media Console <console@example.com>',
        ...s3.env,
        S3_ENDPOINT_ALIASES: alias,
      },
    })
    suite.url = suite.server.url
  })
  afterAll(async () => {
    await suite.server?.close()
    await suite.mailbox?.close()
    await s3?.close()
  })
  const post = <T>(key: string, p: string, body: unknown) => call<T>(suite.url, 'POST', p, { key, body })

  it('presigns each URL for its own host: the store refuses it on the other', async () => {
    const org = await grantedOrg(suite, 'S3Hosts')
    const files = [Buffer.from('first file for S3'), Buffer.from('second file for S3')]
    const refs = files.map((bytes) => ({ file_hash: sha256(bytes), file_size: bytes.length }))
    const upload = await post<UploadResponse>(org.key, `${org.base}/upload`, { file_list: refs })
    expect(upload.status).toBe(200)
    const signed = upload.body.upload_list.map((item) => item.signed_opts)
    const origins = signed.map((opts) => new URL(opts?.url ?? 'http://none').origin)
    expect([...origins].sort()).toEqual([s3.endpoint, alias].sort())
    const onAlias = origins.indexOf(alias)
    const onEndpoint = origins.indexOf(s3.endpoint)

    const toStore = (url: string, host: string, index: number) =>
      sendAs(
        host,
        url,
        { method: 'PUT', body: files[index], headers: signed[index]?.headers ?? {} },
        s3.endpoint,
      )
    // The URL signed for localhost on 127.0.0.1, and the one for 127.0.0.1 on localhost: both refused.
    const wrongHost = await toStore(signed[onAlias]?.url as string, new URL(s3.endpoint).host, onAlias)
    expect(wrongHost.status).toBe(403)
    expect(wrongHost.body.toString()).toContain('SignatureDoesNotMatch')
    expect((await toStore(signed[onEndpoint]?.url as string, new URL(alias).host, onEndpoint)).status).toBe(
      403,
    )
    // Each on its own host: stored.
    for (const [index, opts] of signed.entries()) {
      expect((await toStore(opts?.url as string, new URL(opts?.url as string).host, index)).status).toBe(200)
      expect(await post(org.key, `${org.base}/s3_object`, { s3_bucket_id: 0, ...refs[index] })).toEqual({
        status: 200,
        body: {},
      })
    }

    const media = await post<{ media_id: number }>(org.key, `${org.base}/media`, {
      media_path: 'on-s3.txt',
      ...refs[0],
    })
    const answer = await call<DownloadUrlResponse>(
      suite.url,
      'GET',
      `${org.base}/media/${media.body.media_id}/download_url`,
      { key: org.key },
    )
    const [first, second] = answer.body.urls
    expect([first, second].map((url) => new URL(url ?? 'http://none').origin)).toEqual([s3.endpoint, alias])
    const got = await sendAs(new URL(second as string).host, second as string, {}, s3.endpoint)
    expect(got.status).toBe(200)
    expect(got.body.equals(files[0] as Buffer)).toBe(true)
    expect((await sendAs(new URL(alias).host, first as string, {}, s3.endpoint)).status).toBe(403)

    // The policy names both origins the browser reaches the bucket at.
    const policy = (await fetch(`${suite.url}/healthz`)).headers.get('content-security-policy') ?? ''
    expect(policy).toContain(`connect-src 'self' ${s3.endpoint} ${alias} https:`)
  })
})
