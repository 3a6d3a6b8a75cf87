// Picks the product's default object store by configuration: the S3-compatible store when S3_* is set
// (its SDK is loaded only then), the local store under DATA_DIR otherwise. storePlugin puts it on the app
// as app.store and serves the local store's signed URLs when that is the one in use.
import type { FastifyBaseLogger } from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import type { Config } from '../config.ts'
import type { Queryable } from '../db/database.ts'
import { LocalStore } from './local.ts'
import { localStoreRoutes } from './localRoutes.ts'
import { s3BrowserOrigins } from './s3Addressing.ts'
import type { ObjectStore } from './store.ts'

declare module 'fastify' {
  interface FastifyInstance {
    store: ObjectStore
  }
}

export interface DefaultStoreOptions {
  config: Config
  db: Queryable
  log: FastifyBaseLogger
}

/**
 * The origins the default store's signed URLs name, as the content security policy's connect-src lists
 * them: the S3 store's browser origins (s3Addressing.ts), else the local store's hosts (STORAGE_URLS, or
 * PUBLIC_URL's: the console may be served from an organization's own host, to which it is another origin).
 */
export function defaultStoreOrigins(config: Pick<Config, 's3' | 'storageUrls'>): string[] {
  if (config.s3) return s3BrowserOrigins(config.s3)
  return [...new Set(config.storageUrls.map((base) => new URL(base).origin))]
}

export async function createDefaultStore(options: DefaultStoreOptions): Promise<ObjectStore> {
  const { config, db, log } = options
  if (config.s3) {
    const { S3Store } = await import('./s3.ts')
    return new S3Store(config.s3, log)
  }
  return LocalStore.open({
    dataDir: config.dataDir,
    publicUrl: config.publicUrl,
    storageUrls: config.storageUrls,
    db,
  })
}

export interface StorePluginOptions {
  /** Origins the console is served at: the local store's CORS answers name them alone (localCors.ts). */
  isConsoleOrigin: (origin: string) => boolean
}

/** Decorates app.store (after app.config and app.db) and closes the store with the app. */
export const storePlugin = fastifyPlugin<StorePluginOptions>(
  async (app, { isConsoleOrigin }) => {
    const store = await createDefaultStore({ config: app.config, db: app.db, log: app.log })
    app.decorate('store', store)
    app.addHook('onClose', () => store.close())
    if (store instanceof LocalStore) {
      await app.register(localStoreRoutes, { store, isConsoleOrigin, metrics: app.metrics })
    }
  },
  { name: 'object-store', fastify: '5.x', decorators: { fastify: ['config', 'db'] } },
)
