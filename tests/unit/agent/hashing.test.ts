// The agent's content hash must be the web's: the console hashes in workers (workers/sha256.ts over the
// parts of planParts), the agent streams files with Node's crypto. The same file must give the same hash
// either way, or a device's upload and the console's would be two contents.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SINGLE_PART_MAX_BYTES, isMultipart, planParts } from '../../../server/contract/parts.ts'
import { combineDigests, sha256Blob } from '../../../workers/sha256.ts'
import { hashParts } from '../../../workers/transferCore.ts'
import { ContentHasher, FileChangedError, compositeHash, hashFile } from '../../../agent/hashing.ts'

const MiB = 1024 * 1024

/** The web's hash of some bytes: one SHA-256 up to the single-part limit, the composite of the parts above. */
async function webHash(bytes: Buffer): Promise<{ file_hash: string; part_hashes: string[] | null }> {
  const blob = new Blob([new Uint8Array(bytes)])
  if (!isMultipart(bytes.length)) return { file_hash: await sha256Blob(blob), part_hashes: null }
  const ranges = planParts(bytes.length).map((part) => ({ offset: part.offset, size: part.part_size }))
  const digests = await hashParts(blob, ranges)
  return { file_hash: await combineDigests(digests), part_hashes: digests }
}

let dir: string
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'agent-hashing-'))
})
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true })
})

async function fileOf(name: string, bytes: Buffer): Promise<string> {
  const file = path.join(dir, name)
  await fs.writeFile(file, bytes)
  return file
}

describe('the agent hashes files as the web does', () => {
  it('hashes a small file as the SHA-256 of its bytes', async () => {
    const bytes = randomBytes(1000)
    const file = await fileOf('small.bin', bytes)
    const agent = await hashFile(file, bytes.length)
    expect(agent).toEqual(await webHash(bytes))
    expect(agent.part_hashes).toBeNull()
  })

  it('hashes a file of exactly the single-part limit as one part', async () => {
    const bytes = randomBytes(SINGLE_PART_MAX_BYTES)
    const file = await fileOf('limit.bin', bytes)
    const agent = await hashFile(file, bytes.length)
    expect(agent.part_hashes).toBeNull()
    expect(agent).toEqual(await webHash(bytes))
  })

  it('hashes a file over 8 MiB by the composite rule of its parts', async () => {
    const bytes = randomBytes(8 * MiB + 12_345)
    const file = await fileOf('big.bin', bytes)
    const progress: number[] = []
    const agent = await hashFile(file, bytes.length, { onProgress: (hashed) => progress.push(hashed) })
    const web = await webHash(bytes)
    expect(agent).toEqual(web)
    // Two parts: 8 MiB and the rest; the hash is not the plain SHA-256 of the bytes.
    expect(agent.part_hashes).toHaveLength(2)
    expect(agent.file_hash).not.toBe(await sha256Blob(new Blob([new Uint8Array(bytes)])))
    expect(agent.file_hash).toBe(compositeHash(agent.part_hashes ?? []))
    expect(progress.at(-1)).toBe(bytes.length)
  })

  it('cuts a 20 MiB file at the 16 MiB part size of the table', async () => {
    const bytes = randomBytes(20 * MiB)
    const file = await fileOf('twenty.bin', bytes)
    const agent = await hashFile(file, bytes.length)
    expect(agent).toEqual(await webHash(bytes))
    expect(agent.part_hashes).toHaveLength(2)
  })

  it('gives the same hash whatever the chunks the bytes arrive in (a download is hashed as it arrives)', async () => {
    const bytes = randomBytes(8 * MiB + 3)
    const expected = await webHash(bytes)
    for (const chunkSize of [1, 7 * 1024 * 1024 + 5, 8 * MiB, 8 * MiB + 3]) {
      const hasher = new ContentHasher(bytes.length)
      // One-byte chunks only around the boundary keep the test fast while crossing it byte by byte.
      if (chunkSize === 1) {
        hasher.update(bytes.subarray(0, 8 * MiB - 2))
        for (let offset = 8 * MiB - 2; offset < bytes.length; offset++)
          hasher.update(bytes.subarray(offset, offset + 1))
      } else {
        for (let offset = 0; offset < bytes.length; offset += chunkSize) {
          hasher.update(bytes.subarray(offset, offset + chunkSize))
        }
      }
      expect(hasher.digest()).toEqual(expected)
    }
  })

  it('refuses bytes that are not the size it was told (a file that changed while read)', async () => {
    const bytes = randomBytes(100)
    const file = await fileOf('changing.bin', bytes)
    await expect(hashFile(file, 99)).rejects.toThrow(FileChangedError)
    await expect(hashFile(file, 101)).rejects.toThrow(FileChangedError)
    const hasher = new ContentHasher(10)
    hasher.update(Buffer.alloc(5))
    expect(() => hasher.digest()).toThrow(FileChangedError)
  })

  it('refuses an empty part list', () => {
    expect(() => compositeHash([])).toThrow(RangeError)
  })
})
