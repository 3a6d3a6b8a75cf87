// The parts of the local store's multipart uploads on disk, how completion makes them the object without
// reading them twice, and how an object stored as parts is read. A part file is named by the SHA-256 it was
// verified against on arrival (<part number>.<sha256>.part) and only ever reaches that name by an atomic
// rename after the check. Beside it, <part number>.<sha256>.verified records the file as it was right after
// that rename: inode, size, change and modification times.
//
// Completion trusts the arrival digest of a part that is still that very file (same record): the part
// files are the server's own, written nowhere else, and a file changed in place or replaced since has
// another change time or inode (on kernels with multigrain timestamps, 6.13 and later, even a change
// within the same clock tick: the record's stat asks for it). Such a part, and a part without a record
// (received by an earlier version, or cut off between its rename and its record), is hashed as before.
//
// The object is then its parts, not a copy of them: they are hard-linked, in order, into a new directory in
// the server's temporary directory, which is renamed to objects/<org id>/<xx>/<hash>.parts/ in one step.
// Nothing under uploads/ is moved or changed until that directory is in place: a crash in the middle of
// completion leaves the upload whole (and a staging directory the temporary directory's sweep removes), and
// completion can run again.
import crypto from 'node:crypto'
import { createReadStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../privateFiles.ts'
import { ChecksumMismatchError } from './store.ts'

const PART_ENTRY_PATTERN = /^(\d+)\.([0-9a-f]{64})\.(part|verified)$/
/** Large reads keep hashing and serving near the disk's speed. */
const READ_CHUNK_BYTES = 1024 * 1024

export interface PartRef {
  partNumber: number
  sha256Hex: string
}

export const partFileName = (part: PartRef) => `${part.partNumber}.${part.sha256Hex}.part`
export const partRecordName = (part: PartRef) => `${part.partNumber}.${part.sha256Hex}.verified`

/** A part file or a part's record, by the name partFileName or partRecordName gave it. */
export function parsePartEntry(name: string): (PartRef & { isRecord: boolean }) | undefined {
  const match = PART_ENTRY_PATTERN.exec(name)
  if (!match) return undefined
  return { partNumber: Number(match[1]), sha256Hex: match[2] as string, isRecord: match[3] === 'verified' }
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT'

async function identityOf(file: string): Promise<string> {
  const stat = await fs.stat(file, { bigint: true })
  return JSON.stringify({
    ino: String(stat.ino),
    size: String(stat.size),
    ctimeNs: String(stat.ctimeNs),
    mtimeNs: String(stat.mtimeNs),
  })
}

/**
 * Records the part file just verified and renamed into place. The record is written to tempFile and renamed
 * beside the part, so a record is whole or absent.
 */
export async function recordVerifiedPart(partFile: string, recordFile: string, tempFile: string) {
  try {
    await fs.writeFile(tempFile, await identityOf(partFile), { flag: 'wx', mode: PRIVATE_FILE_MODE })
    await fs.rename(tempFile, recordFile)
  } catch (error) {
    // The upload was completed or aborted meanwhile: there is no part left to record.
    if (!isMissing(error)) throw error
  } finally {
    await fs.rm(tempFile, { force: true })
  }
}

/** True when the part file is still the file its record describes, so its name's digest holds. */
export async function isAsVerified(partFile: string, recordFile: string): Promise<boolean> {
  let recorded: string
  try {
    recorded = await fs.readFile(recordFile, 'utf8')
  } catch (error) {
    if (isMissing(error)) return false
    throw error
  }
  return recorded === (await identityOf(partFile))
}

export interface JoinedPart extends PartRef {
  file: string
  size: number
  /** The file is as verified on arrival: its name's digest holds without reading it. */
  asVerified: boolean
}

/**
 * Hashes the parts not known to be as verified (one at a time: each is read once, and only these are read).
 * Throws ChecksumMismatchError when one no longer has its digest or size.
 */
export async function assertPartsIntact(parts: readonly JoinedPart[]): Promise<void> {
  for (const part of parts) {
    if (part.asVerified) continue
    const hash = crypto.createHash('sha256')
    let size = 0
    for await (const chunk of createReadStream(part.file, { highWaterMark: READ_CHUNK_BYTES })) {
      hash.update(chunk as Buffer)
      size += (chunk as Buffer).length
    }
    if (size !== part.size || hash.digest('hex') !== part.sha256Hex) {
      throw new ChecksumMismatchError(`the stored part ${part.partNumber} no longer matches its SHA-256`)
    }
  }
}

/**
 * Hard-links the parts, in order, into a new directory: the object's parts, shared with the upload until it
 * is removed, so nothing is copied and the upload stays whole until the directory is in place.
 */
export async function linkParts(parts: readonly JoinedPart[], dir: string): Promise<void> {
  await fs.mkdir(dir, { mode: PRIVATE_DIR_MODE })
  for (const [index, part] of parts.entries()) {
    await fs.link(part.file, path.join(dir, objectPartName(index)))
  }
}

/** Names sort in the parts' order: up to 10,000 parts. */
const objectPartName = (index: number) => `${String(index + 1).padStart(5, '0')}.part`
const OBJECT_PART_PATTERN = /^\d{5}\.part$/

export interface ObjectPart {
  file: string
  size: number
}

/** The parts of an object stored as parts, in order; undefined when there is no such object. */
export async function objectParts(dir: string): Promise<ObjectPart[] | undefined> {
  let names: string[]
  try {
    names = await fs.readdir(dir)
  } catch (error) {
    if (isMissing(error)) return undefined
    throw error
  }
  const parts = []
  for (const name of names.filter((entry) => OBJECT_PART_PATTERN.test(entry)).sort()) {
    const file = path.join(dir, name)
    parts.push({ file, size: (await fs.stat(file)).size })
  }
  return parts
}

/** The bytes start to end (inclusive) of an object stored as parts. */
export function readParts(parts: readonly ObjectPart[], start: number, end: number): Readable {
  async function* bytes(): AsyncGenerator<Buffer> {
    let offset = 0
    for (const part of parts) {
      const first = Math.max(start, offset)
      const last = Math.min(end, offset + part.size - 1)
      if (first <= last) {
        const stream = createReadStream(part.file, {
          start: first - offset,
          end: last - offset,
          highWaterMark: READ_CHUNK_BYTES,
        })
        yield* stream as AsyncIterable<Buffer>
      }
      offset += part.size
    }
  }
  return Readable.from(bytes(), { objectMode: false })
}
