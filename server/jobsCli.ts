// `npm run jobs -- [--now <ISO time>] [--days <n>]`: runs the daily jobs (retention, usage metering,
// invoices) once, as a server's scheduler does on each tick, on the database of the configuration (DATA_DIR,
// or DATABASE_URL): every day of the last <n> days ended at <now> that a job has not done yet, in order.
// An operator runs it to catch up after the jobs were off (JOBS=off, or no server for more than a week) or
// to rehearse billing on a copy of the data with a later clock (--now). On the embedded database the server
// must be stopped first: it holds DATA_DIR.
import { parseArgs } from 'node:util'
import { buildApp } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'
import { ServerKeyMismatchError } from './auth/serverKeyCheck.ts'
import { DataDirInUseError } from './db/dataDirLock.ts'
import { dailyJobs } from './jobs/daily.ts'
import { Scheduler } from './jobs/scheduler.ts'
import { restrictNewFiles } from './privateFiles.ts'

const USAGE = 'usage: npm run jobs -- [--now <ISO time, default now>] [--days <days back, default 7>]'

async function main(): Promise<void> {
  // Files it creates in DATA_DIR are its user's alone, as the server's are (privateFiles.ts).
  restrictNewFiles()
  const { values } = parseArgs({
    options: { now: { type: 'string' }, days: { type: 'string', default: '7' }, help: { type: 'boolean' } },
  })
  if (values.help) {
    console.log(USAGE)
    return
  }
  const now = values.now === undefined ? new Date() : new Date(values.now)
  const days = Number(values.days)
  if (Number.isNaN(now.getTime()) || !Number.isInteger(days) || days < 1 || days > 400) {
    console.error(USAGE)
    process.exit(2)
  }
  // This process runs the jobs itself, once; the app's own scheduler stays off.
  const config = { ...loadConfig(), jobs: false }
  const app = await buildApp({ config })
  await app.ready()
  const scheduler = new Scheduler({
    db: app.db,
    jobs: dailyJobs,
    context: app.jobContext,
    now: () => now,
    catchUpDays: days,
    supervise: false,
  })
  try {
    await scheduler.tick()
    const unfinished = await app.db.query<{ job_name: string; day: string; last_error: string | null }>(
      `SELECT job_name, day::text AS day, last_error FROM job_day WHERE state <> 'done' ORDER BY day, job_name`,
    )
    for (const row of unfinished) {
      console.error(`${row.day} ${row.job_name}: not done (${row.last_error ?? 'waiting for a retry'})`)
    }
    console.log(`jobs: days up to ${new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10)} run`)
    if (unfinished.length > 0) process.exitCode = 1
  } finally {
    await scheduler.stop()
    await app.close()
  }
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirInUseError ||
    error instanceof ServerKeyMismatchError
  ) {
    console.error(error.message)
    process.exit(2)
  }
  console.error(error)
  process.exit(1)
})
