import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from './support/fixtures.ts'

const MiB = 1024 * 1024

// A single-part file is hashed as one part in the transfer pool (src/transfers/partHashing.ts), so these are
// the digests an upload registers. Sizes on both sides of the worker's whole-buffer limit (16 MiB): WebCrypto
// below, hash-wasm streaming above.
const cases = [
  { name: 'an empty file', size: 0 },
  { name: 'a small file', size: MiB + 3 },
  { name: 'a file at the whole-buffer limit', size: 16 * MiB },
  { name: 'a large streamed file', size: 40 * MiB + 5 },
]

function writeFile(dir: string, size: number): string {
  const file = path.join(dir, `file-${size}.bin`)
  const bytes = crypto.randomBytes(size)
  fs.writeFileSync(file, bytes)
  return file
}

test.describe('hashing in the transfer pool', () => {
  let dir: string
  test.beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-console-hash-'))
  })
  test.afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true })
  })

  test('hashes files in Chromium exactly as Node does', async ({ page, consoleErrors }) => {
    await page.addInitScript(() => {
      window.__MEDIA_CONSOLE_TEST__ = true
    })
    await page.goto('/')
    await page.evaluate(() => {
      const input = document.createElement('input')
      input.type = 'file'
      input.id = 'hash-input'
      document.body.append(input)
    })
    for (const { name, size } of cases) {
      const file = writeFile(dir, size)
      const expected = crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex')
      await page.setInputFiles('#hash-input', file)
      const actual = await page.evaluate(() => {
        const picked = (document.getElementById('hash-input') as HTMLInputElement).files?.[0]
        if (!picked || !window.mediaConsoleTest) throw new Error('no file or no test hook')
        return window.mediaConsoleTest.hashParts(picked, [{ offset: 0, size: picked.size }])
      })
      expect(actual, name).toEqual([expected])
    }
    // The work ran in the pool's workers, which stay bounded (HASH_MAX_WORKERS, src/transfers/pool.ts).
    const poolSize = await page.evaluate(() => window.mediaConsoleTest?.transferPoolSize())
    expect(poolSize).toBeGreaterThanOrEqual(1)
    expect(poolSize).toBeLessThanOrEqual(8)
    expect(consoleErrors).toEqual([])
  })

  test('hashes several files at once across the pool', async ({ page }) => {
    await page.addInitScript(() => {
      window.__MEDIA_CONSOLE_TEST__ = true
    })
    await page.goto('/')
    const results = await page.evaluate(async () => {
      const hook = window.mediaConsoleTest
      if (!hook) throw new Error('no test hook')
      const blobs = Array.from({ length: 6 }, (_, i) => new Blob([new Uint8Array(2 * 1024 * 1024).fill(i)]))
      const digests = await Promise.all(
        blobs.map((blob) => hook.hashParts(blob, [{ offset: 0, size: blob.size }])),
      )
      return digests.flat()
    })
    const expected = Array.from({ length: 6 }, (_, i) =>
      crypto
        .createHash('sha256')
        .update(Buffer.alloc(2 * MiB, i))
        .digest('hex'),
    )
    expect(results).toEqual(expected)
  })
})
