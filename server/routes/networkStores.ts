// Network stores (specification 001 sections 2 and 7): an organization's own S3-compatible buckets.
import type { FastifyInstance } from 'fastify'
import { endpoints } from '../contract/endpointSchemas.ts'
import {
  addStore,
  editStore,
  listStoresOf,
  reorderStores,
  setStoreStatus,
  storeDetail,
  type NetworkStoreContext,
} from '../services/networkStores.ts'
import { route } from './define.ts'

export async function networkStoreRoutes(app: FastifyInstance): Promise<void> {
  const context = (): NetworkStoreContext => ({
    db: app.db,
    stores: app.stores,
    sealer: app.sealer,
    allowPrivateHosts: app.config.storeAllowPrivateHosts,
  })

  route(app, endpoints.networkStoreList, async ({ access }) => ({
    s3_bucket_list: await listStoresOf(app.db, access.org_id),
  }))

  route(app, endpoints.networkStoreAdd, async ({ access, body }) => ({
    s3_bucket_id: await addStore(context(), access, body),
  }))

  route(app, endpoints.networkStoreDetail, async ({ access, params }) => ({
    s3_bucket: await storeDetail(app.db, access, params.s3_bucket_id),
  }))

  route(app, endpoints.networkStoreUpdate, async ({ access, params, body }) => {
    await editStore(context(), access, params.s3_bucket_id, body)
    return {}
  })

  route(app, endpoints.networkStoreStatus, async ({ access, params, body }) => {
    await setStoreStatus(context(), access, params.s3_bucket_id, body.is_disabled)
    return {}
  })

  route(app, endpoints.networkStoreOrder, async ({ access, body }) => {
    await reorderStores(app.db, access, body)
    return {}
  })
}
