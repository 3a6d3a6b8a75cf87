// A pool of workers that each carry several tasks at once, for work that waits rather than computes: a
// worker with a request in flight is free to start others (XMLHttpRequest is asynchronous). At most
// maxTasks run at once over at most maxWorkers workers; a task goes to the worker carrying the fewest, the
// others wait in order. Cancelling is the task's own business: it is given the signal and must settle soon
// after it fires. A worker here carries other tasks, so it is never terminated to stop one (a call to a
// terminated worker would never answer). Workers carrying nothing are closed after idleTimeoutMs.
//
// A task may name a lane (the host a request goes to): at most maxPerLane tasks of one lane run at once,
// and a task whose lane is full lets the next waiting task of another lane go first. Requests to storage
// need it: a browser keeps at most 6 HTTP/1.1 connections per host and queues the rest itself, with their
// timeouts already running, while requests to another host could have used the free places.
import { abortError, closedError, waitInLine, type PoolWorker, type Waiter } from './workerPool.ts'

export interface ConcurrentWorkerPoolOptions<Api> {
  create: () => PoolWorker<Api>
  maxWorkers: number
  maxTasks: number
  /** Tasks of one lane running at once; only maxTasks bounds them when not given. */
  maxPerLane?: number
  idleTimeoutMs: number
}

/** The lane of a task that names none. */
const NO_LANE = ''

type LaneWaiter = Waiter<void> & { lane: string }

interface Carrier<Api> {
  worker: PoolWorker<Api>
  load: number
  idleTimer: ReturnType<typeof setTimeout> | undefined
}

const neverAborted = new AbortController().signal

export class ConcurrentWorkerPool<Api> {
  private readonly carriers: Carrier<Api>[] = []
  private readonly waiting: LaneWaiter[] = []
  private readonly runningByLane = new Map<string, number>()
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

  /** Tasks of a lane running now. */
  inFlightOn(lane: string): number {
    return this.runningByLane.get(lane) ?? 0
  }

  async run<T>(
    task: (api: Api, signal: AbortSignal) => Promise<T>,
    signal?: AbortSignal,
    lane: string = NO_LANE,
  ): Promise<T> {
    if (this.closed) throw closedError()
    if (signal?.aborted) throw abortError(signal)
    await this.turn(lane, signal)
    const carrier = this.pick()
    carrier.load++
    try {
      return await task(carrier.worker.api, signal ?? neverAborted)
    } finally {
      carrier.load--
      this.leave(lane)
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
  private turn(lane: string, signal?: AbortSignal): Promise<void> {
    // Nobody waits ahead of it whom it could pass: waiting tasks wait for a full pool or a full lane.
    if (this.hasRoom(lane) && !this.waiting.some((waiter) => waiter.lane === lane)) {
      this.enter(lane)
      return Promise.resolve()
    }
    return waitInLine(this.waiting, signal, { lane })
  }

  /** A task that names no lane counts against maxTasks alone. */
  private hasRoom(lane: string): boolean {
    const perLane = lane === NO_LANE ? Infinity : (this.options.maxPerLane ?? Infinity)
    return this.running < this.options.maxTasks && this.inFlightOn(lane) < perLane
  }

  private enter(lane: string): void {
    this.running++
    this.runningByLane.set(lane, this.inFlightOn(lane) + 1)
  }

  private leave(lane: string): void {
    this.running--
    const left = this.inFlightOn(lane) - 1
    if (left > 0) this.runningByLane.set(lane, left)
    else this.runningByLane.delete(lane)
  }

  /** Gives places to waiting tasks in order, passing over those whose lane is full. */
  private next(): void {
    if (this.closed) return
    for (let index = 0; index < this.waiting.length && this.running < this.options.maxTasks;) {
      const waiter = this.waiting[index]
      if (!waiter || !this.hasRoom(waiter.lane)) {
        index++
        continue
      }
      this.waiting.splice(index, 1)
      this.enter(waiter.lane)
      waiter.give()
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
