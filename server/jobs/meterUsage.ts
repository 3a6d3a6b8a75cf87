// The daily usage metering job (issue 12): measures every volume for the day that has ended
// (server/services/usage.ts). Its rows are upserts, so a re-run of a day, or two processes running it at
// once, leave the same rows.
import { meterUsage } from '../services/usage.ts'
import type { DailyJob } from './daily.ts'

export const meterUsageJob: DailyJob = {
  name: 'meter_usage',
  async run(ctx, day) {
    await meterUsage(ctx.db, day)
    ctx.log.info({ day }, 'usage metered')
  },
}
