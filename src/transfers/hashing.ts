// SHA-256 of whole files, computed in the hashing worker pool so the UI thread never blocks (uploads hash
// their parts in the transfer pool: partHashing.ts).
import { proxy, wrap, type Remote } from 'comlink'
import type { HashApi } from '../../workers/hash.worker.ts'
import { WorkerPool } from '../lib/workerPool.ts'
import { HASH_MIN_WORKERS } from './pool.ts'

const IDLE_TIMEOUT_MS = 30_000

export const hashPool = new WorkerPool<Remote<HashApi>>({
  create() {
    const worker = new Worker(new URL('../../workers/hash.worker.ts', import.meta.url), {
      type: 'module',
      name: 'hash',
    })
    return { api: wrap<HashApi>(worker), terminate: () => worker.terminate() }
  },
  // Whatever the cores: WebCrypto digests on one thread per page, and the workers read the next blobs
  // meanwhile (see transferWorkerLimit).
  maxWorkers: HASH_MIN_WORKERS,
  idleTimeoutMs: IDLE_TIMEOUT_MS,
})

export interface HashOptions {
  signal?: AbortSignal
  /** Called with the number of bytes hashed so far. */
  onProgress?: (hashedBytes: number) => void
}

/** The lower-case hex SHA-256 of a file or part. */
export function sha256(blob: Blob, { signal, onProgress }: HashOptions = {}): Promise<string> {
  return hashPool.run((api) => api.sha256(blob, onProgress ? proxy(onProgress) : undefined), signal)
}
