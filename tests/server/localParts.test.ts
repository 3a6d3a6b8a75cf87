// The local store's parts on disk: a record tells a part file still as verified on arrival from one changed
// or replaced since, completion hashes only the parts without that assurance, and an object is its parts.
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  assertPartsIntact,
  isAsVerified,
  linkParts,
  objectParts,
  parsePartEntry,
  partFileName,
  partRecordName,
  readParts,
  recordVerifiedPart,
} from '../../server/storage/localParts.ts'
import { ChecksumMismatchError } from '../../server/storage/store.ts'
import { sha256Hex } from './helpers/objects.ts'

/** Past a clock tick, so that a change is seen on kernels whose file times are coarse (before 6.13). */
const pastClockTick = () => new Promise((resolve) => setTimeout(resolve, 15))

describe('local store parts', () => {
  let dir: string
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'local-parts-'))
  })
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true })
  })

  /** A part file as the store keeps it once verified, with its record. */
  async function verifiedPart(partNumber: number, bytes: Buffer) {
    const part = { partNumber, sha256Hex: sha256Hex(bytes), size: bytes.length }
    const file = path.join(dir, partFileName(part))
    const record = path.join(dir, partRecordName(part))
    await fs.writeFile(file, bytes)
    await recordVerifiedPart(file, record, path.join(dir, `${partNumber}.incoming`))
    return { ...part, file, record }
  }

  it('names parts and their records by part number and digest', () => {
    const part = { partNumber: 12, sha256Hex: 'a'.repeat(64) }
    expect(parsePartEntry(partFileName(part))).toEqual({ ...part, isRecord: false })
    expect(parsePartEntry(partRecordName(part))).toEqual({ ...part, isRecord: true })
    expect(parsePartEntry('key')).toBeUndefined()
    expect(parsePartEntry(`12.${'a'.repeat(63)}.part`)).toBeUndefined()
  })

  it('knows a part as verified until it is changed or replaced, and never without a record', async () => {
    const bytes = crypto.randomBytes(4096)
    const kept = await verifiedPart(1, bytes)
    expect(await isAsVerified(kept.file, kept.record)).toBe(true)
    expect(await fs.readdir(dir)).not.toContain('1.incoming')

    const changed = await verifiedPart(2, bytes)
    await pastClockTick()
    const handle = await fs.open(changed.file, 'r+')
    await handle.write(Buffer.from([(bytes[0] as number) ^ 1]), 0, 1, 0)
    await handle.close()
    expect((await fs.stat(changed.file)).size).toBe(bytes.length)
    expect(await isAsVerified(changed.file, changed.record)).toBe(false)

    const replaced = await verifiedPart(3, bytes)
    await fs.writeFile(path.join(dir, 'other'), bytes)
    await fs.rename(path.join(dir, 'other'), replaced.file)
    expect(await isAsVerified(replaced.file, replaced.record)).toBe(false)

    const unrecorded = await verifiedPart(4, bytes)
    await fs.rm(unrecorded.record)
    expect(await isAsVerified(unrecorded.file, unrecorded.record)).toBe(false)
  })

  it('hashes only the parts not known as verified', async () => {
    const first = crypto.randomBytes(3 * 1024 * 1024 + 5)
    const second = crypto.randomBytes(1000)
    const one = await verifiedPart(1, first)
    const two = await verifiedPart(2, second)
    // A digest the bytes do not have passes unnoticed when the part is known as verified: it is not read.
    const wrongDigest = sha256Hex(crypto.randomBytes(8))
    await assertPartsIntact([
      { ...one, asVerified: true },
      { ...two, asVerified: true, sha256Hex: wrongDigest },
    ])
    await assertPartsIntact([
      { ...one, asVerified: false },
      { ...two, asVerified: false },
    ])
    await expect(
      assertPartsIntact([
        { ...one, asVerified: false },
        { ...two, asVerified: false, sha256Hex: wrongDigest },
      ]),
    ).rejects.toBeInstanceOf(ChecksumMismatchError)
    await expect(
      assertPartsIntact([{ ...two, asVerified: false, size: second.length + 1 }]),
    ).rejects.toBeInstanceOf(ChecksumMismatchError)
  })

  it('links the parts in order without copying them, and reads any range across them', async () => {
    const pieces = [5000, 1, 0, 70_000, 3, 4096, 12_345].map((size) => crypto.randomBytes(size))
    const whole = Buffer.concat(pieces)
    const parts = await Promise.all(pieces.map((bytes, index) => verifiedPart(index + 1, bytes)))
    const objectDir = path.join(dir, 'object.parts')
    await linkParts(
      parts.map((part) => ({ ...part, asVerified: true })),
      objectDir,
    )
    expect(await objectParts(path.join(dir, 'no-such-object.parts'))).toBeUndefined()
    const linked = (await objectParts(objectDir)) ?? []
    expect(linked.map((part) => part.size)).toEqual(pieces.map((bytes) => bytes.length))
    for (const [index, part] of linked.entries()) {
      expect((await fs.stat(part.file)).ino).toBe((await fs.stat(parts[index]?.file ?? '')).ino)
    }

    const read = async (start: number, end: number) => {
      const chunks: Buffer[] = []
      for await (const chunk of readParts(linked, start, end)) chunks.push(chunk as Buffer)
      return Buffer.concat(chunks)
    }
    expect((await read(0, whole.length - 1)).equals(whole)).toBe(true)
    for (const [start, end] of [
      [0, 0],
      [4999, 5001],
      [5000, 5000],
      [5001, 75_000],
      [75_001, 75_004],
      [whole.length - 1, whole.length - 1],
    ] as const) {
      expect((await read(start, end)).equals(whole.subarray(start, end + 1))).toBe(true)
    }
  })
})
