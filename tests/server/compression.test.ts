// Compression over real HTTP: the build's files go precompressed (brotli or gzip by Accept-Encoding, the
// identity when neither is accepted), JSON answers above the threshold are compressed on the fly, and a
// stored object's bytes, whole or in a range, go as they are.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompress } from '../../scripts/build.mjs'
import { COMPRESS_MIN_BYTES, negotiateEncoding } from '../../server/http/compression.ts'
import { send, sha256Hex } from './helpers/objects.ts'
import { startServer, type TestServer } from './helpers/server.ts'

// Text that compresses, several kilobytes of it: a chunk and a shell the size of real ones.
const chunk = Array.from({ length: 300 }, (_, i) => `export const value${i} = 'value number ${i}'`).join('\n')
const shell = `<!doctype html><title>shell</title>${'<link rel="modulepreload" href="/assets/a.js">'.repeat(40)}`

async function writeBuiltApp(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-console-compressed-'))
  await fs.mkdir(path.join(dir, 'assets'))
  await fs.writeFile(path.join(dir, 'index.html'), shell)
  await fs.writeFile(path.join(dir, 'assets', 'index-abc123.js'), chunk)
  await fs.writeFile(path.join(dir, 'assets', 'tiny-abc123.js'), 'export {}')
  await precompress(dir)
  return dir
}

/** A GET with exactly this Accept-Encoding (fetch would otherwise send its own). */
async function get(url: string, acceptEncoding: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers: { 'accept-encoding': acceptEncoding, ...headers } })
  // fetch decodes br and gzip itself: the body is what the app reads, whatever went over the wire.
  const body = Buffer.from(await response.arrayBuffer())
  return { response, coding: response.headers.get('content-encoding'), body }
}

describe('compression', () => {
  let server: TestServer
  let appDir: string
  beforeAll(async () => {
    appDir = await writeBuiltApp()
    server = await startServer('pglite', { appDir })
  })
  afterAll(async () => {
    await server?.close()
    await fs.rm(appDir, { recursive: true, force: true })
  })

  it('writes a brotli and a gzip copy beside each file worth compressing, and none beside a tiny one', async () => {
    const assets = await fs.readdir(path.join(appDir, 'assets'))
    expect(assets.sort()).toEqual([
      'index-abc123.js',
      'index-abc123.js.br',
      'index-abc123.js.gz',
      'tiny-abc123.js',
    ])
    const br = await fs.readFile(path.join(appDir, 'assets', 'index-abc123.js.br'))
    expect(zlib.brotliDecompressSync(br).toString()).toBe(chunk)
    expect(br.length).toBeLessThan(chunk.length / 4)
  })

  it.each([
    ['br', 'gzip, deflate, br'],
    ['gzip', 'gzip'],
    ['gzip', 'br;q=0, gzip'],
  ])('sends a built chunk in %s for Accept-Encoding: %s', async (coding, accept) => {
    const { response, body } = await get(`${server.url}/assets/index-abc123.js`, accept)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-encoding')).toBe(coding)
    expect(response.headers.get('vary')?.toLowerCase()).toContain('accept-encoding')
    expect(response.headers.get('content-type')).toContain('javascript')
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(body.toString()).toBe(chunk)
  })

  it('sends the identity when no coding is accepted, still varying on Accept-Encoding', async () => {
    const { response, coding, body } = await get(`${server.url}/assets/index-abc123.js`, 'identity')
    expect(coding).toBeNull()
    expect(response.headers.get('vary')?.toLowerCase()).toContain('accept-encoding')
    expect(body.toString()).toBe(chunk)
  })

  it('sends the shell of an app route compressed, never cached', async () => {
    const { response, coding, body } = await get(`${server.url}/home/Media/folder/`, 'br')
    expect(coding).toBe('br')
    expect(response.headers.get('content-type')).toContain('text/html')
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(body.toString()).toBe(shell)
  })

  it('compresses a JSON answer above the threshold in the coding asked for', async () => {
    const plain = await get(`${server.url}/api/1/openapi.json`, 'identity')
    expect(plain.coding).toBeNull()
    expect(plain.body.length).toBeGreaterThan(COMPRESS_MIN_BYTES)
    expect(plain.response.headers.get('vary')?.toLowerCase()).toContain('accept-encoding')
    for (const coding of ['br', 'gzip']) {
      const { response, body } = await get(`${server.url}/api/1/openapi.json`, coding)
      expect(response.headers.get('content-encoding'), coding).toBe(coding)
      expect(response.headers.get('vary')?.toLowerCase(), coding).toContain('accept-encoding')
      expect(response.headers.get('cache-control'), coding).toBe('no-store')
      expect(body.equals(plain.body), coding).toBe(true)
    }
  })

  it('sends a small JSON answer as it is', async () => {
    const { response, coding } = await get(`${server.url}/healthz`, 'br, gzip')
    expect(response.status).toBe(200)
    expect(coding).toBeNull()
    expect(Number(response.headers.get('content-length'))).toBeLessThan(COMPRESS_MIN_BYTES)
  })

  it("never compresses a stored object's bytes, whole or a range, JSON though they are", async () => {
    const bytes = Buffer.from(JSON.stringify({ rows: Array.from({ length: 400 }, (_, i) => ({ i })) }))
    const key = { orgId: 7, fileHash: sha256Hex(bytes) }
    const store = server.app.store
    const onServer = (url: string) => `${server.url}${new URL(url).pathname}${new URL(url).search}`
    const put = await store.signPut(key, { sha256Hex: key.fileHash, size: bytes.length }, 60)
    expect((await send({ ...put, url: onServer(put.url) }, bytes)).status).toBe(200)
    const signed = await store.signGet(key, { fileName: 'rows.json', inline: false, expiresInSeconds: 60 })

    const whole = await get(onServer(signed.url), 'br, gzip')
    expect(whole.response.status).toBe(200)
    expect(whole.coding).toBeNull()
    expect(whole.response.headers.get('content-length')).toBe(String(bytes.length))
    expect(whole.body.equals(bytes)).toBe(true)

    const range = await get(onServer(signed.url), 'br, gzip', { range: 'bytes=100-2099' })
    expect(range.response.status).toBe(206)
    expect(range.coding).toBeNull()
    expect(range.body.equals(bytes.subarray(100, 2100))).toBe(true)
  })
})

describe('Accept-Encoding negotiation', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['gzip;q=1, *;q=0', 'gzip'],
    ['deflate', undefined],
  ])('%s gives %s', (header, coding) => {
    expect(negotiateEncoding(header)).toBe(coding)
  })
})
