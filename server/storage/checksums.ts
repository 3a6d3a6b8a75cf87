// The content hashes of stored objects (server/contract/parts.ts): a single-part object's hash is the SHA-256
// of its bytes; a multipart object's is the SHA-256 of its parts' binary SHA-256 digests, concatenated in
// order, which is how S3 builds a COMPOSITE SHA-256 checksum.
import crypto from 'node:crypto'
import { SHA256_HEX_PATTERN } from '../contract/parts.ts'
import { Transform, type TransformCallback } from 'node:stream'
import { ChecksumMismatchError } from './store.ts'

export function compositeSha256Hex(partDigestsHex: readonly string[]): string {
  const hash = crypto.createHash('sha256')
  for (const digest of partDigestsHex) hash.update(Buffer.from(digest, 'hex'))
  return hash.digest('hex')
}

/** The base64 form S3 carries in x-amz-checksum-sha256. */
export function sha256HexToBase64(sha256Hex: string): string {
  return Buffer.from(sha256Hex, 'hex').toString('base64')
}

/**
 * Passes bytes through while hashing and counting them; stops the stream with a SizeExceededError as soon
 * as more than maxBytes arrive, so an oversized body is refused without being written out.
 */
export class HashingCounter extends Transform {
  private readonly hash = crypto.createHash('sha256')
  bytes = 0

  constructor(private readonly maxBytes = Number.POSITIVE_INFINITY) {
    super()
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length
    if (this.bytes > this.maxBytes) return done(new SizeExceededError())
    this.hash.update(chunk)
    done(null, chunk)
  }

  /** The hex digest; call once, after the stream finished. */
  digestHex(): string {
    return this.hash.digest('hex')
  }
}

export class SizeExceededError extends Error {
  override name = 'SizeExceededError'
}

/**
 * Hashes a stream in consecutive slices of the given sizes (a multipart object read back), answering each
 * slice's digest, the digest of the whole and the byte count, and passes the bytes on. Bytes past the last
 * slice count towards the whole only.
 */
export class PartHasher extends Transform {
  private readonly whole = crypto.createHash('sha256')
  private part = crypto.createHash('sha256')
  private partIndex = 0
  private partFill = 0
  readonly partDigestsHex: string[] = []
  bytes = 0

  constructor(private readonly partSizes: readonly number[]) {
    super()
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length
    this.whole.update(chunk)
    let offset = 0
    while (offset < chunk.length && this.partIndex < this.partSizes.length) {
      const partSize = this.partSizes[this.partIndex] as number
      const take = Math.min(partSize - this.partFill, chunk.length - offset)
      this.part.update(chunk.subarray(offset, offset + take))
      offset += take
      this.partFill += take
      if (this.partFill === partSize) this.closePart()
    }
    done(null, chunk)
  }

  override _flush(done: TransformCallback): void {
    // A zero-sized last part (never planned, but harmless) closes here.
    while (this.partIndex < this.partSizes.length && this.partSizes[this.partIndex] === this.partFill) {
      this.closePart()
    }
    done()
  }

  private closePart(): void {
    this.partDigestsHex.push(this.part.digest('hex'))
    this.part = crypto.createHash('sha256')
    this.partIndex += 1
    this.partFill = 0
  }

  wholeDigestHex(): string {
    return this.whole.digest('hex')
  }
}

export interface ExpectedPart {
  partNumber: number
  sha256Hex: string
  size: number
}

const MAX_PART_NUMBER = 10_000

export const isValidPartNumber = (partNumber: number) =>
  Number.isInteger(partNumber) && partNumber >= 1 && partNumber <= MAX_PART_NUMBER

/** The part list of a completion: part numbers ascending without repeats, each with a SHA-256 and a size. */
export function assertPartList(parts: readonly ExpectedPart[]): void {
  if (parts.length === 0) throw new ChecksumMismatchError('a multipart object needs at least one part')
  parts.forEach((part, index) => {
    const previous = parts[index - 1]
    if (
      !isValidPartNumber(part.partNumber) ||
      (previous && part.partNumber <= previous.partNumber) ||
      !SHA256_HEX_PATTERN.test(part.sha256Hex) ||
      !Number.isSafeInteger(part.size) ||
      part.size < 0
    ) {
      throw new ChecksumMismatchError(`part ${part.partNumber} is not a valid entry of the part list`)
    }
  })
}
