// The jobs in the server: the daily jobs' scheduler over the app's database and stores, and the derivative
// queue's worker (thumbnails, derivativeQueue.ts), both started once the server is ready unless JOBS=off,
// stopped on close. app.jobContext gives tests' schedulers the same context; app.derivatives is the queue
// confirmations send to (whether or not this process works it) and tests drain.
import type { FastifyInstance } from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import { dailyJobs, type JobContext } from './daily.ts'
import { DerivativeQueue } from './derivativeQueue.ts'
import { Scheduler } from './scheduler.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** What a daily job gets besides the database and the clock. */
    jobContext: Omit<JobContext, 'db' | 'now'>
    derivatives: DerivativeQueue
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
    const works = app.config.jobs && app.config.thumbnailJobs > 0
    const derivatives = new DerivativeQueue({
      db: app.db,
      stores: app.stores,
      log: app.log.child({ component: 'derivatives' }),
      concurrency: Math.max(1, app.config.thumbnailJobs),
      supervise: works,
      metrics: app.metrics,
    })
    app.decorate('derivatives', derivatives)
    app.addHook('onClose', () => derivatives.stop())
    if (works) app.addHook('onReady', async () => derivatives.start())
    if (!app.config.jobs) return
    const scheduler = new Scheduler({
      db: app.db,
      jobs: dailyJobs,
      context: app.jobContext,
      metrics: app.metrics,
    })
    app.addHook('onReady', async () => scheduler.start())
    app.addHook('onClose', () => scheduler.stop())
  },
  {
    name: 'daily-jobs',
    fastify: '5.x',
    decorators: { fastify: ['config', 'db', 'store', 'stores', 'sealer', 'payments'] },
  },
)
