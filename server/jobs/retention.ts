// The daily retention job (services/retention.ts): applies every volume's settings for the day that ended.
import { applyRetention } from '../services/retention.ts'
import type { DailyJob } from './daily.ts'

export const retentionJob: DailyJob = {
  name: 'retention',
  async run(ctx, day) {
    const result = await applyRetention(
      {
        db: ctx.db,
        store: ctx.store,
        storeOf: (orgId, storeId) => ctx.stores.holding(orgId, storeId),
        log: ctx.log,
      },
      day,
    )
    ctx.log.info({ day, ...result }, 'retention applied')
  },
}
