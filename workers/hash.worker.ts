// The hashing worker: SHA-256 of a Blob. A blob that fits the whole-buffer limit is read once and hashed
// by WebCrypto (about 1,000 MB/s here); a larger one is streamed through hash-wasm (about 280 MB/s) in
// slices, so memory stays at one slice however large the file.
import { expose } from 'comlink'
import { createSHA256 } from 'hash-wasm'

export const WHOLE_BUFFER_LIMIT = 16 * 1024 * 1024
const STREAM_SLICE = 8 * 1024 * 1024

function toHex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

const api = {
  async sha256(blob: Blob, onProgress?: (hashedBytes: number) => void): Promise<string> {
    if (blob.size <= WHOLE_BUFFER_LIMIT) {
      const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer())
      onProgress?.(blob.size)
      return toHex(digest)
    }
    const hasher = await createSHA256()
    hasher.init()
    for (let offset = 0; offset < blob.size; offset += STREAM_SLICE) {
      const slice = blob.slice(offset, Math.min(offset + STREAM_SLICE, blob.size))
      hasher.update(new Uint8Array(await slice.arrayBuffer()))
      onProgress?.(offset + slice.size)
    }
    return hasher.digest('hex')
  },
}

export type HashApi = typeof api

expose(api)
