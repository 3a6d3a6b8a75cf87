// The S3 store against a real S3-compatible server (s3rver) on loopback: presigned PUTs with the SHA-256 as
// a signed header, objects confirmed only when their bytes hash to their key, ranged GETs with the names the
// server chose, and multipart objects joined from small parts.
import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChecksumMismatchError, senderKey, type ObjectStore } from '../../server/storage/store.ts'
import { multipartContent, nth, partEntry, send, sha256Hex, type TestPart } from './helpers/objects.ts'
import { startS3Server, type TestS3Server } from './helpers/s3Server.ts'
import { startServer, type TestServer } from './helpers/server.ts'

const ORG_ID = 42

describe('S3 store (s3rver)', () => {
  let s3: TestS3Server
  let server: TestServer
  let store: ObjectStore
  beforeAll(async () => {
    s3 = await startS3Server()
    server = await startServer('pglite', { env: s3.env })
    store = server.app.store
  })
  afterAll(async () => {
    await server?.close()
    await s3?.close()
  })

  const keyOf = (fileHash: string) => ({ orgId: ORG_ID, fileHash })
  const signPut = (bytes: Buffer, size = bytes.length) =>
    store.signPut(keyOf(sha256Hex(bytes)), { sha256Hex: sha256Hex(bytes), size }, 60)

  it('is the store the app uses when S3 is configured, and serves no local storage routes', async () => {
    expect(store.kind).toBe('s3')
    const answer = await fetch(`${server.url}/storage/object/${ORG_ID}/${sha256Hex(Buffer.from('x'))}`, {
      method: 'PUT',
      body: 'x',
    })
    expect(answer.status).toBe(404)
  })

  it('presigns a PUT whose SHA-256 and size are signed headers, and confirms the stored bytes', async () => {
    const bytes = crypto.randomBytes(5000)
    const signed = await signPut(bytes)
    const url = new URL(signed.url)
    expect(url.origin).toBe(s3.endpoint)
    expect(url.pathname).toBe(
      `/${s3.bucket}/media/${ORG_ID}/${sha256Hex(bytes).slice(0, 2)}/${sha256Hex(bytes)}`,
    )
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual([
      'content-length',
      'host',
      'x-amz-checksum-sha256',
    ])
    expect(url.searchParams.has('x-amz-checksum-sha256')).toBe(false)
    expect(signed.headers).toEqual({
      'x-amz-checksum-sha256': crypto.createHash('sha256').update(bytes).digest('base64'),
    })

    const key = keyOf(sha256Hex(bytes))
    expect(await store.head(key)).toBeUndefined()
    expect((await send(signed, bytes)).status).toBe(200)
    expect(await store.head(key)).toEqual({ size: 5000 })
    // Checked again (from the marker of the first read-back), still the same answer.
    expect(await store.head(key)).toEqual({ size: 5000 })
  })

  it("keeps a sender's copy apart and moves it into place once, even when asked twice", async () => {
    const bytes = crypto.randomBytes(3000)
    const key = keyOf(sha256Hex(bytes))
    const own = senderKey(key, 42)
    const signed = await store.signPut(own, { sha256Hex: key.fileHash, size: bytes.length }, 60)
    expect(new URL(signed.url).pathname).toMatch(new RegExp(`/${key.fileHash}\\.sent-42$`))
    expect((await send(signed, bytes)).status).toBe(200)
    expect(await store.head(key)).toBeUndefined()
    expect(await store.head(own)).toEqual({ size: 3000 })
    await store.promote(own, key)
    await store.promote(own, key)
    expect(await store.head(own)).toBeUndefined()
    expect(await store.head(key)).toEqual({ size: 3000 })
  })

  it('never confirms bytes that do not hash to the key, even when the server keeps them', async () => {
    const bytes = crypto.randomBytes(4000)
    const key = keyOf(sha256Hex(bytes))
    const signed = await signPut(bytes)
    const wrong = Buffer.from(bytes)
    wrong[10] = (wrong[10] as number) ^ 0xff
    const answer = await send(signed, wrong)
    // s3rver neither checks nor keeps x-amz-checksum-sha256; real S3 answers 400 BadDigest here.
    expect([200, 400]).toContain(answer.status)
    expect(await store.head(key)).toBeUndefined()

    expect((await send(signed, bytes)).status).toBe(200)
    expect(await store.head(key)).toEqual({ size: 4000 })
    // Overwritten with other bytes after it was confirmed: the ETag no longer matches, so it is read again.
    await send(signed, wrong)
    expect(await store.head(key)).toBeUndefined()
  })

  it('presigns a GET with ranges, the server-chosen type and the signed file name', async () => {
    const bytes = crypto.randomBytes(2000)
    expect((await send(await signPut(bytes), bytes)).status).toBe(200)
    const fileName = 'Été à Zürich.mp4'
    const signed = await store.signGet(keyOf(sha256Hex(bytes)), {
      fileName,
      inline: false,
      expiresInSeconds: 60,
    })
    expect(signed.method).toBe('GET')

    const whole = await send(signed)
    expect(whole.status).toBe(200)
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true)
    expect(whole.headers.get('content-type')).toBe('video/mp4')
    expect(whole.headers.get('content-disposition')).toBe(
      `attachment; filename="_t_ _ Z_rich.mp4"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    )

    const range = await send(signed, undefined, { range: 'bytes=500-999' })
    expect(range.status).toBe(206)
    expect(range.headers.get('content-range')).toBe('bytes 500-999/2000')
    expect(Buffer.from(await range.arrayBuffer()).equals(bytes.subarray(500, 1000))).toBe(true)
  })

  describe('multipart', () => {
    async function uploadParts(fileHash: string, parts: TestPart[], replace?: TestPart) {
      const key = keyOf(fileHash)
      const uploadId = await store.createMultipart(key)
      for (const part of parts) {
        const signed = await store.signPartPut(key, uploadId, partEntry(part), 60)
        expect(signed.headers['x-amz-checksum-sha256']).toBe(
          Buffer.from(part.sha256Hex, 'hex').toString('base64'),
        )
        const bytes = replace?.partNumber === part.partNumber ? replace.bytes : part.bytes
        expect((await send(signed, bytes)).status).toBe(200)
      }
      return { key, uploadId }
    }

    it('says it cannot tell which parts a server without ListParts holds, so every part is sent again', async () => {
      const bare = await startS3Server('media/', { listParts: false })
      const onBare = await startServer('pglite', { env: bare.env })
      try {
        const content = multipartContent([3000, 1234])
        const key = keyOf(content.fileHash)
        const uploadId = await onBare.app.store.createMultipart(key)
        const first = content.parts[0] as TestPart
        const signed = await onBare.app.store.signPartPut(key, uploadId, partEntry(first), 60)
        expect((await send(signed, first.bytes)).status).toBe(200)
        expect(await onBare.app.store.listParts(key, uploadId)).toBeUndefined()
      } finally {
        await onBare.close()
        await bare.close()
      }
    })

    it('joins parts smaller than S3’s 5 MiB minimum into the object', async () => {
      const content = multipartContent([3000, 3000, 3000, 1234])
      const { key, uploadId } = await uploadParts(content.fileHash, content.parts)
      // What the store holds of an interrupted upload: a resumed one sends only the parts missing.
      expect(await store.listParts(key, uploadId)).toEqual(
        content.parts.map((part) => ({ partNumber: part.partNumber, size: part.bytes.length })),
      )
      await store.completeMultipart(key, uploadId, content.parts.map(partEntry))
      expect(await store.head(key)).toEqual({ size: content.whole.length })

      const get = await store.signGet(key, { fileName: 'joined.bin', inline: true, expiresInSeconds: 60 })
      const answer = await send(get)
      expect(Buffer.from(await answer.arrayBuffer()).equals(content.whole)).toBe(true)
      expect(answer.headers.get('content-type')).toBe('application/octet-stream')
      // s3rver reads a suffix range (bytes=-n) as the whole object; an open-ended one names the same bytes.
      const tail = await send(get, undefined, { range: 'bytes=9000-' })
      expect(tail.status).toBe(206)
      expect(Buffer.from(await tail.arrayBuffer()).equals(nth(content.parts, 3).bytes)).toBe(true)

      await store.delete(key)
      expect(await store.head(key)).toBeUndefined()
    })

    it('refuses a wrong composite hash and a tampered part, keeping no object', async () => {
      const content = multipartContent([2000, 2000, 700])
      const honest = await uploadParts(content.fileHash, content.parts)
      const swapped = [nth(content.parts, 1), nth(content.parts, 0), nth(content.parts, 2)].map(
        (part, index) => ({
          ...partEntry(part),
          partNumber: index + 1,
        }),
      )
      await expect(store.completeMultipart(honest.key, honest.uploadId, swapped)).rejects.toBeInstanceOf(
        ChecksumMismatchError,
      )
      expect(await store.head(honest.key)).toBeUndefined()

      const forged = Buffer.from(nth(content.parts, 1).bytes)
      forged[0] = (forged[0] as number) ^ 1
      const tampered = await uploadParts(content.fileHash, content.parts, {
        ...nth(content.parts, 1),
        bytes: forged,
      })
      await expect(
        store.completeMultipart(tampered.key, tampered.uploadId, content.parts.map(partEntry)),
      ).rejects.toBeInstanceOf(ChecksumMismatchError)
      expect(await store.head(tampered.key)).toBeUndefined()

      // A missing part is not tried here: s3rver, unable to list parts, crashes while joining a part it lacks
      // (an unhandled ENOENT) and never answers. Real S3 lists parts, and the store refuses before joining.

      // The honest upload still completes after the refusals.
      await store.completeMultipart(honest.key, honest.uploadId, content.parts.map(partEntry))
      expect(await store.head(honest.key)).toEqual({ size: 4700 })
    })
  })
})
