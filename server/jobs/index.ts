// The daily jobs in the server: a scheduler over the app's database and stores, started once the server is
// ready unless JOBS=off, stopped on close. app.jobContext gives tests' schedulers the same context.
import type { FastifyInstance } from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import { dailyJobs, type JobContext } from './daily.ts'
import { Scheduler } from './scheduler.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** What a daily job gets besides the database and the clock. */
    jobContext: Omit<JobContext, 'db' | 'now'>
  }
}

export const jobsPlugin = fastifyPlugin(
  async (app: FastifyInstance) => {
    app.decorate('jobContext', {
      store: app.store,
      // The network stores (storage/networkStores.ts), registered before this plugin.
      stores: app.stores,
      sealer: app.sealer,
      payments: app.payments,
      log: app.log.child({ component: 'jobs' }),
    })
    if (!app.config.jobs) return
    const scheduler = new Scheduler({ db: app.db, jobs: dailyJobs, context: app.jobContext })
    app.addHook('onReady', async () => scheduler.start())
    app.addHook('onClose', () => scheduler.stop())
  },
  {
    name: 'daily-jobs',
    fastify: '5.x',
    decorators: { fastify: ['config', 'db', 'store', 'sealer', 'payments'] },
  },
)
