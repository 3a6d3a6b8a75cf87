// The default object store as the app exposes it (app.store), for the routes that sign transfers.
import type { ObjectStore } from './store.ts'

declare module 'fastify' {
  interface FastifyInstance {
    store: ObjectStore
  }
}

/** Signed transfer URLs live long enough for a large file on a slow link, and no longer. */
export const UPLOAD_URL_SECONDS = 6 * 60 * 60
export const DOWNLOAD_URL_SECONDS = 6 * 60 * 60
