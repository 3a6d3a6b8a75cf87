import { createHash } from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PART_SIZE_TABLE, planParts } from '../../server/contract/parts.ts'
import { isRangedDownload, planRanges } from '../../src/transfers/downloadRanges.ts'
import { DOWNLOAD_RANGED_MIN_RANGES, DOWNLOAD_RANGE_BYTES } from '../../src/transfers/limits.ts'
import {
  STAGING_DIRECTORY,
  downloadRangesToStaging,
  verifyStaged,
  type FolderLike,
} from '../../workers/downloadFiles.ts'
import { StagedPartDigests } from '../../workers/stagedPartDigests.ts'
import type { PartDigests } from '../../workers/transferCore.ts'
import { FakeFile, FakeFs, type FakeDir } from './fakeFileSystem.ts'
import { content, rangeStore } from './storeFixtures.ts'

const MiB = 1024 * 1024
const CHUNK = 256 * 1024
/** Three parts of 16 MiB, the last one short. */
const SIZE = 40 * MiB + 5
/** Ranges smaller than a part, as the end-to-end tests use: four to a part. */
const R = 4 * MiB

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest()
const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** The specification's hash of a multipart file, computed here independently. */
function compositeOf(bytes: Uint8Array): string {
  const parts = planParts(bytes.length).map((part) =>
    bytes.subarray(part.offset, part.offset + part.part_size),
  )
  return sha256Hex(Buffer.concat(parts.map(sha256)))
}

const partHexes = (bytes: Uint8Array) =>
  planParts(bytes.length).map((part) => sha256Hex(bytes.subarray(part.offset, part.offset + part.part_size)))

const asFolder = (dir: FakeDir) => dir as unknown as FolderLike

/** Fetches the ranges of the given indexes (out of order) into the staging file of key 'k'. */
async function fetchRanges(opfs: FakeFs, bytes: Uint8Array<ArrayBuffer>, indexes: number[]) {
  const all = planRanges(bytes.length, R)
  const queue = indexes.map((index) => {
    const range = all[index]
    if (!range) throw new Error(`no range ${index}`)
    return { ...range, from: range.start, url: 'https://store.example/o' }
  })
  return downloadRangesToStaging(
    rangeStore(bytes, { chunk: CHUNK }).fetchFn,
    asFolder(opfs.root),
    'k',
    bytes.length,
    3,
    60_000,
    async () => queue.shift() ?? null,
    () => undefined,
  )
}

/** Verifies the staged file, counting the bytes hashed again and WebCrypto's digests on the way. */
async function verifyCounting(opfs: FakeFs, hash: string, known: PartDigests) {
  const digest = vi.spyOn(crypto.subtle, 'digest')
  let hashed = 0
  try {
    const good = await verifyStaged(
      asFolder(opfs.root),
      'k',
      SIZE,
      hash,
      (bytes) => (hashed = Math.max(hashed, bytes)),
      known,
    )
    return { good, hashed, digests: digest.mock.calls.length }
  } finally {
    digest.mockRestore()
  }
}

describe('digests of parts taken while a ranged download runs', () => {
  const bytes = content(SIZE, 3)
  const ranges = planRanges(SIZE, R).map((range) => range.index)

  afterEach(() => vi.restoreAllMocks())

  it('fits the plans: a part of a ranged file is whole ranges of DOWNLOAD_RANGE_BYTES', () => {
    // Every file fetched in ranges is past the first rows of the table, and every part size from there on is
    // a multiple of the range: a range never spans two parts, so a part is whole once its ranges are done.
    const smallestRanged = DOWNLOAD_RANGED_MIN_RANGES * DOWNLOAD_RANGE_BYTES
    expect(isRangedDownload(smallestRanged, DOWNLOAD_RANGE_BYTES)).toBe(true)
    const rows = PART_SIZE_TABLE.filter((row) => row.upToBytes >= smallestRanged)
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) expect(row.partSize % DOWNLOAD_RANGE_BYTES, `${row.partSize}`).toBe(0)
    for (const size of [smallestRanged, smallestRanged + 1, 7.5 * 1024 * MiB + 1]) {
      for (const part of planParts(size)) expect(part.offset % DOWNLOAD_RANGE_BYTES).toBe(0)
    }
  })

  it("equal each part's SHA-256, read back once from the file, and verification hashes nothing again", async () => {
    const opfs = new FakeFs(true)
    const digests = await fetchRanges(opfs, bytes, [...ranges].reverse())
    expect(digests).toEqual(partHexes(bytes))
    // Each part was read back once, whole.
    expect(opfs.bytesRead).toBe(SIZE)
    const check = await verifyCounting(opfs, compositeOf(bytes), digests)
    expect(check.good).toBe(true)
    expect(check.hashed).toBe(0)
    // Only the digest over the parts' digests.
    expect(check.digests).toBe(1)
  })

  it('after a reload, verification hashes only the parts that lacked a digest', async () => {
    const opfs = new FakeFs(true)
    // The first try (before the reload) writes part 1 whole and one range of part 2: its digests are lost.
    await fetchRanges(opfs, bytes, [0, 1, 2, 3, 4])
    const digests = await fetchRanges(opfs, bytes, ranges.slice(5))
    // Part 2 was written across both tries, so this one does not know it whole: only part 3 has a digest.
    expect(digests).toEqual([null, null, partHexes(bytes)[2]])
    const check = await verifyCounting(opfs, compositeOf(bytes), digests)
    expect(check.good).toBe(true)
    expect(check.hashed).toBe(32 * MiB)
  })

  it('still fail on a wrong byte, though each part was digested as it arrived', async () => {
    const wrong = bytes.slice()
    wrong[20 * MiB] = ((wrong[20 * MiB] ?? 0) + 1) & 255
    const opfs = new FakeFs(true)
    const digests = await fetchRanges(opfs, wrong, ranges)
    const check = await verifyCounting(opfs, compositeOf(bytes), digests)
    expect(check.good).toBe(false)
    expect(check.hashed).toBe(0)
    expect((await opfs.root.getDirectoryHandle(STAGING_DIRECTORY)).entries.has('k')).toBe(false)
  })

  it('are of the bytes on disk: a byte the file system got wrong fails though the right one arrived', async () => {
    const writeAt = FakeFile.prototype.writeAt
    vi.spyOn(FakeFile.prototype, 'writeAt').mockImplementation(function (this: FakeFile, at, data) {
      const spoilt = data.slice()
      const inside = 30 * MiB - at
      if (inside >= 0 && inside < spoilt.length) spoilt[inside] = ((spoilt[inside] ?? 0) + 1) & 255
      writeAt.call(this, at, spoilt)
    })
    const opfs = new FakeFs(true)
    const digests = await fetchRanges(opfs, bytes, ranges)
    // The second part's digest is of what the file holds, not of what the store sent.
    expect(digests[1]).not.toBe(partHexes(bytes)[1])
    expect(digests[0]).toBe(partHexes(bytes)[0])
    expect((await verifyCounting(opfs, compositeOf(bytes), digests)).good).toBe(false)
  })

  it('are left to verification for parts larger than the buffer, and for a single-part file', async () => {
    const read = vi.fn(() => 0)
    const large = new StagedPartDigests(SIZE, read, 8 * MiB)
    large.rangeWhole(0, 0, SIZE)
    expect(await large.settled()).toEqual([])
    const single = new StagedPartDigests(8 * MiB, read)
    single.rangeWhole(0, 0, 8 * MiB)
    expect(await single.settled()).toEqual([])
    expect(read).not.toHaveBeenCalled()
  })
})
