// The daily jobs: work done once for each UTC day that has ended (usage metering, retention). The scheduler
// (scheduler.ts) runs each job once per day through the job queue, retries it on failure and catches up
// days missed while no server ran. A job's run must be idempotent for its day (upserts: a re-run changes
// nothing) and safe when two server processes run it at once.
import type { FastifyBaseLogger } from 'fastify'
import type { Sealer } from '../auth/sealing.ts'
import type { Database } from '../db/index.ts'
import type { PaymentProvider } from '../payments/provider.ts'
import type { StoreSet } from '../services/placement.ts'
import type { ObjectStore } from '../storage/store.ts'
import { invoiceJob } from './invoices.ts'
import { meterUsageJob } from './meterUsage.ts'
import { retentionJob } from './retention.ts'

export interface JobContext {
  db: Database
  store: ObjectStore
  /** The organizations' network stores (storage/networkStores.ts): the store that holds an object. */
  stores: StoreSet
  sealer: Sealer
  /** Where invoices are charged (payments/index.ts). */
  payments: PaymentProvider
  /** The scheduler's clock (a test's simulated one). A job works on its day, not on this time. */
  now(): Date
  log: FastifyBaseLogger
}

export interface DailyJob {
  /** Unique and stable: the record of the days done is kept under this name. */
  name: string
  run(ctx: JobContext, day: string /* 'YYYY-MM-DD', a UTC day that has ended */): Promise<void>
}

/** Every daily job, run in this order for each day. Each area adds its job here, one line each. */
// Retention first: the day's usage is then measured after what the day's settings purged. Invoices last:
// they are made of the metered days.
export const dailyJobs: DailyJob[] = [retentionJob, meterUsageJob, invoiceJob]
