// A file's content hash by the wire's rule (server/contract/parts.ts): up to SINGLE_PART_MAX_BYTES, the
// SHA-256 of its bytes; above, the SHA-256 of its parts' binary SHA-256 digests concatenated in order, the
// parts cut by planParts. The same hasher checks downloads as they arrive, so a file is read once either way
// and never held in memory whole.
import crypto from 'node:crypto'
import fs from 'node:fs'
import { isMultipart, planParts } from '../server/contract/parts.ts'

export interface ContentHash {
  file_hash: string
  /** Each part's SHA-256 hex for a multipart file (the multipart calls need them); null for a single part. */
  part_hashes: string[] | null
}

/** A multipart file's hash from its parts' hex digests. */
export function compositeHash(partHashes: readonly string[]): string {
  if (partHashes.length === 0) throw new RangeError('a multipart hash needs at least one part')
  const hash = crypto.createHash('sha256')
  for (const digest of partHashes) hash.update(Buffer.from(digest, 'hex'))
  return hash.digest('hex')
}

/** The file changed size while it was read: its hash would describe no version of it. */
export class FileChangedError extends Error {
  override name = 'FileChangedError'
}

/** Hashes bytes fed in order, cutting them at the part boundaries of a file of fileSize bytes. */
export class ContentHasher {
  readonly multipart: boolean
  private readonly partSizes: number[]
  private readonly digests: string[] = []
  private part = 0
  private inPart = 0
  private current = crypto.createHash('sha256')
  bytes = 0

  constructor(readonly fileSize: number) {
    this.multipart = isMultipart(fileSize)
    this.partSizes = this.multipart ? planParts(fileSize).map((part) => part.part_size) : [fileSize]
  }

  update(chunk: Uint8Array): void {
    this.bytes += chunk.byteLength
    if (this.bytes > this.fileSize) throw new FileChangedError('more bytes than the file size')
    if (!this.multipart) {
      this.current.update(chunk)
      return
    }
    let offset = 0
    while (offset < chunk.byteLength) {
      const partSize = this.partSizes[this.part] as number
      const take = Math.min(partSize - this.inPart, chunk.byteLength - offset)
      this.current.update(chunk.subarray(offset, offset + take))
      offset += take
      this.inPart += take
      if (this.inPart === partSize) {
        this.digests.push(this.current.digest('hex'))
        this.current = crypto.createHash('sha256')
        this.part++
        this.inPart = 0
      }
    }
  }

  digest(): ContentHash {
    if (this.bytes !== this.fileSize) throw new FileChangedError('fewer bytes than the file size')
    if (!this.multipart) return { file_hash: this.current.digest('hex'), part_hashes: null }
    return { file_hash: compositeHash(this.digests), part_hashes: [...this.digests] }
  }
}

export interface HashFileOptions {
  /** Called with the bytes hashed so far. */
  onProgress?: (hashedBytes: number) => void
  signal?: AbortSignal
}

/** Hashes a file of the size given, streaming it; a file that is not that size any more fails. */
export async function hashFile(
  filePath: string,
  fileSize: number,
  options: HashFileOptions = {},
): Promise<ContentHash> {
  const hasher = new ContentHasher(fileSize)
  const stream = fs.createReadStream(filePath, {
    highWaterMark: 1024 * 1024,
    ...(options.signal ? { signal: options.signal } : {}),
  })
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    hasher.update(chunk)
    options.onProgress?.(hasher.bytes)
  }
  return hasher.digest()
}
