// The stores an upload can go to and a download can come from: the service's own store (id 0, app.store)
// and each organization's network stores (its own S3-compatible buckets). A network store's client is made
// from its row (secret opened from its seal) and cached by (id, updated_at), so an edit takes effect on the
// next call. Every connection to a network store goes through the SSRF guard (storage/networkStores.ts).
//
// Placement: a new object goes to the first enabled store, by priority, whose max size admits it and that
// answers, else to the service's store. A store's health is the last probe (a write, read and delete under
// its prefix) and the calls the server made to it since: a failed call marks it down, and it is probed again
// when the last probe is older than PROBE_FRESH_MS. A store that is down takes no new objects, and its
// objects answer 503 (store_unavailable), never 404: clients may take a 404 for a deleted file.
import type { FastifyBaseLogger } from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import type { Sealer } from '../auth/sealing.ts'
import { sealedLabels } from '../auth/sealedValues.ts'
import type { Config } from '../config.ts'
import { DEFAULT_STORE_ID } from '../contract/networkStore.ts'
import type { Queryable } from '../db/database.ts'
import { HttpError } from '../errors.ts'
import type { Meters } from '../metrics.ts'
import {
  addBytesPlaced,
  findNetworkStore,
  listNetworkStores,
  recordProbe,
  recordRequest,
  type NetworkStoreRow,
} from '../repositories/networkStores.ts'
import { describeError, openNetworkStore, type NetworkStoreSettings } from '../storage/networkStores.ts'
import type { S3Store } from '../storage/s3.ts'
import type { ObjectStore } from '../storage/store.ts'

declare module 'fastify' {
  interface FastifyInstance {
    stores: StoreSet
  }
}

/** A probe younger than this vouches for a store; an older one is made again before the store is trusted. */
export const PROBE_FRESH_MS = 60_000

export class StoreSet {
  private readonly cache = new Map<number, { updatedAt: string; store: S3Store }>()

  constructor(
    private readonly db: Queryable,
    readonly defaultStore: ObjectStore,
    private readonly sealer: Sealer,
    private readonly config: Pick<Config, 'storeAllowPrivateHosts'>,
    private readonly log: FastifyBaseLogger,
    /** Counts the stores' failures; undefined when metrics are off. */
    private readonly metrics?: Meters,
  ) {}

  /** A client for settings that are not saved yet (the probe before an add or an edit). */
  async open(settings: NetworkStoreSettings): Promise<S3Store> {
    return openNetworkStore(settings, this.config, this.log)
  }

  private async storeOf(row: NetworkStoreRow): Promise<S3Store> {
    const cached = this.cache.get(row.s3_bucket_id)
    if (cached?.updatedAt === row.updated_at) return cached.store
    if (cached) void cached.store.close()
    const store = await this.open({
      endpoint: row.s3_host,
      endpointAliases: row.s3_host_aliases,
      region: row.s3_bucket_region,
      bucket: row.s3_bucket,
      prefix: row.s3_bucket_prefix,
      accessKeyId: row.aws_access_key_id,
      secretAccessKey: this.sealer
        .open(row.sealed_secret, sealedLabels.networkStoreSecret(row.org_id, row.s3_bucket_id))
        .toString('utf8'),
    })
    this.cache.set(row.s3_bucket_id, { updatedAt: row.updated_at, store })
    return store
  }

  /** Probes a saved store and records the outcome; true when it answered. */
  private async probeRow(row: NetworkStoreRow): Promise<boolean> {
    let error: string | null = null
    try {
      await (await this.storeOf(row)).probe()
    } catch (caught) {
      error = describeError(caught)
      this.metrics?.storeError('network')
      this.log.warn({ s3_bucket_id: row.s3_bucket_id, err: caught }, 'a network store failed its probe')
    }
    await recordProbe(this.db, row.s3_bucket_id, error)
    return error === null
  }

  /** Whether a store can be trusted now: a fresh passing probe, or a new probe that passes. */
  private async isUp(row: NetworkStoreRow, now = Date.now()): Promise<boolean> {
    const probedAt = row.last_probe_at ? Date.parse(row.last_probe_at) : 0
    if (now - probedAt < PROBE_FRESH_MS) return row.last_probe_ok === true
    return this.probeRow(row)
  }

  /** Where a new object of this size goes: the first enabled store by priority that admits it and is up. */
  async place(orgId: number, size: number): Promise<{ storeId: number; store: ObjectStore }> {
    for (const row of await listNetworkStores(this.db, orgId)) {
      if (row.is_disabled || row.max_size < size) continue
      try {
        if (await this.isUp(row)) return { storeId: row.s3_bucket_id, store: await this.storeOf(row) }
      } catch (error) {
        this.log.warn({ s3_bucket_id: row.s3_bucket_id, err: error }, 'a network store could not be used')
      }
    }
    return { storeId: DEFAULT_STORE_ID, store: this.defaultStore }
  }

  /**
   * The store that holds (or is receiving) an organization's object. A network store that is down answers
   * 503, whether it is enabled or not: a disabled store keeps serving what it holds.
   */
  async holding(orgId: number, storeId: number): Promise<ObjectStore> {
    if (storeId === DEFAULT_STORE_ID) return this.defaultStore
    const row = await findNetworkStore(this.db, orgId, storeId)
    if (!row) throw new HttpError(503, 'store_unavailable')
    if (!(await this.isUp(row))) throw new HttpError(503, 'store_unavailable')
    return this.storeOf(row)
  }

  /**
   * Runs a call to a store and records it: a network store's failure is counted and marks it down, and
   * answers 503 (store_unavailable); the service's own store's failures pass through as they are.
   */
  async call<T>(storeId: number, work: () => Promise<T>, passes?: (error: unknown) => boolean): Promise<T> {
    if (storeId === DEFAULT_STORE_ID) {
      try {
        return await work()
      } catch (error) {
        // An answer the store gives on purpose (a refused checksum, a missing part) is not its failure.
        if (!passes?.(error) && !(error instanceof HttpError)) this.metrics?.storeError('default')
        throw error
      }
    }
    try {
      const result = await work()
      await recordRequest(this.db, storeId, null)
      return result
    } catch (error) {
      if (passes?.(error)) {
        await recordRequest(this.db, storeId, null)
        throw error
      }
      this.metrics?.storeError('network')
      await recordRequest(this.db, storeId, describeError(error))
      this.log.warn({ s3_bucket_id: storeId, err: error }, 'a network store call failed')
      throw new HttpError(503, 'store_unavailable')
    }
  }

  /** Whether an id names the service's store or one of the organization's network stores. */
  async isStoreOf(orgId: number, storeId: number): Promise<boolean> {
    if (storeId === DEFAULT_STORE_ID) return true
    return (await findNetworkStore(this.db, orgId, storeId)) !== undefined
  }

  /** Counts the bytes of a confirmed object in its store. */
  async placed(storeId: number, bytes: number): Promise<void> {
    if (storeId !== DEFAULT_STORE_ID) await addBytesPlaced(this.db, storeId, bytes)
  }

  async close(): Promise<void> {
    for (const { store } of this.cache.values()) await store.close()
    this.cache.clear()
  }
}

/** Decorates app.stores (after app.store and app.sealer) and closes the network stores' clients with the app. */
export const storeSetPlugin = fastifyPlugin(
  async (app) => {
    const stores = new StoreSet(app.db, app.store, app.sealer, app.config, app.log, app.metrics)
    app.decorate('stores', stores)
    app.addHook('onClose', () => stores.close())
  },
  { name: 'store-set', fastify: '5.x', decorators: { fastify: ['config', 'db', 'store', 'sealer'] } },
)
