// The transfer worker pool: as many workers as the machine has cores (hashing and sending are CPU and
// I/O bound in turn, and one worker per core keeps the UI thread free), idle ones closed after a while.
// Tasks are grouped by queue item, so removing an item cancels all of its work at once: the pool
// terminates the workers running it and drops its queued tasks.
import { proxy, wrap, type Remote } from 'comlink'
import type { TransferApi } from '../../workers/transfer.worker.ts'
import { WorkerPool, type PoolWorker } from '../lib/workerPool.ts'

export const TRANSFER_IDLE_TIMEOUT_MS = 30_000

/** One worker per core, at least one; 2 when the browser does not say. */
export function transferWorkerLimit(hardwareConcurrency: number | undefined): number {
  return Math.max(1, hardwareConcurrency || 2)
}

export class ItemTaskPool<Api> {
  private readonly controllers = new Map<string, AbortController>()

  constructor(private readonly pool: WorkerPool<Api>) {}

  /** Runs a task for an item; it is cancelled when the item is. */
  run<T>(itemId: string, task: (api: Api) => Promise<T>): Promise<T> {
    let controller = this.controllers.get(itemId)
    if (!controller) {
      controller = new AbortController()
      this.controllers.set(itemId, controller)
    }
    return this.pool.run(task, controller.signal)
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

  get size(): number {
    return this.pool.size
  }

  close(): void {
    for (const controller of this.controllers.values()) controller.abort()
    this.controllers.clear()
    this.pool.close()
  }
}

function createTransferWorker(): PoolWorker<Remote<TransferApi>> {
  const worker = new Worker(new URL('../../workers/transfer.worker.ts', import.meta.url), {
    type: 'module',
    name: 'transfer',
  })
  return { api: wrap<TransferApi>(worker), terminate: () => worker.terminate() }
}

export function createTransferPool(): ItemTaskPool<Remote<TransferApi>> {
  return new ItemTaskPool(
    new WorkerPool({
      create: createTransferWorker,
      maxWorkers: transferWorkerLimit(navigator.hardwareConcurrency),
      idleTimeoutMs: TRANSFER_IDLE_TIMEOUT_MS,
    }),
  )
}

/** Callbacks cross to a worker as Comlink proxies. */
export const progressCallback = (onProgress: (value: number) => void) => proxy(onProgress)
