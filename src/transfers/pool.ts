// The transfer workers, in two lanes. Hashing (and writing downloads) computes, so it runs on about as
// many workers as the machine has cores, one task per worker; cancelling one terminates its worker. Sending
// waits on the network, so sends go to a few send workers that each carry many requests at once, within
// UPLOAD_MAX_REQUESTS_IN_FLIGHT over all files whatever the cores; cancelling one aborts its request in
// the worker. Tasks are grouped by queue item, so removing an item cancels all of its work at once.
import { proxy, wrap, type Remote } from 'comlink'
import type { TransferApi } from '../../workers/transfer.worker.ts'
import type { PartRange, SignedRequest, TransferResult } from '../../workers/transferCore.ts'
import { ConcurrentWorkerPool } from '../lib/concurrentWorkerPool.ts'
import { WorkerPool, waitInLine, type PoolWorker, type Waiter } from '../lib/workerPool.ts'
import { REQUESTS_PER_HOST, UPLOAD_MAX_REQUESTS_IN_FLIGHT } from './limits.ts'

export const TRANSFER_IDLE_TIMEOUT_MS = 30_000

/**
 * Send workers: one could carry every request (a send only hands a Blob slice to the browser), a second
 * keeps one worker's progress messages or a slow structured clone of a File from delaying the other's.
 */
export const SEND_WORKERS = 2

/**
 * Hashing workers: one per core, at least HASH_MIN_WORKERS, at most HASH_MAX_WORKERS. A part read whole is
 * digested by WebCrypto, and the digests of different workers run at once (tests/bench/hashing.bench.ts: two
 * workers digest 16 MiB buffers about twice as fast as one on 2 cores), so the workers' worth is both
 * digesting side by side and reading the next parts meanwhile (and letting downloads run their 4 files at
 * once). Past eight, part buffers (16 MiB in each worker that hashed) would cost memory for little speed.
 */
export const HASH_MIN_WORKERS = 4
export const HASH_MAX_WORKERS = 8

export function transferWorkerLimit(hardwareConcurrency: number | undefined): number {
  return Math.min(HASH_MAX_WORKERS, Math.max(HASH_MIN_WORKERS, hardwareConcurrency ?? 0))
}

/**
 * Parts hashed at once over all files (ItemTaskPool.hash), whatever the cores: each part hashed holds its
 * worker's 16 MiB buffer, so this bounds that memory however many workers the pool may have. On 2 cores
 * the pool waits on reading the parts more than on digesting them: 8 workers with 8 parts at once hashed
 * 544 MB/s where 4 and 4 hashed 462 MB/s (one run each, on a shared machine), for twice the buffers.
 */
export const HASH_PARTS_AT_ONCE = 4

/** Turns to hash a part, taken in order: a task waits for one, and leaves the line when cancelled. */
class Turns {
  private readonly line: Waiter<void>[] = []

  constructor(private free: number) {}

  async take(signal: AbortSignal): Promise<void> {
    if (this.free > 0 && this.line.length === 0) {
      this.free--
      return
    }
    await waitInLine(this.line, signal)
  }

  give(): void {
    const next = this.line.shift()
    if (next) next.give()
    else this.free++
  }
}

export class ItemTaskPool<Api> {
  private readonly controllers = new Map<string, AbortController>()
  private readonly hashTurns: Turns

  /** hashesAtOnce bounds the tasks run by hash(), over all items; run() has only the workers' bound. */
  constructor(
    private readonly pool: WorkerPool<Api>,
    private readonly senders: ConcurrentWorkerPool<Api>,
    hashesAtOnce = Number.POSITIVE_INFINITY,
  ) {
    this.hashTurns = new Turns(hashesAtOnce)
  }

  /** Runs a task for an item on a worker of its own; it is cancelled when the item is. */
  run<T>(itemId: string, task: (api: Api) => Promise<T>): Promise<T> {
    return this.pool.run(task, this.signalOf(itemId))
  }

  /**
<<<<<<< HEAD
   * Runs a send for an item on a send worker, within the cap of requests in flight over all hosts and the
   * cap per host (its lane: the host of the request's URL, limits.ts storageHostOf). The task gets the item's signal
   * and must abort its request when it fires (see putPartTask).
=======
   * Runs the hash of a part as run() does, once one of the pool's turns to hash is free: each part hashed
   * holds a 16 MiB buffer in its worker, and parts beyond what the digest takes in only wait there.
   */
  async hash<T>(itemId: string, task: (api: Api) => Promise<T>): Promise<T> {
    const signal = this.signalOf(itemId)
    await this.hashTurns.take(signal)
    try {
      return await this.pool.run(task, signal)
    } finally {
      this.hashTurns.give()
    }
  }

  /**
   * Runs a send for an item on a send worker, within the cap of requests in flight. The task gets the
   * item's signal and must abort its request when it fires (see putPartTask).
>>>>>>> hash-memory
   */
  send<T>(itemId: string, task: (api: Api, signal: AbortSignal) => Promise<T>, host?: string): Promise<T> {
    return this.senders.run(task, this.signalOf(itemId), host)
  }

  /** Cancels every running and queued task of an item (it was removed, or restarts from scratch). */
  cancel(itemId: string): void {
    this.controllers.get(itemId)?.abort()
    this.controllers.delete(itemId)
  }

  /** Forgets a finished item without cancelling anything. */
  forget(itemId: string): void {
    this.controllers.delete(itemId)
  }

  /** Workers alive now, in both lanes. */
  get size(): number {
    return this.pool.size + this.senders.size
  }

  close(): void {
    for (const controller of this.controllers.values()) controller.abort()
    this.controllers.clear()
    this.pool.close()
    this.senders.close()
  }

  private signalOf(itemId: string): AbortSignal {
    let controller = this.controllers.get(itemId)
    if (!controller) {
      controller = new AbortController()
      this.controllers.set(itemId, controller)
    }
    return controller.signal
  }
}

/** Callbacks cross to a worker as Comlink proxies. */
export const progressCallback = (onProgress: (value: number) => void) => proxy(onProgress)

let sends = 0

/**
 * The send of one slice to a signed URL, as a task for ItemTaskPool.send: the slice is a Blob the browser
 * reads while sending (never bytes held here), and the item's signal aborts the request in its worker.
 */
export function putPartTask(
  file: Blob,
  range: PartRange,
  signed: SignedRequest,
  timeoutMs: number,
  onProgress?: (sentBytes: number) => void,
) {
  return async (api: Remote<TransferApi>, signal: AbortSignal): Promise<TransferResult> => {
    if (signal.aborted) return { ok: false, kind: 'aborted' }
    const sendId = `send-${++sends}`
    const abort = () => void api.abortSend(sendId)
    signal.addEventListener('abort', abort, { once: true })
    try {
      const progress = onProgress ? progressCallback(onProgress) : undefined
      return await api.putPart(file, range.offset, range.size, signed, timeoutMs, progress, sendId)
    } finally {
      signal.removeEventListener('abort', abort)
    }
  }
}

function transferWorker(name: string): PoolWorker<Remote<TransferApi>> {
  const worker = new Worker(new URL('../../workers/transfer.worker.ts', import.meta.url), {
    type: 'module',
    name,
  })
  return { api: wrap<TransferApi>(worker), terminate: () => worker.terminate() }
}

export function createTransferPool(): ItemTaskPool<Remote<TransferApi>> {
  return new ItemTaskPool(
    new WorkerPool({
      create: () => transferWorker('transfer'),
      maxWorkers: transferWorkerLimit(navigator.hardwareConcurrency),
      idleTimeoutMs: TRANSFER_IDLE_TIMEOUT_MS,
    }),
    createSendPool(() => transferWorker('send')),
    HASH_PARTS_AT_ONCE,
  )
}

/** The send lane: SEND_WORKERS workers, UPLOAD_MAX_REQUESTS_IN_FLIGHT requests, REQUESTS_PER_HOST per host. */
export function createSendPool<Api>(create: () => PoolWorker<Api>): ConcurrentWorkerPool<Api> {
  return new ConcurrentWorkerPool({
    create,
    maxWorkers: SEND_WORKERS,
    maxTasks: UPLOAD_MAX_REQUESTS_IN_FLIGHT,
    maxPerLane: REQUESTS_PER_HOST,
    idleTimeoutMs: TRANSFER_IDLE_TIMEOUT_MS,
  })
}
