// What the server counts for Prometheus (/metrics, served by http/metrics.ts), with every metric's name in
// one place. One registry per app, never prom-client's global one: several apps in one process (the tests)
// each count their own. Parts of the server that see an event call a Meters method (stores, jobs, the local
// store's PUTs); figures the server keeps anyway (the listing cache's lookups, the database pool) are read
// when scraped. Metrics are off unless METRICS_TOKEN is set: then app.metrics is undefined and nothing is
// counted.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'

/** Every metric's name: what dashboards and alerts are written against. */
export const METRIC_NAMES = {
  requests: 'media_console_http_requests_total',
  requestSeconds: 'media_console_http_request_duration_seconds',
  receivedBytes: 'media_console_local_store_received_bytes_total',
  receivedUploads: 'media_console_local_store_received_total',
  storeErrors: 'media_console_store_errors_total',
  jobRuns: 'media_console_job_runs_total',
  jobFailures: 'media_console_job_failures_total',
  poolConnections: 'media_console_db_pool_connections',
  poolIdle: 'media_console_db_pool_idle_connections',
  poolWaiting: 'media_console_db_pool_waiting_queries',
  listingCache: 'media_console_listing_cache_lookups_total',
} as const

/**
 * Request times in seconds: API calls take milliseconds, a part PUT to the local store seconds to minutes
 * (prom-client's default buckets end at 10 s).
 */
const REQUEST_SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800]

/** The store a failure is counted against: the service's own, or any organization's network store. */
export type StoreLabel = 'default' | 'network'

/** What a local store PUT carried: a whole object (a single PUT) or one part of a multipart upload. */
export type ReceivedKind = 'object' | 'part'

/** A database pool's use at a moment (db/database.ts PoolUse). */
interface PoolUse {
  total: number
  idle: number
  waiting: number
}

export interface MeterSources {
  /** The listing cache's lookups so far (services/listingCache.ts). */
  listingLookups: () => { hits: number; misses: number }
  /** The database pool's connections; undefined for PGlite, which has none. */
  poolUse: (() => PoolUse) | undefined
}

export class Meters {
  readonly registry = new Registry()
  readonly #requests: Counter<'method' | 'route' | 'status_class'>
  readonly #requestSeconds: Histogram<'method' | 'route' | 'status_class'>
  readonly #receivedBytes: Counter<'kind'>
  readonly #receivedUploads: Counter<'kind'>
  readonly #storeErrors: Counter<'store'>
  readonly #jobRuns: Counter<'job'>
  readonly #jobFailures: Counter<'job'>

  constructor(sources: MeterSources) {
    const registers = [this.registry]
    const requestLabels = ['method', 'route', 'status_class'] as const
    this.#requests = new Counter({
      name: METRIC_NAMES.requests,
      help: 'Requests answered, by method, route pattern and status class',
      labelNames: requestLabels,
      registers,
    })
    this.#requestSeconds = new Histogram({
      name: METRIC_NAMES.requestSeconds,
      help: 'Time from a request to its answer, by method, route pattern and status class',
      labelNames: requestLabels,
      buckets: REQUEST_SECONDS_BUCKETS,
      registers,
    })
    this.#receivedBytes = new Counter({
      name: METRIC_NAMES.receivedBytes,
      help: 'Bytes the local store received and verified, by kind (object or part)',
      labelNames: ['kind'],
      registers,
    })
    this.#receivedUploads = new Counter({
      name: METRIC_NAMES.receivedUploads,
      help: 'Objects and parts the local store received and verified, by kind',
      labelNames: ['kind'],
      registers,
    })
    this.#storeErrors = new Counter({
      name: METRIC_NAMES.storeErrors,
      help: "Calls to a store that failed, by store (the service's default, or a network store)",
      labelNames: ['store'],
      registers,
    })
    this.#jobRuns = new Counter({
      name: METRIC_NAMES.jobRuns,
      help: 'Job runs this process made, by job',
      labelNames: ['job'],
      registers,
    })
    this.#jobFailures = new Counter({
      name: METRIC_NAMES.jobFailures,
      help: 'Job runs this process made that failed, by job',
      labelNames: ['job'],
      registers,
    })
    new Counter({
      name: METRIC_NAMES.listingCache,
      help: 'Directory listings asked of the listing cache, by result (hit or miss)',
      labelNames: ['result'],
      registers,
      collect() {
        const { hits, misses } = sources.listingLookups()
        this.reset()
        this.inc({ result: 'hit' }, hits)
        this.inc({ result: 'miss' }, misses)
      },
    })
    const { poolUse } = sources
    if (poolUse) {
      const poolGauge = (name: string, help: string, read: (use: PoolUse) => number) =>
        new Gauge({
          name,
          help,
          registers,
          collect() {
            this.set(read(poolUse()))
          },
        })
      poolGauge(METRIC_NAMES.poolConnections, 'Connections the database pool holds open', (use) => use.total)
      poolGauge(
        METRIC_NAMES.poolIdle,
        'Connections of the database pool waiting for a query',
        (use) => use.idle,
      )
      poolGauge(
        METRIC_NAMES.poolWaiting,
        'Queries waiting for a connection of the pool',
        (use) => use.waiting,
      )
    }
    // The process's own: CPU, memory, event loop delay, file descriptors.
    collectDefaultMetrics({ register: this.registry })
  }

  /** An answered request, by its route pattern (never its URL: that would be a series per file). */
  request(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status_class: `${Math.floor(status / 100)}xx` }
    this.#requests.inc(labels)
    this.#requestSeconds.observe(labels, seconds)
  }

  /** An object or part the local store kept, its bytes verified. */
  received(kind: ReceivedKind, bytes: number): void {
    this.#receivedUploads.inc({ kind })
    this.#receivedBytes.inc({ kind }, bytes)
  }

  storeError(store: StoreLabel): void {
    this.#storeErrors.inc({ store })
  }

  /** A job run, done or failed. */
  jobRun(job: string, failed: boolean): void {
    this.#jobRuns.inc({ job })
    if (failed) this.#jobFailures.inc({ job })
  }

  /** The text a scraper reads, and its content type. */
  async exposition(): Promise<{ text: string; contentType: string }> {
    return { text: await this.registry.metrics(), contentType: this.registry.contentType }
  }
}
