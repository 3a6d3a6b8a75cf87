// The 'media-derivatives' queue (pg-boss, queue.ts): one job per content confirmed in an organization's
// store, sent in the transaction that confirms it (with the media_derivative row that says 'pending'), so a
// job exists exactly when content was confirmed. Every server process runs a worker unless JOBS=off: it
// takes at most `concurrency` jobs at a time (THUMBNAIL_JOBS), polls every few seconds, and is woken at once
// by a confirmation in its own process. A job whose store failed is tried again after a delay (retryLimit
// times, the delay doubling); its last attempt ends the content 'none' (services/derivatives.ts). A pending
// row whose job was lost (sent while pg-boss could not start) is sent again after STALE_SECONDS.
import { setTimeout as delay } from 'node:timers/promises'
import type { FastifyBaseLogger } from 'fastify'
import type { Database, Queryable } from '../db/index.ts'
import type { Meters } from '../metrics.ts'
import { SourceServer } from '../derivatives/sourceServer.ts'
import {
  makeDerivatives,
  takeStaleDerivatives,
  type DerivativeJob,
  type DerivativeJobs,
} from '../services/derivatives.ts'
import type { StoreSet } from '../services/placement.ts'
import { bossDb, PgBoss } from './queue.ts'

export const DERIVATIVE_QUEUE = 'media-derivatives'

/** Stale pending rows sent again at a time. */
const SWEEP_BATCH = 100

type Payload = DerivativeJob

export interface DerivativeQueueOptions {
  db: Database
  stores: StoreSet
  log: FastifyBaseLogger
  /** Jobs one process runs at once. */
  concurrency?: number
  pollSeconds?: number
  retryLimit?: number
  retryDelaySeconds?: number
  /** A pending row older than this with no job done is sent again. */
  staleSeconds?: number
  /** pg-boss's maintenance timers; off for a process that does not run the worker. */
  supervise?: boolean
  /** Counts the runs; undefined when metrics are off. */
  metrics?: Meters | undefined
}

export class DerivativeQueue implements DerivativeJobs {
  readonly sources = new SourceServer()
  readonly #options: Required<Omit<DerivativeQueueOptions, 'metrics'>>
  readonly #metrics: Meters | undefined
  #boss: Promise<PgBoss> | undefined
  #timer: NodeJS.Timeout | undefined
  #running = new Set<Promise<void>>()
  #pumping: Promise<void> | undefined
  #again = false
  #lastSweep = 0
  /** The last sweep took a full batch: more stale rows wait (a backfill), fed in whenever the queue runs dry. */
  #backlog = false

  constructor({ metrics, ...options }: DerivativeQueueOptions) {
    this.#metrics = metrics
    this.#options = {
      concurrency: 2,
      pollSeconds: 5,
      retryLimit: 2,
      retryDelaySeconds: 15,
      staleSeconds: 600,
      supervise: false,
      ...options,
    }
  }

  /** pg-boss, started (schema and queue created) on first use; a failed start is tried again next use. */
  ready(): Promise<PgBoss> {
    this.#boss ??= this.#start().catch((error: unknown) => {
      this.#boss = undefined
      throw error
    })
    return this.#boss
  }

  async #start(): Promise<PgBoss> {
    const { db, supervise, log } = this.#options
    // Processes starting at once may collide creating the schema or the queue: one wins, the rest retry.
    for (let attempt = 1; ; attempt++) {
      const boss = new PgBoss({ db: bossDb(db), supervise, schedule: false })
      boss.on('error', (error) => log.error({ err: error }, 'derivative queue'))
      try {
        await boss.start()
        if (!(await boss.getQueue(DERIVATIVE_QUEUE))) await boss.createQueue(DERIVATIVE_QUEUE)
        return boss
      } catch (error) {
        await boss.stop({ graceful: false, close: false }).catch(() => {})
        if (attempt >= 5) throw error
        await delay(100 * attempt)
      }
    }
  }

  async sender(): Promise<((tx: Queryable, job: Payload) => Promise<void>) | undefined> {
    try {
      const boss = await this.ready()
      return (tx, job) => this.#send(boss, tx, job)
    } catch (error) {
      this.#options.log.error({ err: error }, 'the derivative queue could not start; thumbnails wait')
      return undefined
    }
  }

  async #send(boss: PgBoss, db: Queryable, payload: Payload): Promise<void> {
    const { retryLimit, retryDelaySeconds } = this.#options
    await boss.send(DERIVATIVE_QUEUE, payload, {
      retryLimit,
      retryDelay: retryDelaySeconds,
      retryBackoff: retryDelaySeconds > 0,
      expireInSeconds: 900,
      db: bossDb(db),
    })
  }

  /** Polls every pollSeconds until stop; wake() polls at once. */
  start(): void {
    if (this.#timer) return
    this.#timer = setInterval(() => this.wake(), this.#options.pollSeconds * 1000)
    this.#timer.unref()
    this.wake()
  }

  /** Takes jobs now (a confirmation of this process sent one); no-op unless started. */
  wake(): void {
    if (!this.#timer) return
    if (this.#pumping) {
      this.#again = true
      return
    }
    this.#pumping = this.#pump()
      .catch((error: unknown) => this.#options.log.error({ err: error }, 'derivative jobs'))
      .finally(() => {
        this.#pumping = undefined
        if (this.#again) {
          this.#again = false
          this.wake()
        }
      })
  }

  /** Fills the free slots with jobs; each finished job frees its slot and takes the next. */
  async #pump(): Promise<void> {
    const boss = await this.ready()
    await this.#sweep(boss)
    const free = this.#options.concurrency - this.#running.size
    if (free <= 0) return
    const jobs = await boss.fetch<Payload>(DERIVATIVE_QUEUE, { batchSize: free, includeMetadata: true })
    for (const job of jobs) {
      const run: Promise<void> = this.#run(boss, job).finally(() => {
        this.#running.delete(run)
        this.wake()
      })
      this.#running.add(run)
    }
    // Thousands of rows from the backfill go in a batch at a time as the queue runs dry, not one batch a
    // minute, and never all at once into pg-boss.
    if (jobs.length === 0 && this.#running.size === 0 && this.#backlog) {
      this.#lastSweep = 0
      this.#again = true
    }
  }

  /**
   * Sends again the pending rows whose job was lost, and the backfill's rows (migration
   * 20261128200000_derivative_backfill), at most once a minute unless forced; answers how many it sent.
   */
  async #sweep(boss: PgBoss, force = false): Promise<number> {
    if (!force && Date.now() - this.#lastSweep < 60_000) return 0
    this.#lastSweep = Date.now()
    const { db, staleSeconds } = this.#options
    const jobs = await takeStaleDerivatives(db, staleSeconds, SWEEP_BATCH)
    for (const job of jobs) await this.#send(boss, db, job)
    this.#backlog = jobs.length === SWEEP_BATCH
    return jobs.length
  }

  async #run(boss: PgBoss, job: PgBoss.JobWithMetadata<Payload>): Promise<void> {
    const { db, stores, log } = this.#options
    const { orgId, fileHash } = job.data
    const deps = { db, stores, sources: this.sources, log }
    try {
      await makeDerivatives(deps, orgId, fileHash, { lastAttempt: job.retryCount >= job.retryLimit })
      await boss.complete(DERIVATIVE_QUEUE, job.id)
      this.#metrics?.jobRun(DERIVATIVE_QUEUE, false)
    } catch (error) {
      this.#metrics?.jobRun(DERIVATIVE_QUEUE, true)
      log.warn({ err: error, orgId, fileHash, attempt: job.retryCount + 1 }, 'derivative job failed')
      await boss.fail(DERIVATIVE_QUEUE, job.id, { message: String(error) }).catch(() => {})
    }
  }

  /**
   * Runs every job that is ready until none is left, and then the stale rows' (a lost job, the backfill),
   * `concurrency` at a time (tests, and a process that does not poll); answers how many ran.
   */
  async drain(): Promise<number> {
    const boss = await this.ready()
    let ran = 0
    for (;;) {
      const jobs = await boss.fetch<Payload>(DERIVATIVE_QUEUE, {
        batchSize: this.#options.concurrency,
        includeMetadata: true,
      })
      if (jobs.length === 0) {
        if ((await this.#sweep(boss, true)) === 0) return ran
        continue
      }
      ran += jobs.length
      await Promise.all(jobs.map((job) => this.#run(boss, job)))
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer)
    this.#timer = undefined
    await this.#pumping
    await Promise.all(this.#running)
    const boss = await this.#boss?.catch(() => undefined)
    this.#boss = undefined
    await boss?.stop({ graceful: false, close: false })
    await this.sources.close()
  }
}
