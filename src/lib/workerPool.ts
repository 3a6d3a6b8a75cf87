// A bounded pool of workers: at most maxWorkers at once, idle ones reused and closed after idleTimeoutMs,
// tasks queued while all are busy. A task can be cancelled with an AbortSignal: the worker running it is
// terminated (the only way to stop work in a worker mid-call) and its place goes to the next task.

export interface PoolWorker<Api> {
  api: Api
  terminate(): void
}

export interface WorkerPoolOptions<Api> {
  create: () => PoolWorker<Api>
  maxWorkers: number
  idleTimeoutMs: number
}

/** A task's place in a pool's line: given what it waits for, refused when the pool closes. */
export interface Waiter<T> {
  give(value: T): void
  refuse(error: Error): void
}

/**
 * Joins a pool's line: settles when the pool gives the place or refuses it, and leaves the line (rejecting
 * with the signal's reason) if the signal fires first. Both pools queue their tasks this way.
 */
export function waitInLine<T, Extra extends object = object>(
  line: Array<Waiter<T> & Extra>,
  signal?: AbortSignal,
  /** What the pool keeps of the task beside its place (ConcurrentWorkerPool: the task's lane). */
  extra?: Extra,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const settle = () => signal?.removeEventListener('abort', onAbort)
    const waiter: Waiter<T> & Extra = {
      ...(extra as Extra),
      give: (value: T) => {
        settle()
        resolve(value)
      },
      refuse: (error: Error) => {
        settle()
        reject(error)
      },
    }
    const onAbort = () => {
      const index = line.indexOf(waiter)
      if (index >= 0) line.splice(index, 1)
      reject(abortError(signal))
    }
    signal?.addEventListener('abort', onAbort, { once: true })
    line.push(waiter)
  })
}

export function closedError(): Error {
  return new Error('the worker pool is closed')
}

export function abortError(signal?: AbortSignal): unknown {
  return signal?.reason ?? new DOMException('The operation was aborted.', 'AbortError')
}

export class WorkerPool<Api> {
  private readonly idle = new Map<PoolWorker<Api>, ReturnType<typeof setTimeout>>()
  private readonly busy = new Set<PoolWorker<Api>>()
  private readonly waiting: Waiter<PoolWorker<Api>>[] = []
  private closed = false

  constructor(private readonly options: WorkerPoolOptions<Api>) {
    if (options.maxWorkers < 1) throw new RangeError('maxWorkers must be at least 1')
  }

  /** Workers alive now, busy or idle. */
  get size(): number {
    return this.idle.size + this.busy.size
  }

  /** Tasks waiting for a worker. */
  get queued(): number {
    return this.waiting.length
  }

  async run<T>(task: (api: Api) => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.closed) throw closedError()
    if (signal?.aborted) throw abortError(signal)
    const worker = await this.acquire(signal)
    return new Promise<T>((resolve, reject) => {
      let settled = false
      const onAbort = () => {
        if (settled) return
        settled = true
        this.busy.delete(worker)
        worker.terminate()
        reject(abortError(signal))
        this.dispatch()
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      task(worker.api).then(
        (value) => {
          if (settled) return
          settled = true
          signal?.removeEventListener('abort', onAbort)
          this.release(worker)
          resolve(value)
        },
        (error: unknown) => {
          if (settled) return
          settled = true
          signal?.removeEventListener('abort', onAbort)
          this.release(worker)
          reject(error)
        },
      )
    })
  }

  /** Terminates every worker; queued tasks are rejected. */
  close(): void {
    this.closed = true
    for (const [worker, timer] of this.idle) {
      clearTimeout(timer)
      worker.terminate()
    }
    this.idle.clear()
    for (const worker of this.busy) worker.terminate()
    this.busy.clear()
    for (const waiter of this.waiting.splice(0)) waiter.refuse(closedError())
  }

  private acquire(signal?: AbortSignal): Promise<PoolWorker<Api>> {
    const idle = this.takeIdle()
    if (idle) return Promise.resolve(this.markBusy(idle))
    if (this.size < this.options.maxWorkers) return Promise.resolve(this.markBusy(this.options.create()))
    return waitInLine(this.waiting, signal)
  }

  private takeIdle(): PoolWorker<Api> | undefined {
    const first = this.idle.entries().next()
    if (first.done) return undefined
    const [worker, timer] = first.value
    clearTimeout(timer)
    this.idle.delete(worker)
    return worker
  }

  private markBusy(worker: PoolWorker<Api>): PoolWorker<Api> {
    this.busy.add(worker)
    return worker
  }

  private release(worker: PoolWorker<Api>): void {
    this.busy.delete(worker)
    if (this.closed) return worker.terminate()
    const waiter = this.waiting.shift()
    if (waiter) return waiter.give(this.markBusy(worker))
    const timer = setTimeout(() => {
      this.idle.delete(worker)
      worker.terminate()
    }, this.options.idleTimeoutMs)
    this.idle.set(worker, timer)
  }

  /** A cancelled task freed a place: start a fresh worker for the next waiting task. */
  private dispatch(): void {
    if (this.closed) return
    const waiter = this.waiting.shift()
    if (waiter) waiter.give(this.markBusy(this.options.create()))
  }
}
