// Runs every daily job once for each UTC day that has ended, through the pg-boss queue (queue.ts):
//  - enqueue: job_day (job_name, day) is the record of each day a job was given. A day is inserted with
//    ON CONFLICT DO NOTHING and sent to the queue in the same transaction, so with several processes
//    ticking at once exactly one sends it, and a day already given is never given again.
//  - drain: the queue hands each job to one process (FOR UPDATE SKIP LOCKED); a failed run is retried
//    after retryDelaySeconds, doubled at each attempt, up to retryLimit times. Days run in the order sent.
//  - catch-up: each tick gives the last catchUpDays ended days, so days missed while no server ran (up to
//    a week by default) run in order when one starts.
// The clock is injected (now): it alone decides which days have ended, so tests simulate days. pg-boss's
// own cron is not used for that reason; its supervision (expired and stalled jobs, archiving) is.
import { setTimeout as delay } from 'node:timers/promises'
import type { Database } from '../db/index.ts'
import type { Meters } from '../metrics.ts'
import type { DailyJob, JobContext } from './daily.ts'
import { bossDb, PgBoss } from './queue.ts'

const QUEUE = 'daily-jobs'
const DAY_MS = 86_400_000

interface Payload {
  job: string
  day: string
}

export interface SchedulerOptions {
  db: Database
  jobs: readonly DailyJob[]
  /** What each run gets besides the database and the clock. */
  context: Omit<JobContext, 'db' | 'now'>
  now?: () => Date
  /** How many ended days each tick gives (days missed while no server ran, up to this many back). */
  catchUpDays?: number
  retryLimit?: number
  retryDelaySeconds?: number
  tickSeconds?: number
  /** pg-boss's maintenance timers (expired jobs, archiving); off for a test's short-lived scheduler. */
  supervise?: boolean
  /** Counts the runs; undefined when metrics are off. */
  metrics?: Meters | undefined
}

/** 'YYYY-MM-DD' of the UTC day `offset` days from the one `time` falls in. */
export function utcDay(time: Date, offset = 0): string {
  const start = Math.floor(time.getTime() / DAY_MS) * DAY_MS
  return new Date(start + offset * DAY_MS).toISOString().slice(0, 10)
}

/** The last `count` UTC days that have ended at `now`, oldest first. */
export function endedDays(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) => utcDay(now, i - count))
}

export class Scheduler {
  readonly now: () => Date
  #options: Required<Omit<SchedulerOptions, 'now' | 'metrics'>>
  readonly #metrics: Meters | undefined
  #boss: Promise<PgBoss> | undefined
  #timer: NodeJS.Timeout | undefined
  #tick: Promise<void> | undefined

  constructor({ now = () => new Date(), metrics, ...options }: SchedulerOptions) {
    this.now = now
    this.#metrics = metrics
    this.#options = {
      catchUpDays: 7,
      retryLimit: 5,
      retryDelaySeconds: 60,
      tickSeconds: 60,
      supervise: true,
      ...options,
    }
  }

  /** pg-boss, started (its schema created or migrated, the queue created) on first use. */
  #queue(): Promise<PgBoss> {
    this.#boss ??= this.#startQueue().catch((error: unknown) => {
      this.#boss = undefined // the next tick tries again
      throw error
    })
    return this.#boss
  }

  async #startQueue(): Promise<PgBoss> {
    const { db, supervise, context } = this.#options
    // Processes starting at once on a new database may collide creating pg-boss's schema or the queue (on
    // PostgreSQL a duplicate key or a deadlock): one of them wins, and the others find its work next try.
    for (let attempt = 1; ; attempt++) {
      const boss = new PgBoss({ db: bossDb(db), supervise, schedule: false })
      boss.on('error', (error) => context.log.error({ err: error }, 'job queue'))
      try {
        await boss.start()
        if (!(await boss.getQueue(QUEUE))) await boss.createQueue(QUEUE)
        return boss
      } catch (error) {
        await boss.stop({ graceful: false, close: false }).catch(() => {})
        if (attempt >= 5) throw error
        await delay(100 * attempt)
      }
    }
  }

  /** Ticks now and then every tickSeconds, until stop. */
  start(): void {
    if (this.#timer) return
    const tick = () => {
      this.#tick ??= this.tick()
        .catch((error: unknown) => this.#options.context.log.error({ err: error }, 'daily jobs'))
        .finally(() => (this.#tick = undefined))
    }
    this.#timer = setInterval(tick, this.#options.tickSeconds * 1000)
    this.#timer.unref()
    tick()
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer)
    this.#timer = undefined
    await this.#tick
    const boss = await this.#boss?.catch(() => undefined)
    this.#boss = undefined
    await boss?.stop({ graceful: false, close: false })
  }

  /** Gives every ended day of the catch-up window to the queue, then runs what is ready. */
  async tick(): Promise<void> {
    for (const day of endedDays(this.now(), this.#options.catchUpDays)) await this.enqueue(day)
    await this.drain()
  }

  /** Gives a day to the queue for each job that has not had it yet. */
  async enqueue(day: string): Promise<void> {
    const boss = await this.#queue()
    const { db, jobs, retryLimit, retryDelaySeconds } = this.#options
    const given = await db.query<{ job_name: string }>('SELECT job_name FROM job_day WHERE day = $1', [day])
    for (const job of jobs) {
      if (given.some((row) => row.job_name === job.name)) continue
      await db.transaction(async (tx) => {
        const [inserted] = await tx.query(
          'INSERT INTO job_day (job_name, day) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1',
          [job.name, day],
        )
        if (!inserted) return
        const payload: Payload = { job: job.name, day }
        await boss.send(QUEUE, payload, {
          retryLimit,
          retryDelay: retryDelaySeconds,
          retryBackoff: retryDelaySeconds > 0,
          expireInSeconds: 3600,
          db: bossDb(tx),
        })
      })
    }
  }

  /** Runs the queued jobs that are ready (not waiting for a retry), one at a time, oldest first. */
  async drain(): Promise<void> {
    const boss = await this.#queue()
    for (;;) {
      const [job] = await boss.fetch<Payload>(QUEUE, { includeMetadata: true })
      if (!job) return
      await this.#run(boss, job)
    }
  }

  async #run(boss: PgBoss, job: PgBoss.JobWithMetadata<Payload>): Promise<void> {
    const { db, jobs, context } = this.#options
    const { day } = job.data
    const daily = jobs.find((candidate) => candidate.name === job.data.job)
    const log = context.log.child({ job: job.data.job, day, attempt: job.retryCount + 1 })
    let error: string | undefined
    let thrown: unknown
    try {
      if (!daily) throw new Error('no daily job has this name in this server')
      await daily.run({ ...context, db, now: this.now }, day)
    } catch (caught) {
      thrown = caught
      error = caught instanceof Error ? caught.message : String(caught)
    }
    this.#metrics?.jobRun(job.data.job, error !== undefined)
    const state = error === undefined ? 'done' : job.retryCount < job.retryLimit ? 'queued' : 'failed'
    await db.transaction(async (tx) => {
      await tx.query(
        `UPDATE job_day SET state = $3, attempts = attempts + 1, last_error = $4,
                done_at = CASE WHEN $3 = 'done' THEN now() END
          WHERE job_name = $1 AND day = $2`,
        [job.data.job, day, state, error ?? null],
      )
      if (error === undefined) await boss.complete(QUEUE, job.id, { day }, { db: bossDb(tx) })
      else await boss.fail(QUEUE, job.id, { message: error }, { db: bossDb(tx) })
    })
    if (state === 'done') log.info('daily job done')
    // The row keeps the message; the log line the whole error, stack and cause.
    else log.error({ err: thrown, willRetry: state === 'queued' }, 'daily job failed')
  }

  /** Gives one day to the queue and runs it; throws when a job of that day did not finish (tests). */
  async runDay(day: string): Promise<void> {
    await this.enqueue(day)
    await this.drain()
    const unfinished = await this.#options.db.query<{ job_name: string; last_error: string | null }>(
      "SELECT job_name, last_error FROM job_day WHERE day = $1 AND state <> 'done' ORDER BY job_name",
      [day],
    )
    if (unfinished.length > 0) {
      const names = unfinished.map((row) => `${row.job_name} (${row.last_error ?? 'not run'})`)
      throw new Error(`Daily jobs of ${day} did not finish: ${names.join(', ')}`)
    }
  }
}
