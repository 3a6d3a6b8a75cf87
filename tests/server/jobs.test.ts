// The daily jobs' scheduler and queue (server/jobs; issue 12) on each database: a day runs once however many
// schedulers tick, failures are retried with backoff, a day done is never run again, missed days are caught
// up in order, and the injected clock alone decides which days have ended. Then the test harness over a
// server (helpers/jobs.ts) and the JOBS setting.
import type { FastifyBaseLogger } from 'fastify'
import { pino } from 'pino'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { openDatabase, type Database } from '../../server/db/index.ts'
import { dailyJobs, type DailyJob, type JobContext } from '../../server/jobs/daily.ts'
import { Scheduler, endedDays, type SchedulerOptions } from '../../server/jobs/scheduler.ts'
import { databaseKinds, freshDatabase, type FreshDatabase } from './helpers/databases.ts'
import { daysBetween, runDays } from './helpers/jobs.ts'
import { startServer } from './helpers/server.ts'
import { useServer } from './helpers/suite.ts'

const context = {
  store: {},
  sealer: {},
  log: pino({ level: 'silent' }) as FastifyBaseLogger,
} as unknown as Omit<JobContext, 'db' | 'now'>

/** A job that records each run as "name day", failing while fail(day, attempt) says so. */
function recordingJob(
  name: string,
  runs: string[],
  fail: (day: string, attempt: number) => boolean = () => false,
) {
  const attempts = new Map<string, number>()
  const job: DailyJob = {
    name,
    async run(_ctx, day) {
      const attempt = (attempts.get(day) ?? 0) + 1
      attempts.set(day, attempt)
      runs.push(`${name} ${day}`)
      if (fail(day, attempt)) throw new Error(`disk on fire (attempt ${attempt})`)
    },
  }
  return job
}

interface JobDay {
  job_name: string
  day: string
  state: string
  attempts: number
  last_error: string | null
}

const jobDays = (db: Database) =>
  db.query<JobDay>(
    'SELECT job_name, day::text AS day, state, attempts, last_error FROM job_day ORDER BY day, job_name',
  )

describe.each(databaseKinds)('daily jobs on %s', (kind) => {
  const opened: { database: FreshDatabase; dbs: Database[]; schedulers: Scheduler[] }[] = []

  /** A fresh database, opened `connections` times (PostgreSQL: separate pools, as separate processes). */
  async function databases(connections = 1): Promise<Database[]> {
    const database = await freshDatabase(kind)
    const first = await openDatabase(database)
    const dbs = [first]
    // PGlite is one process's database: two schedulers of that process share it.
    for (let i = 1; i < connections; i++) dbs.push(kind === 'postgres' ? await openDatabase(database) : first)
    opened.push({ database, dbs, schedulers: [] })
    return dbs
  }

  function scheduler(db: Database, options: Partial<SchedulerOptions> & Pick<SchedulerOptions, 'jobs'>) {
    const created = new Scheduler({ db, context, supervise: false, retryDelaySeconds: 0, ...options })
    opened.at(-1)?.schedulers.push(created)
    return created
  }

  afterEach(async () => {
    for (const { database, dbs, schedulers } of opened.splice(0)) {
      for (const each of schedulers) await each.stop()
      for (const db of new Set(dbs)) await db.close()
      await database.drop()
    }
  })

  it('runs a job once per day even when two schedulers tick at once', async () => {
    const [one, two] = await databases(2)
    const runs: string[] = []
    const now = () => new Date('2026-03-10T12:00:00Z')
    const a = scheduler(one as Database, { jobs: [recordingJob('meter', runs)], now, catchUpDays: 3 })
    const b = scheduler(two as Database, { jobs: [recordingJob('meter', runs)], now, catchUpDays: 3 })

    await Promise.all([a.tick(), b.tick()])
    await Promise.all([a.tick(), b.tick(), a.tick()])

    expect(runs.sort()).toEqual(['meter 2026-03-07', 'meter 2026-03-08', 'meter 2026-03-09'])
    expect((await jobDays(one as Database)).map((row) => [row.day, row.state, row.attempts])).toEqual([
      ['2026-03-07', 'done', 1],
      ['2026-03-08', 'done', 1],
      ['2026-03-09', 'done', 1],
    ])
  })

  it('retries a failing job until it succeeds, and gives up after the retry limit', async () => {
    const [db] = (await databases()) as [Database]
    const runs: string[] = []
    const flaky = recordingJob('meter', runs, (day, attempt) => day === '2026-03-09' && attempt < 3)
    const broken = recordingJob('purge', runs, (day) => day === '2026-03-09')
    const now = () => new Date('2026-03-10T00:00:00Z')
    await scheduler(db, { jobs: [flaky, broken], now, catchUpDays: 1, retryLimit: 3 }).tick()

    expect(runs.filter((run) => run === 'meter 2026-03-09')).toHaveLength(3)
    expect(runs.filter((run) => run === 'purge 2026-03-09')).toHaveLength(4) // the first run and 3 retries
    expect(await jobDays(db)).toEqual([
      { job_name: 'meter', day: '2026-03-09', state: 'done', attempts: 3, last_error: null },
      {
        job_name: 'purge',
        day: '2026-03-09',
        state: 'failed',
        attempts: 4,
        last_error: 'disk on fire (attempt 4)',
      },
    ])
  })

  it('waits before a retry, longer after each failure', async () => {
    const [db] = (await databases()) as [Database]
    const runs: string[] = []
    const job = recordingJob('meter', runs, (_day, attempt) => attempt === 1)
    const now = () => new Date('2026-03-10T00:00:00Z')
    const patient = scheduler(db, { jobs: [job], now, catchUpDays: 1, retryDelaySeconds: 60 })
    await patient.tick()
    await patient.tick()

    expect(runs).toEqual(['meter 2026-03-09'])
    expect(await jobDays(db)).toMatchObject([
      { day: '2026-03-09', state: 'queued', attempts: 1, last_error: 'disk on fire (attempt 1)' },
    ])
    // Backoff: the first retry waits from once to twice the delay.
    const [queued] = await db.query<{ wait: number }>(
      "SELECT extract(epoch FROM start_after - now())::float8 AS wait FROM pgboss.job WHERE state = 'retry'",
    )
    expect(queued?.wait).toBeGreaterThan(55)
    expect(queued?.wait).toBeLessThanOrEqual(120)
  })

  it('does nothing when a day is run again', async () => {
    const [db] = (await databases()) as [Database]
    const runs: string[] = []
    const now = () => new Date('2026-03-10T06:00:00Z')
    const daily = scheduler(db, { jobs: [recordingJob('meter', runs)], now, catchUpDays: 2 })
    await daily.tick()
    await daily.tick()
    await daily.runDay('2026-03-09')
    await scheduler(db, { jobs: [recordingJob('meter', runs)], now, catchUpDays: 2 }).tick()

    expect(runs).toEqual(['meter 2026-03-08', 'meter 2026-03-09'])
    expect((await jobDays(db)).map((row) => row.attempts)).toEqual([1, 1])
  })

  it('catches up the days missed, in order, up to catchUpDays back', async () => {
    const [db] = (await databases()) as [Database]
    const runs: string[] = []
    let clock = new Date('2026-03-10T00:00:05Z')
    const jobs = [recordingJob('meter', runs), recordingJob('purge', runs)]
    const daily = scheduler(db, { jobs, now: () => clock })
    const both = (days: string[]) => days.flatMap((day) => [`meter ${day}`, `purge ${day}`])

    await daily.tick() // a first start: the last 7 days
    expect(runs.splice(0)).toEqual(both(daysBetween('2026-03-03', '2026-03-09')))

    clock = new Date('2026-03-14T08:00:00Z') // down for four days
    await daily.tick()
    expect(runs.splice(0)).toEqual(both(daysBetween('2026-03-10', '2026-03-13')))

    clock = new Date('2026-04-01T08:00:00Z') // down for longer than the catch-up window
    await daily.tick()
    expect(runs.splice(0)).toEqual(both(daysBetween('2026-03-25', '2026-03-31')))
  })

  it('lets the clock decide which days have ended', async () => {
    const [db] = (await databases()) as [Database]
    const runs: string[] = []
    const seen: string[] = []
    let clock = new Date('2026-03-10T23:59:59.999Z')
    const job: DailyJob = {
      name: 'meter',
      async run(ctx, day) {
        runs.push(day)
        seen.push(ctx.now().toISOString())
      },
    }
    const daily = scheduler(db, { jobs: [job], now: () => clock, catchUpDays: 1 })

    await daily.tick()
    expect(runs).toEqual(['2026-03-09'])
    await daily.tick()
    expect(runs).toEqual(['2026-03-09'])
    clock = new Date('2026-03-11T00:00:00.000Z')
    await daily.tick()
    expect(runs).toEqual(['2026-03-09', '2026-03-10'])
    expect(seen).toEqual(['2026-03-10T23:59:59.999Z', '2026-03-11T00:00:00.000Z'])
    expect(endedDays(new Date('2026-01-01T00:00:00Z'), 2)).toEqual(['2025-12-30', '2025-12-31'])
  })
})

describe.each(databaseKinds)('daily jobs of a server on %s', (kind) => {
  const suite = useServer(kind)

  it('runs simulated days in order through the queue, and each day once', async () => {
    const runs: string[] = []
    const jobs = [recordingJob('meter', runs), recordingJob('purge', runs)]
    await runDays(suite, '2026-02-27', '2026-03-02', jobs)
    await runDays(suite, '2026-03-01', '2026-03-03', jobs)

    expect(runs).toEqual(
      daysBetween('2026-02-27', '2026-03-03').flatMap((day) => [`meter ${day}`, `purge ${day}`]),
    )
    const failing = recordingJob('broken', runs, () => true)
    await expect(runDays(suite, '2026-03-04', '2026-03-04', [failing])).rejects.toThrow(
      'Daily jobs of 2026-03-04 did not finish: broken (disk on fire (attempt 1))',
    )
  })
})

describe.each(databaseKinds)('the JOBS setting on %s', (kind) => {
  it('starts the scheduler unless JOBS=off', async () => {
    const queueSchema = "SELECT 1 AS found FROM pg_namespace WHERE nspname = 'pgboss'"
    const off = await startServer(kind) // test servers run with JOBS=off
    try {
      expect(await off.app.db.query(queueSchema)).toEqual([])
    } finally {
      await off.close()
    }
    // A job of the registry, as the areas add theirs: the server runs it for the last 7 ended days.
    const runs: string[] = []
    const probe: DailyJob = {
      name: 'probe',
      async run(ctx, day) {
        runs.push(`${day} ${typeof ctx.store.head} ${ctx.db.kind}`)
      },
    }
    dailyJobs.push(probe)
    const on = await startServer(kind, { env: { JOBS: 'on' } })
    try {
      await vi.waitFor(() => expect(runs).toHaveLength(7), { timeout: 20_000, interval: 100 })
      const days = endedDays(new Date(), 7)
      expect(runs).toEqual(days.map((day) => `${day} function ${kind}`))
    } finally {
      dailyJobs.splice(dailyJobs.indexOf(probe), 1)
      await on.close()
    }
    // Closing stopped the scheduler before the database: nothing failed on the way.
    expect(on.logs.filter((line) => JSON.parse(line).level >= 50)).toEqual([])
  })
})
