// The hashing worker: SHA-256 of a Blob, read in slices above the whole-buffer limit (workers/sha256.ts).
import { expose } from 'comlink'
import { sha256Blob } from './sha256.ts'

export { WHOLE_BUFFER_LIMIT } from './sha256.ts'

const api = {
  sha256(blob: Blob, onProgress?: (hashedBytes: number) => void): Promise<string> {
    return sha256Blob(blob, onProgress)
  },
}

export type HashApi = typeof api

expose(api)
