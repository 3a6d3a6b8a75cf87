// SHA-256 of blobs for the workers, and the composite hash of a multipart file. A blob that fits the
// whole-buffer limit is read once and hashed by WebCrypto (about 1,000 MB/s here); a larger one is streamed
// through hash-wasm (about 280 MB/s) in slices, so memory stays at one slice however large the part.
// Only WebCrypto and Blob are used, which workers and Node share, so unit tests import this module as is.
import { createSHA256 } from 'hash-wasm'

export const WHOLE_BUFFER_LIMIT = 16 * 1024 * 1024
export const STREAM_SLICE = 8 * 1024 * 1024

export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)
  return Array.from(view, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

export function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) throw new RangeError('not a hex string')
  const bytes = new Uint8Array(hex.length / 2)
  for (let index = 0; index < bytes.length; index++) {
    bytes[index] = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16)
  }
  return bytes
}

/** Where a blob of this size is read in slices: [start, end) pairs of at most STREAM_SLICE bytes. */
export function streamSlices(size: number, sliceSize = STREAM_SLICE): Array<[number, number]> {
  const slices: Array<[number, number]> = []
  for (let start = 0; start < size; start += sliceSize)
    slices.push([start, Math.min(start + sliceSize, size)])
  return slices
}

/** The lower-case hex SHA-256 of a blob; onProgress gets the bytes hashed so far. */
export async function sha256Blob(blob: Blob, onProgress?: (hashedBytes: number) => void): Promise<string> {
  if (blob.size <= WHOLE_BUFFER_LIMIT) {
    const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer())
    onProgress?.(blob.size)
    return toHex(digest)
  }
  const hasher = await createSHA256()
  hasher.init()
  for (const [start, end] of streamSlices(blob.size)) {
    hasher.update(new Uint8Array(await blob.slice(start, end).arrayBuffer()))
    onProgress?.(end)
  }
  return hasher.digest('hex')
}

/** A multipart file's hash: SHA-256 over the parts' binary digests concatenated in order, in hex. */
export async function combineDigests(partDigestsHex: readonly string[]): Promise<string> {
  if (partDigestsHex.length === 0) throw new RangeError('a multipart hash needs at least one part')
  const joined = new Uint8Array(partDigestsHex.length * 32)
  partDigestsHex.forEach((hex, index) => {
    const digest = fromHex(hex)
    if (digest.length !== 32) throw new RangeError('a part digest is 32 bytes')
    joined.set(digest, index * 32)
  })
  return toHex(await crypto.subtle.digest('SHA-256', joined))
}
