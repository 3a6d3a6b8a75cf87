import { createHash, randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { compositeHash, hashPartsInParallel } from '../../src/transfers/partHashing.ts'
import { planParts } from '../../src/transfers/limits.ts'
import { WHOLE_BUFFER_LIMIT } from '../../workers/sha256.ts'
import { FakeWorkers } from './transferFakes.ts'

const MiB = 1024 * 1024
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

describe("a file's parts hashed across the pool", () => {
  let workers: FakeWorkers | undefined
  afterEach(() => workers?.pool.close())

  it('gives each part its digest, tells each as it comes, and counts every byte once', async () => {
    workers = new FakeWorkers(4)
    const bytes = randomBytes(2 * MiB + 5 + WHOLE_BUFFER_LIMIT + 3)
    // Whole parts of various sizes, and one above the whole-buffer limit, streamed.
    const sizes = [MiB, 5, MiB, WHOLE_BUFFER_LIMIT + 3]
    let offset = 0
    const parts = sizes.map((part_size, index) => {
      const part = { part_num: index + 1, offset, part_size }
      offset += part_size
      return part
    })
    const progress: number[] = []
    const told = new Map<number, string>()
    const digests = await hashPartsInParallel(workers.pool, 'item', new Blob([bytes]), parts, {
      onProgress: (hashed) => progress.push(hashed),
      onPart: (partNum, digest) => told.set(partNum, digest),
    })
    const expected = parts.map((part) => sha256(bytes.subarray(part.offset, part.offset + part.part_size)))
    expect(digests).toEqual(expected)
    expect([...told.entries()].sort(([a], [b]) => a - b)).toEqual(
      expected.map((digest, i) => [i + 1, digest]),
    )
    expect(progress.at(-1)).toBe(bytes.length)
    expect(progress.every((value, index) => index === 0 || value >= (progress[index - 1] ?? 0))).toBe(true)
  })

  it("gives a multipart file's composite hash, as the server computes it", async () => {
    workers = new FakeWorkers(4)
    const bytes = randomBytes(3 * 16 * MiB + 7)
    const plan = planParts(bytes.length)
    const joined = Buffer.concat(
      plan.map((part) =>
        createHash('sha256')
          .update(bytes.subarray(part.offset, part.offset + part.part_size))
          .digest(),
      ),
    )
    expect(await compositeHash(workers.pool, 'item', new Blob([bytes]))).toBe(sha256(joined))
  })
})
