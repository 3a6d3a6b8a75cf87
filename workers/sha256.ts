// SHA-256 of blobs for the workers, and the composite hash of a multipart file. A blob that fits the
// whole-buffer limit is read into the worker's one part buffer and hashed by WebCrypto (about 1,000 MB/s
// here); a larger one is streamed through hash-wasm (about 300 MB/s) through one buffer, so memory stays the
// same however large the part.
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
    const digest = await partBuffer.sha256(blob)
    onProgress?.(blob.size)
    return digest
  }
  return sha256Streamed(blob, onProgress)
}

/**
 * One buffer of `capacity` bytes that a worker reads every whole part into, lent to one read at a time (a
 * read that finds it lent takes a buffer of its own, kept afterwards in place of the lent one). Reading each
 * part with blob.arrayBuffer() allocated a fresh 16 MiB ArrayBuffer per part, and the garbage collector let
 * the dead ones pile up: a 2 GiB upload held over 400 MiB of them across the hashing workers. WebCrypto
 * copies what it digests when called (outside the JavaScript heap), so the buffer is free again at once.
 */
export class PartBuffer {
  private spare: ArrayBuffer | undefined
  /** Buffers made so far: one, however many parts, unless reads overlap or one fails. */
  allocations = 0

  constructor(readonly capacity: number) {}

  async sha256(blob: Blob): Promise<string> {
    const lent = this.spare ?? this.allocate()
    this.spare = undefined
    // A failed read may leave the buffer detached inside the stream: the next read allocates another.
    const bytes = await readInto(blob, lent)
    try {
      return toHex(await crypto.subtle.digest('SHA-256', bytes))
    } finally {
      this.spare = bytes.buffer
    }
  }

  /**
   * The SHA-256 of `size` bytes that fill() puts into the buffer before it returns (a sync access handle's
   * read). The buffer is back at once, before the digest ends: WebCrypto copies its input when called.
   */
  async sha256Filled(size: number, fill: (view: Uint8Array<ArrayBuffer>) => void): Promise<string> {
    if (size > this.capacity) throw new RangeError('the bytes are more than the buffer holds')
    const lent = this.spare ?? this.allocate()
    this.spare = undefined
    let digesting: Promise<ArrayBuffer>
    try {
      const view = new Uint8Array(lent, 0, size)
      fill(view)
      digesting = crypto.subtle.digest('SHA-256', view)
    } finally {
      this.spare = lent
    }
    return toHex(await digesting)
  }

  private allocate(): ArrayBuffer {
    this.allocations++
    return new ArrayBuffer(this.capacity)
  }
}

/** The worker's part buffer (16 MiB, made at its first part), for hashing and for a download's parts. */
export const partBuffer = new PartBuffer(WHOLE_BUFFER_LIMIT)

/**
 * Reads all of a blob into buffer, from its start, and gives the bytes read as a view of the buffer's memory.
 * A reader that fills given buffers (BYOB) moves the memory into a new ArrayBuffer at each read, so buffer is
 * detached afterwards: the view's buffer is the one to read into next time. A stream that ends before
 * blob.size bytes, or gives more, is an error: the digest would be of other bytes than the part's.
 */
export async function readInto(blob: Blob, buffer: ArrayBuffer): Promise<Uint8Array<ArrayBuffer>> {
  const size = blob.size
  if (size > buffer.byteLength) throw new RangeError('the blob is larger than the buffer')
  const stream = blob.stream()
  const byob = byobReader(stream)
  if (!byob) return copyChunks(stream.getReader(), size, new Uint8Array(buffer, 0, size))
  let filled = 0
  let memory = buffer
  while (filled < size) {
    const { done, value } = await byob.read(new Uint8Array(memory, filled, size - filled))
    if (!value) throw new Error('the blob could not be read')
    memory = value.buffer
    if (done) throw new Error(`short read: ${filled} of ${size} bytes`)
    filled += value.byteLength
  }
  // Every byte of the part is in: the rest of the stream (none, for a blob) is not waited for.
  void byob.cancel().catch(() => undefined)
  return new Uint8Array(memory, 0, size)
}

/** readInto for a stream that gives its own chunks: each is copied into target. */
async function copyChunks(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  size: number,
  target: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer>> {
  let filled = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    if (value.byteLength > size - filled) {
      void reader.cancel().catch(() => undefined)
      throw new Error(`long read: more than ${size} bytes`)
    }
    target.set(value, filled)
    filled += value.byteLength
  }
  if (filled < size) throw new Error(`short read: ${filled} of ${size} bytes`)
  return target
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
