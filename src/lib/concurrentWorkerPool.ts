// A pool of workers that each carry several tasks at once, for work that waits rather than computes: a
// worker with a request in flight is free to start others (XMLHttpRequest is asynchronous). At most
// maxTasks run at once over at most maxWorkers workers; a task goes to the worker carrying the fewest, the
// others wait in order. Cancelling is the task's own business: it is given the signal and must settle soon
// after it fires. A worker here carries other tasks, so it is never terminated to stop one (a call to a
// terminated worker would never answer). Workers carrying nothing are closed after idleTimeoutMs.
import { abortError, closedError, waitInLine, type PoolWorker, type Waiter } from './workerPool.ts'

export interface ConcurrentWorkerPoolOptions<Api> {
  create: () => PoolWorker<Api>
  maxWorkers: number
  maxTasks: number
  idleTimeoutMs: number
}

interface Carrier<Api> {
  worker: PoolWorker<Api>
  load: number
  idleTimer: ReturnType<typeof setTimeout> | undefined
}

const neverAborted = new AbortController().signal

export class ConcurrentWorkerPool<Api> {
  private readonly carriers: Carrier<Api>[] = []
  private readonly waiting: Waiter<void>[] = []
  private running = 0
  private closed = false

  constructor(private readonly options: ConcurrentWorkerPoolOptions<Api>) {
    if (options.maxWorkers < 1 || options.maxTasks < 1)
      throw new RangeError('maxWorkers and maxTasks must be at least 1')
  }

  /** Workers alive now. */
  get size(): number {
    return this.carriers.length
  }

  /** Tasks running now. */
  get inFlight(): number {
    return this.running
  }

  /** Tasks waiting for their turn. */
  get queued(): number {
    return this.waiting.length
  }

  async run<T>(task: (api: Api, signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.closed) throw closedError()
    if (signal?.aborted) throw abortError(signal)
    await this.turn(signal)
    const carrier = this.pick()
    carrier.load++
    try {
      return await task(carrier.worker.api, signal ?? neverAborted)
    } finally {
      carrier.load--
      this.running--
      if (carrier.load === 0) this.idle(carrier)
      this.next()
    }
  }

  /** Terminates every worker; waiting tasks are rejected. */
  close(): void {
    this.closed = true
    for (const carrier of this.carriers) {
      clearTimeout(carrier.idleTimer)
      carrier.worker.terminate()
    }
    this.carriers.length = 0
    for (const waiter of this.waiting.splice(0)) waiter.refuse(closedError())
  }

  /** Resolves once the task may run, counting it as running; rejects if cancelled while it waits. */
  private turn(signal?: AbortSignal): Promise<void> {
    if (this.running < this.options.maxTasks) {
      this.running++
      return Promise.resolve()
    }
    return waitInLine(this.waiting, signal)
  }

  private next(): void {
    if (this.closed) return
    while (this.running < this.options.maxTasks && this.waiting.length > 0) {
      this.running++
      this.waiting.shift()?.give()
    }
  }

  /** The least-loaded worker; a new one while every worker carries something and there is room. */
  private pick(): Carrier<Api> {
    let least: Carrier<Api> | undefined
    for (const carrier of this.carriers) if (!least || carrier.load < least.load) least = carrier
    if (!least || (least.load > 0 && this.carriers.length < this.options.maxWorkers)) {
      least = { worker: this.options.create(), load: 0, idleTimer: undefined }
      this.carriers.push(least)
    }
    clearTimeout(least.idleTimer)
    least.idleTimer = undefined
    return least
  }

  private idle(carrier: Carrier<Api>): void {
    if (this.closed) return
    carrier.idleTimer = setTimeout(() => {
      const index = this.carriers.indexOf(carrier)
      if (index >= 0) this.carriers.splice(index, 1)
      carrier.worker.terminate()
    }, this.options.idleTimeoutMs)
  }
}
