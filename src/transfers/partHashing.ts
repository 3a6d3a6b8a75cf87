// A file's part digests as an upload computes them: one task per part, so the parts of one file are
// hashed on every hashing worker at once (each part read whole into its worker's part buffer and hashed by
// WebCrypto; only a part above WHOLE_BUFFER_LIMIT is streamed through hash-wasm: workers/sha256.ts). The
// queue model records each digest as it comes, so a reload hashes only the parts not hashed yet.
import type { Remote } from 'comlink'
import { WHOLE_BUFFER_LIMIT } from '../../workers/sha256.ts'
import type { TransferApi } from '../../workers/transfer.worker.ts'
import { planParts } from './limits.ts'
import { progressCallback, type ItemTaskPool } from './pool.ts'

export interface PartToHash {
  part_num: number
  offset: number
  part_size: number
}

export interface PartHashCallbacks {
  /** Bytes hashed so far over the given parts. */
  onProgress?: (hashedBytes: number) => void
  /** A part's digest, as soon as it is known. */
  onPart?: (partNum: number, digest: string) => void
}

/** Each part's SHA-256 hex, in the order given, hashed in parallel across the pool. */
export function hashPartsInParallel(
  pool: ItemTaskPool<Remote<TransferApi>>,
  itemId: string,
  file: Blob,
  parts: readonly PartToHash[],
  { onProgress, onPart }: PartHashCallbacks = {},
): Promise<string[]> {
  let hashedBytes = 0
  const hashed = new Map<number, number>()
  const report = (partNum: number, bytes: number) => {
    hashedBytes += bytes - (hashed.get(partNum) ?? 0)
    hashed.set(partNum, bytes)
    onProgress?.(hashedBytes)
  }
  return Promise.all(
    parts.map(async (part) => {
      // A part read whole is told once, when hashed: a callback across to the worker (a message channel
      // per part) would tell nothing more. A streamed part tells its progress as it goes.
      const streamed = part.part_size > WHOLE_BUFFER_LIMIT
      const progress =
        onProgress && streamed ? progressCallback((bytes) => report(part.part_num, bytes)) : undefined
      const range = [{ offset: part.offset, size: part.part_size }]
      const [digest] = await pool.hash(itemId, (api) => api.hashParts(file, range, progress))
      if (!digest) throw new Error('hash_failed')
      if (onProgress) report(part.part_num, part.part_size)
      onPart?.(part.part_num, digest)
      return digest
    }),
  )
}

/** A multipart file's hash: its parts hashed across the pool, then the digests combined. */
export async function compositeHash(
  pool: ItemTaskPool<Remote<TransferApi>>,
  itemId: string,
  file: Blob,
): Promise<string> {
  const digests = await hashPartsInParallel(pool, itemId, file, planParts(file.size))
  return pool.run(itemId, (api) => api.combinedHash(digests))
}
