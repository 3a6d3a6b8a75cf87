// The local store over real HTTP: signed PUTs keep only the bytes they were signed for, signed GETs serve
// them with ranges and the signed name, multipart uploads join verified parts, and every server on one
// database signs with the same key.
import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compositeSha256Hex } from '../../server/storage/checksums.ts'
import { LocalStore } from '../../server/storage/local.ts'
import {
  ChecksumMismatchError,
  senderKey,
  type ObjectStore,
  type SignedRequest,
} from '../../server/storage/store.ts'
import { databaseKinds, freshDatabase } from './helpers/databases.ts'
import {
  multipartContent,
  nth,
  partEntry,
  putChunked,
  send,
  sha256Hex,
  type TestPart,
} from './helpers/objects.ts'
import { startServer, type TestServer } from './helpers/server.ts'

const ORG_ID = 7

/** The signed URL, aimed at the test server (PUBLIC_URL names the address users reach; tests use loopback). */
function onServer(server: TestServer, signed: SignedRequest): SignedRequest {
  const url = new URL(signed.url)
  return { ...signed, url: `${server.url}${url.pathname}${url.search}` }
}

function withQuery(signed: SignedRequest, name: string, value: string): SignedRequest {
  const url = new URL(signed.url)
  url.searchParams.set(name, value)
  return { ...signed, url: url.toString() }
}

/** Temporary files of bytes in flight (the directory also holds the server's heartbeat). */
const filesIn = async (dir: string) =>
  (await fs.readdir(dir).catch(() => [])).filter((name) => name.endsWith('.incoming')).length

describe.each(databaseKinds)('local store on %s', (kind) => {
  let server: TestServer
  let store: ObjectStore
  let tempDir: string
  beforeAll(async () => {
    server = await startServer(kind)
    store = server.app.store
    tempDir = (store as LocalStore).tempDir
  })
  afterAll(async () => {
    await server?.close()
  })

  async function signedPut(bytes: Buffer, options: { size?: number; fileHash?: string } = {}) {
    const fileHash = options.fileHash ?? sha256Hex(bytes)
    const key = { orgId: ORG_ID, fileHash }
    const signed = await store.signPut(key, { sha256Hex: fileHash, size: options.size ?? bytes.length }, 60)
    return { key, signed: onServer(server, signed) }
  }

  async function storedObject(bytes: Buffer) {
    const { key, signed } = await signedPut(bytes)
    expect((await send(signed, bytes)).status).toBe(200)
    return key
  }

  const signedGet = async (key: { orgId: number; fileHash: string }, fileName = 'clip.bin', inline = false) =>
    onServer(server, await store.signGet(key, { fileName, inline, expiresInSeconds: 120 }))

  it('is the store the app uses when no S3 store is configured', () => {
    expect(store.kind).toBe('local')
  })

  it('keeps the bytes of a signed PUT and reports them stored', async () => {
    const bytes = crypto.randomBytes(3000)
    const { key, signed } = await signedPut(bytes)
    expect(signed.method).toBe('PUT')
    expect(new URL(signed.url).pathname).toBe(`/storage/object/${ORG_ID}/${key.fileHash}`)
    expect(await store.head(key)).toBeUndefined()
    const answer = await send(signed, bytes, { 'content-type': 'video/mp4' })
    expect(answer.status).toBe(200)
    expect(await store.head(key)).toEqual({ size: 3000 })
    // Sending the same content again changes nothing.
    expect((await send(signed, bytes)).status).toBe(200)
    expect(await store.head(key)).toEqual({ size: 3000 })
    const file = await fs.readFile(
      path.join(server.database.dataDir, 'objects', String(ORG_ID), key.fileHash.slice(0, 2), key.fileHash),
    )
    expect(file.equals(bytes)).toBe(true)
  })

  it("keeps a sender's copy apart, signed for its own path, and moves it into place once", async () => {
    const bytes = crypto.randomBytes(2000)
    const key = { orgId: ORG_ID, fileHash: sha256Hex(bytes) }
    const own = senderKey(key, 42)
    const signed = onServer(
      server,
      await store.signPut(own, { sha256Hex: key.fileHash, size: bytes.length }, 60),
    )
    expect(new URL(signed.url).pathname).toBe(`/storage/object/${ORG_ID}/${key.fileHash}/42`)
    // The signature covers the sender: the same URL aimed at another sender's copy, or the content's own
    // path, is refused.
    const other = new URL(signed.url)
    other.pathname = `/storage/object/${ORG_ID}/${key.fileHash}/43`
    expect((await send({ ...signed, url: other.toString() }, bytes)).status).toBe(403)
    other.pathname = `/storage/object/${ORG_ID}/${key.fileHash}`
    expect((await send({ ...signed, url: other.toString() }, bytes)).status).toBe(403)
    expect((await send(signed, bytes)).status).toBe(200)
    expect(await store.head(key)).toBeUndefined()
    expect(await store.head(own)).toEqual({ size: 2000 })
    await store.promote(own, key)
    await store.promote(own, key)
    expect(await store.head(own)).toBeUndefined()
    expect(await store.head(key)).toEqual({ size: 2000 })
  })

  it('refuses bytes that do not hash to the signed SHA-256 and keeps nothing', async () => {
    const bytes = crypto.randomBytes(2048)
    const { key, signed } = await signedPut(bytes)
    const wrong = Buffer.from(bytes)
    wrong[100] = (wrong[100] as number) ^ 0xff
    const answer = await send(signed, wrong)
    expect(answer.status).toBe(400)
    expect(await answer.json()).toEqual({ error: 'checksum_mismatch' })
    expect(await store.head(key)).toBeUndefined()
    expect(await filesIn(tempDir)).toBe(0)
  })

  it('refuses a body of another size than signed, declared or streamed', async () => {
    const bytes = crypto.randomBytes(1000)
    const { key, signed } = await signedPut(bytes, { size: 999 })
    const declared = await send(signed, bytes)
    expect(declared.status).toBe(400)
    expect(await declared.json()).toEqual({ error: 'size_mismatch' })

    const longer = await putChunked(signed.url, [bytes.subarray(0, 600), bytes.subarray(600)])
    expect(longer).toEqual({ status: 400, text: JSON.stringify({ error: 'size_mismatch' }) })

    const exact = await signedPut(bytes)
    const shorter = await putChunked(exact.signed.url, [bytes.subarray(0, 500)])
    expect(shorter).toEqual({ status: 400, text: JSON.stringify({ error: 'size_mismatch' }) })

    expect(await store.head(key)).toBeUndefined()
    expect(await store.head(exact.key)).toBeUndefined()
    expect(await filesIn(tempDir)).toBe(0)
    // A chunked body of the right size and content is kept.
    const chunked = await putChunked(exact.signed.url, [bytes.subarray(0, 10), bytes.subarray(10)])
    expect(chunked.status).toBe(200)
    expect(await store.head(exact.key)).toEqual({ size: 1000 })
  })

  it('refuses a tampered, expired or re-aimed signature', async () => {
    const bytes = crypto.randomBytes(500)
    const { key, signed } = await signedPut(bytes)
    const signature = new URL(signed.url).searchParams.get('signature') as string
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`
    const refusals = [
      withQuery(signed, 'signature', flipped),
      withQuery(signed, 'size', '501'),
      withQuery(signed, 'expires', String(Number(new URL(signed.url).searchParams.get('expires')) + 3600)),
      { ...signed, url: signed.url.replace(/\?.*$/, '') },
    ]
    // The same signature on another object's path.
    const other = crypto.randomBytes(500)
    const otherPath = `/storage/object/${ORG_ID}/${sha256Hex(other)}`
    refusals.push({ ...signed, url: signed.url.replace(new URL(signed.url).pathname, otherPath) })
    for (const request of refusals) {
      const answer = await send(request, request === refusals[4] ? other : bytes)
      expect(answer.status, request.url).toBe(403)
      expect(await answer.json()).toEqual({ error: 'invalid_signature' })
    }
    // A GET signature does not open a PUT, nor a PUT signature a GET.
    expect((await send({ ...signed, method: 'GET' })).status).toBe(403)

    const shortLived = onServer(
      server,
      await store.signPut(key, { sha256Hex: key.fileHash, size: bytes.length }, 1),
    )
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const expired = await send(shortLived, bytes)
    expect(expired.status).toBe(403)
    expect(await expired.json()).toEqual({ error: 'invalid_signature' })
    expect(await store.head(key)).toBeUndefined()
    expect(await store.head({ orgId: ORG_ID, fileHash: sha256Hex(other) })).toBeUndefined()
  })

  it('serves the whole object, a range, a suffix range, and refuses an unsatisfiable range', async () => {
    const bytes = crypto.randomBytes(1000)
    const key = await storedObject(bytes)
    const get = await signedGet(key)

    const whole = await send(get)
    expect(whole.status).toBe(200)
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true)
    expect(whole.headers.get('content-length')).toBe('1000')
    expect(whole.headers.get('accept-ranges')).toBe('bytes')
    expect(whole.headers.get('content-type')).toBe('application/octet-stream')
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff')
    expect(whole.headers.get('cache-control')).toMatch(/^private, max-age=(119|120)$/)

    const range = await send(get, undefined, { range: 'bytes=100-199' })
    expect(range.status).toBe(206)
    expect(range.headers.get('content-range')).toBe('bytes 100-199/1000')
    expect(range.headers.get('content-length')).toBe('100')
    expect(Buffer.from(await range.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true)

    const openEnded = await send(get, undefined, { range: 'bytes=990-' })
    expect(openEnded.status).toBe(206)
    expect(Buffer.from(await openEnded.arrayBuffer()).equals(bytes.subarray(990))).toBe(true)

    const suffix = await send(get, undefined, { range: 'bytes=-30' })
    expect(suffix.status).toBe(206)
    expect(suffix.headers.get('content-range')).toBe('bytes 970-999/1000')
    expect(Buffer.from(await suffix.arrayBuffer()).equals(bytes.subarray(970))).toBe(true)

    const beyond = await send(get, undefined, { range: 'bytes=1000-1100' })
    expect(beyond.status).toBe(416)
    expect(beyond.headers.get('content-range')).toBe('bytes */1000')
  })

  it('names the file inline or as an attachment, in ASCII and exactly in UTF-8', async () => {
    const key = await storedObject(crypto.randomBytes(64))
    const fileName = 'Été à Zürich "final" 日本.mp4'
    const encoded = `UTF-8''${encodeURIComponent(fileName)}`

    const inline = await send(await signedGet(key, fileName, true))
    expect(inline.status).toBe(200)
    const inlineDisposition = inline.headers.get('content-disposition') as string
    expect(inlineDisposition).toBe(`inline; filename="_t_ _ Z_rich _final_ __.mp4"; filename*=${encoded}`)
    expect(inline.headers.get('content-type')).toBe('video/mp4')

    const attachment = await send(await signedGet(key, fileName, false))
    expect(attachment.headers.get('content-disposition')).toBe(
      `attachment; filename="_t_ _ Z_rich _final_ __.mp4"; filename*=${encoded}`,
    )
    // The signature covers the name and the disposition: neither can be changed.
    const signed = await signedGet(key, fileName, false)
    expect((await send(withQuery(signed, 'disposition', 'inline'))).status).toBe(403)
    expect((await send(withQuery(signed, 'name', 'page.html'))).status).toBe(403)
    // A type the browser would run is never served as itself.
    const page = await send(await signedGet(key, 'page.html', true))
    expect(page.headers.get('content-type')).toBe('application/octet-stream')
  })

  it("removes what no running server owns: a dead process's files, an earlier life of this pid, a silent server's", async () => {
    const tempRoot = path.dirname(tempDir)
    const host = os.hostname()
    const namespace = /\[(\d+)\]/.exec(await fs.readlink('/proc/self/ns/pid').catch(() => ''))?.[1] ?? '0'
    // A process that has exited: its pid names no running process.
    const dead = spawnSync(process.execPath, ['-e', '0']).pid
    const random = () => crypto.randomBytes(8).toString('hex')
    const here = (pid: number) => path.join(tempRoot, `${host}~${namespace}~${pid}~${random()}`)
    const owners = {
      crashed: here(dead),
      // This process's pid on a directory it never opened: a restarted container runs as pid 1 again.
      earlierLife: here(process.pid),
      running: here(process.ppid),
      silentElsewhere: path.join(tempRoot, `other-machine~1~1~${random()}`),
      beatingElsewhere: path.join(tempRoot, `other-machine~1~2~${random()}`),
      silentOtherNamespace: path.join(tempRoot, `${host}~999~${process.ppid}~${random()}`),
    }
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000)
    for (const [name, dir] of Object.entries(owners)) {
      await fs.mkdir(dir, { recursive: true })
      await fs.writeFile(path.join(dir, 'a.incoming'), 'bytes in flight')
      await fs.writeFile(path.join(dir, 'alive'), '')
      if (name.startsWith('silent')) await fs.utimes(path.join(dir, 'alive'), tenMinutesAgo, tenMinutesAgo)
    }
    const staleLoose = path.join(tempRoot, 'stale.incoming')
    const freshLoose = path.join(tempRoot, 'fresh.incoming')
    await fs.writeFile(staleLoose, 'left by an older server')
    await fs.writeFile(freshLoose, 'being written by an older server')
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60_000)
    await fs.utimes(staleLoose, twoDaysAgo, twoDaysAgo)
    const exists = (file: string) =>
      fs.stat(file).then(
        () => true,
        () => false,
      )
    const opened = await LocalStore.open({
      dataDir: server.database.dataDir,
      publicUrl: server.url,
      db: server.app.db,
    })
    try {
      for (const gone of [
        owners.crashed,
        owners.earlierLife,
        owners.silentElsewhere,
        owners.silentOtherNamespace,
      ]) {
        expect(await exists(gone), gone).toBe(false)
      }
      expect(await exists(staleLoose)).toBe(false)
      expect(await exists(path.join(owners.running, 'a.incoming'))).toBe(true)
      expect(await exists(path.join(owners.beatingElsewhere, 'a.incoming'))).toBe(true)
      expect(await exists(freshLoose)).toBe(true)
      // The server that runs the app keeps its own directory, though its pid is this process's too.
      expect(await exists(tempDir)).toBe(true)
      expect(await exists(path.join(opened.tempDir, 'alive'))).toBe(true)
    } finally {
      await opened.close()
      for (const leftover of [...Object.values(owners), staleLoose, freshLoose]) {
        await fs.rm(leftover, { recursive: true, force: true })
      }
    }
    // Closing removes a server's own directory.
    expect(await exists(opened.tempDir)).toBe(false)
  })

  it('answers 404 for a signed GET of an object that is not stored', async () => {
    const answer = await send(await signedGet({ orgId: ORG_ID, fileHash: sha256Hex(crypto.randomBytes(8)) }))
    expect(answer.status).toBe(404)
  })

  describe('multipart', () => {
    async function uploadParts(fileHash: string, parts: ReturnType<typeof multipartContent>['parts']) {
      const key = { orgId: ORG_ID, fileHash }
      const uploadId = await store.createMultipart(key)
      for (const part of parts) {
        const signed = onServer(server, await store.signPartPut(key, uploadId, partEntry(part), 60))
        expect((await send(signed, part.bytes)).status).toBe(200)
      }
      return { key, uploadId }
    }

    it('stores and lists verified parts, refuses a tampered one, and joins them into the object', async () => {
      const content = multipartContent([4096, 4096, 1000])
      const [first, second, third] = [0, 1, 2].map((index) => nth(content.parts, index)) as [
        TestPart,
        TestPart,
        TestPart,
      ]
      const { key, uploadId } = await uploadParts(content.fileHash, [first, second])
      // Each with the digest it was verified against as it arrived.
      expect(await store.listParts(key, uploadId)).toEqual([
        { partNumber: 1, size: 4096, sha256Hex: first.sha256Hex },
        { partNumber: 2, size: 4096, sha256Hex: second.sha256Hex },
      ])

      const signedThird = onServer(server, await store.signPartPut(key, uploadId, partEntry(third), 60))
      const tampered = Buffer.from(third.bytes)
      tampered[0] = (tampered[0] as number) ^ 1
      const refused = await send(signedThird, tampered)
      expect(refused.status).toBe(400)
      expect(await refused.json()).toEqual({ error: 'checksum_mismatch' })
      expect(await store.listParts(key, uploadId)).toHaveLength(2)
      expect((await send(signedThird, third.bytes)).status).toBe(200)
      expect(await store.listParts(key, uploadId)).toEqual([
        { partNumber: 1, size: 4096, sha256Hex: first.sha256Hex },
        { partNumber: 2, size: 4096, sha256Hex: second.sha256Hex },
        { partNumber: 3, size: 1000, sha256Hex: third.sha256Hex },
      ])

      await store.completeMultipart(key, uploadId, content.parts.map(partEntry))
      expect(await store.head(key)).toEqual({ size: content.whole.length })
      const stored = await send(await signedGet(key))
      expect(Buffer.from(await stored.arrayBuffer()).equals(content.whole)).toBe(true)
      expect(await filesIn(tempDir)).toBe(0)
      expect(await filesIn(path.join(server.database.dataDir, 'uploads'))).toBe(0)
    })

    it('refuses a wrong composite hash or a missing part and keeps no object', async () => {
      const content = multipartContent([2000, 2000, 500])
      const { key, uploadId } = await uploadParts(content.fileHash, content.parts)

      const reordered = [nth(content.parts, 1), nth(content.parts, 0), nth(content.parts, 2)].map(
        (part, index) => ({
          ...partEntry(part),
          partNumber: index + 1,
        }),
      )
      await expect(store.completeMultipart(key, uploadId, reordered)).rejects.toBeInstanceOf(
        ChecksumMismatchError,
      )
      const wrongHashKey = { orgId: ORG_ID, fileHash: sha256Hex(content.whole) }
      await expect(
        store.completeMultipart(wrongHashKey, uploadId, content.parts.map(partEntry)),
      ).rejects.toThrow()
      expect(await store.head(key)).toBeUndefined()
      expect(await store.head(wrongHashKey)).toBeUndefined()

      const missing = multipartContent([1500, 1500, 100])
      const partial = await uploadParts(missing.fileHash, [nth(missing.parts, 0), nth(missing.parts, 2)])
      await expect(
        store.completeMultipart(partial.key, partial.uploadId, missing.parts.map(partEntry)),
      ).rejects.toBeInstanceOf(ChecksumMismatchError)
      expect(await store.head(partial.key)).toBeUndefined()
      expect(await filesIn(tempDir)).toBe(0)

      // The upload is still whole after a refused completion, and abort removes it.
      await store.completeMultipart(key, uploadId, content.parts.map(partEntry))
      expect(await store.head(key)).toEqual({ size: 4500 })
      await store.abortMultipart(partial.key, partial.uploadId)
      await expect(store.listParts(partial.key, partial.uploadId)).rejects.toThrow()
    })

    // Completion joins parts without hashing them again while each is the very file verified on arrival
    // (server/storage/localParts.ts); a part changed since, or without a record of its arrival, is hashed.
    const uploadDir = (uploadId: string) => path.join(server.database.dataDir, 'uploads', uploadId)
    const entriesOf = async (uploadId: string) => (await fs.readdir(uploadDir(uploadId))).sort()
    const storedBytes = async (key: { orgId: number; fileHash: string }) =>
      Buffer.from(await (await send(await signedGet(key))).arrayBuffer())

    async function damagePart(uploadId: string, partNumber: number) {
      const [name] = (await entriesOf(uploadId)).filter((entry) => entry.startsWith(`${partNumber}.`))
      const file = path.join(uploadDir(uploadId), name?.replace(/\.verified$/, '.part') ?? '')
      // Past a clock tick, so that the change is seen on kernels whose file times are coarse (before 6.13).
      await new Promise((resolve) => setTimeout(resolve, 15))
      const handle = await fs.open(file, 'r+')
      const [byte] = (await handle.read(Buffer.alloc(1), 0, 1, 0)).buffer
      await handle.write(Buffer.from([(byte as number) ^ 1]), 0, 1, 0)
      await handle.close()
    }

    async function resend(key: { orgId: number; fileHash: string }, uploadId: string, part: TestPart) {
      const signed = onServer(server, await store.signPartPut(key, uploadId, partEntry(part), 60))
      expect((await send(signed, part.bytes)).status).toBe(200)
    }

    it('records every part verified on arrival and makes them the object, uncopied, same hash', async () => {
      const content = multipartContent([3000, 3000, 700])
      const { key, uploadId } = await uploadParts(content.fileHash, content.parts)
      expect(await entriesOf(uploadId)).toEqual(
        [
          'key',
          ...content.parts.flatMap((part) => [
            `${part.partNumber}.${part.sha256Hex}.part`,
            `${part.partNumber}.${part.sha256Hex}.verified`,
          ]),
        ].sort(),
      )
      const inodes = await Promise.all(
        content.parts.map(
          async (part) =>
            (await fs.stat(path.join(uploadDir(uploadId), `${part.partNumber}.${part.sha256Hex}.part`))).ino,
        ),
      )
      await store.completeMultipart(key, uploadId, content.parts.map(partEntry))
      // The object is the very part files, linked in order: nothing was copied.
      const objectDir = `${(store as LocalStore).objectFile(key)}.parts`
      const objectFiles = (await fs.readdir(objectDir)).sort()
      expect(
        await Promise.all(objectFiles.map(async (name) => (await fs.stat(path.join(objectDir, name))).ino)),
      ).toEqual(inodes)
      expect(await store.head(key)).toEqual({ size: content.whole.length })
      const bytes = await storedBytes(key)
      expect(bytes.equals(content.whole)).toBe(true)
      // The object's bytes, cut at the part sizes, still make up the composite hash it is stored under.
      let offset = 0
      const digests = content.parts.map((part) => sha256Hex(bytes.subarray(offset, (offset += part.size))))
      expect(compositeSha256Hex(digests)).toBe(key.fileHash)
      await expect(fs.stat(uploadDir(uploadId))).rejects.toThrow()
      expect(await filesIn(tempDir)).toBe(0)

      // Ranges across the parts' boundaries, then deletion of the whole.
      for (const [start, end] of [
        [2990, 3010],
        [2999, 6000],
        [6000, 6699],
      ] as const) {
        const answer = await send(await signedGet(key), undefined, { Range: `bytes=${start}-${end}` })
        expect(answer.status).toBe(206)
        expect(answer.headers.get('content-range')).toBe(`bytes ${start}-${end}/${content.whole.length}`)
        expect(Buffer.from(await answer.arrayBuffer()).equals(content.whole.subarray(start, end + 1))).toBe(
          true,
        )
      }
      await store.delete(key)
      expect(await store.head(key)).toBeUndefined()
      expect((await send(await signedGet(key))).status).toBe(404)
      await expect(fs.stat(objectDir)).rejects.toThrow()
    })

    it('hashes a part changed on disk since verified, refuses it and keeps the upload whole', async () => {
      const content = multipartContent([3000, 3000, 700])
      const { key, uploadId } = await uploadParts(content.fileHash, content.parts)
      const before = await entriesOf(uploadId)
      await damagePart(uploadId, 2)
      await expect(
        store.completeMultipart(key, uploadId, content.parts.map(partEntry)),
      ).rejects.toBeInstanceOf(ChecksumMismatchError)
      expect(await store.head(key)).toBeUndefined()
      expect(await filesIn(tempDir)).toBe(0)
      // Completion moved or changed nothing of the upload: it can run again once the part is sent again.
      expect(await entriesOf(uploadId)).toEqual(before)
      await resend(key, uploadId, nth(content.parts, 1))
      await store.completeMultipart(key, uploadId, content.parts.map(partEntry))
      expect((await storedBytes(key)).equals(content.whole)).toBe(true)
    })

    it('hashes parts without a record of their arrival, as an earlier version stored them', async () => {
      const content = multipartContent([3000, 3000, 700])
      const { key, uploadId } = await uploadParts(content.fileHash, content.parts)
      for (const name of await entriesOf(uploadId)) {
        if (name.endsWith('.verified')) await fs.rm(path.join(uploadDir(uploadId), name))
      }
      // Without a record, only hashing can tell the damage; the damaged part is refused.
      await damagePart(uploadId, 3)
      await expect(
        store.completeMultipart(key, uploadId, content.parts.map(partEntry)),
      ).rejects.toBeInstanceOf(ChecksumMismatchError)
      await resend(key, uploadId, nth(content.parts, 2))
      expect((await entriesOf(uploadId)).filter((name) => name.endsWith('.verified'))).toHaveLength(1)
      await store.completeMultipart(key, uploadId, content.parts.map(partEntry))
      expect((await storedBytes(key)).equals(content.whole)).toBe(true)
    })

    it('completes again after a completion cut off before it removed the upload', async () => {
      const content = multipartContent([3000, 3000, 700])
      const { key, uploadId } = await uploadParts(content.fileHash, content.parts)
      const aside = path.join(server.database.dataDir, `aside-${uploadId}`)
      await fs.cp(uploadDir(uploadId), aside, { recursive: true, preserveTimestamps: true })
      await store.completeMultipart(key, uploadId, content.parts.map(partEntry))
      await fs.rename(aside, uploadDir(uploadId))
      await store.completeMultipart(key, uploadId, content.parts.map(partEntry))
      expect(await store.head(key)).toEqual({ size: content.whole.length })
      expect((await storedBytes(key)).equals(content.whole)).toBe(true)
      await expect(fs.stat(uploadDir(uploadId))).rejects.toThrow()
    })
  })
})

describe.each(databaseKinds)('local store signing key on %s', (kind) => {
  it('is shared by every server on one database', async () => {
    const database = await freshDatabase(kind)
    const servers: TestServer[] = []
    try {
      const first = await startServer(kind, { database })
      servers.push(first)
      const bytes = crypto.randomBytes(256)
      const key = { orgId: ORG_ID, fileHash: sha256Hex(bytes) }
      const put = await first.app.store.signPut(key, { sha256Hex: key.fileHash, size: 256 }, 60)
      const get = await first.app.store.signGet(key, {
        fileName: 'a.bin',
        inline: false,
        expiresInSeconds: 60,
      })
      // PGlite serves one process at a time: the second server starts after the first stops.
      if (kind === 'pglite') await servers.pop()?.close()
      const second = await startServer(kind, { database })
      servers.push(second)
      // Both servers stand behind one address, as behind a proxy (a trusted one, in tests), which names the
      // host the URL was signed for.
      const behindOneAddress = { 'x-forwarded-host': new URL(put.url).host }
      const stored = await send(onServer(second, put), bytes, behindOneAddress)
      expect(stored.status).toBe(200)
      await stored.arrayBuffer()
      const answer = await send(onServer(second, get), undefined, behindOneAddress)
      expect(answer.status).toBe(200)
      expect(Buffer.from(await answer.arrayBuffer()).equals(bytes)).toBe(true)
      const keys = await second.app.db.query<{ name: string }>('SELECT name FROM server_secret')
      expect(keys.map((row) => row.name)).toEqual(['local_store_signing'])
    } finally {
      for (const server of servers) await server.close()
      await database.drop()
    }
  })
})
