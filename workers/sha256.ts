// SHA-256 of blobs for the workers, and the composite hash of a multipart file. A blob that fits the
// whole-buffer limit is read once and hashed by WebCrypto (about 1,000 MB/s here); a larger one is streamed
// through hash-wasm (about 300 MB/s) through one buffer, so memory stays the same however large the part.
// Only WebCrypto and Blob are used, which workers and Node share, so unit tests import this module as is.
import { createSHA256 } from 'hash-wasm'

export const WHOLE_BUFFER_LIMIT = 16 * 1024 * 1024
/** How often a streamed hash tells its progress, in bytes. */
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

/** The lower-case hex SHA-256 of a blob; onProgress gets the bytes hashed so far. */
export async function sha256Blob(blob: Blob, onProgress?: (hashedBytes: number) => void): Promise<string> {
  if (blob.size <= WHOLE_BUFFER_LIMIT) {
    const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer())
    onProgress?.(blob.size)
    return toHex(digest)
  }
  return sha256Streamed(blob, onProgress)
}

/** The buffer a streamed hash reads into, over and over. */
export const STREAM_BUFFER_BYTES = 4 * 1024 * 1024

/**
 * Hashes a blob through one buffer that the browser's stream of it fills again and again (a BYOB reader):
 * a worker holds that one buffer however large the blob. Reading it in slices, or taking the stream's own
 * chunks, allocated a new buffer each time, and the garbage collector let the dead ones pile up: a pool
 * hashing parts of 512 MiB held several hundred megabytes of them. Progress is told each time another
 * STREAM_SLICE is hashed, and at the end.
 */
async function sha256Streamed(blob: Blob, onProgress?: (hashedBytes: number) => void): Promise<string> {
  const hasher = await createSHA256()
  hasher.init()
  let hashed = 0
  let told = 0
  const take = (bytes: Uint8Array) => {
    hasher.update(bytes)
    hashed += bytes.byteLength
    const step = hashed - (hashed % STREAM_SLICE)
    if (step > told && hashed < blob.size) {
      told = step
      onProgress?.(step)
    }
  }
  const stream = blob.stream()
  const byob = byobReader(stream)
  if (byob) {
    let buffer = new ArrayBuffer(STREAM_BUFFER_BYTES)
    for (;;) {
      const { done, value } = await byob.read(new Uint8Array(buffer))
      if (done || !value) break
      take(value)
      // The read handed the buffer back, moved into value: the next read fills it again.
      buffer = value.buffer
    }
  } else {
    const reader = stream.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      take(value)
    }
  }
  onProgress?.(hashed)
  return hasher.digest('hex')
}

/** A reader that fills buffers it is given, where the stream is a byte stream (a Blob's is in browsers). */
function byobReader(stream: ReadableStream<Uint8Array>): ReadableStreamBYOBReader | undefined {
  try {
    return stream.getReader({ mode: 'byob' })
  } catch {
    return undefined
  }
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
