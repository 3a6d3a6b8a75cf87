// Apps (specification 001 sections 2 and 7): the clients devices register through.
import type { FastifyInstance } from 'fastify'
import { endpoints } from '../contract/endpointSchemas.ts'
import { appDetail, createApp, listAppsOf, newAppKey, updateAppByAdmin } from '../services/apps.ts'
import { route } from './define.ts'

export async function appRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.appList, async ({ access }) => ({ app_list: await listAppsOf(app.db, access) }))

  route(app, endpoints.appCreate, async ({ access, body }) => ({
    app_id: await createApp(app.db, access, body.app_name),
  }))

  route(app, endpoints.appDetail, async ({ access, params }) => ({
    app: await appDetail(app.db, access, params.app_id),
  }))

  route(app, endpoints.appUpdate, async ({ access, params, body }) => {
    await updateAppByAdmin(app.db, access, params.app_id, body)
    return {}
  })

  route(app, endpoints.appNewKey, async ({ access, params }) => ({
    secret_key: await newAppKey(app.db, access, params.app_id),
  }))
}
