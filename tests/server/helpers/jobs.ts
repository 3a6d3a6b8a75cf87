// Runs the daily jobs over simulated days through the real queue (server/jobs/scheduler.ts), as the server
// would after each day ends: a scheduler of the test's own over the suite server's database, whose clock
// stands at the start of the day after the one run. Test servers do not run the jobs themselves (JOBS=off).
import { dailyJobs, type DailyJob } from '../../../server/jobs/daily.ts'
import { Scheduler, utcDay } from '../../../server/jobs/scheduler.ts'
import type { Suite } from './suite.ts'

/** The days from fromDay to toDay ('YYYY-MM-DD', both included), in order. */
export function daysBetween(fromDay: string, toDay: string): string[] {
  const days: string[] = []
  for (let day = fromDay; day <= toDay; day = utcDay(new Date(`${day}T00:00:00Z`), 1)) days.push(day)
  return days
}

/**
 * Runs every daily job (or the ones given) for each day from fromDay to toDay, in order; throws when a job
 * of a day fails (it is not retried here). A day already run is not run again.
 */
export async function runDays(
  suite: Suite,
  fromDay: string,
  toDay: string,
  jobs: readonly DailyJob[] = dailyJobs,
): Promise<void> {
  const { app } = suite.server
  let clock = new Date(`${fromDay}T00:00:00Z`)
  const scheduler = new Scheduler({
    db: app.db,
    jobs,
    context: app.jobContext,
    now: () => clock,
    retryLimit: 0,
    supervise: false,
  })
  try {
    for (const day of daysBetween(fromDay, toDay)) {
      clock = new Date(`${utcDay(new Date(`${day}T00:00:00Z`), 1)}T00:00:00Z`)
      await scheduler.runDay(day)
    }
  } finally {
    await scheduler.stop()
  }
}
