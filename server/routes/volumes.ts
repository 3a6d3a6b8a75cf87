// Volumes of an organization and their settings.
import type { FastifyInstance } from 'fastify'
import { endpoints } from '../contract/endpointSchemas.ts'
import { volumeAtRisk } from '../services/atRisk.ts'
import { previewRetention } from '../services/retention.ts'
import { volumeUsage } from '../services/usage.ts'
import { changeVolume, createVolume, listVolumes } from '../services/volumes.ts'
import { route } from './define.ts'

export async function volumeRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.volumeList, async ({ access: admin }) => ({
    volume_list: await listVolumes(app.db, admin.org_id),
  }))

  route(app, endpoints.volumeCreate, async ({ access: admin, body }) => ({
    volume_id: await createVolume(app.db, admin, body),
  }))

  route(app, endpoints.volumeUpdate, async ({ access: admin, params, body }) => {
    await changeVolume(app.db, admin, params.volume_id, body)
    return {}
  })

  route(app, endpoints.volumeRetentionPreview, async ({ access: admin, params, body }) =>
    previewRetention(app.db, admin, params.volume_id, body),
  )

  route(app, endpoints.volumeAtRisk, async ({ access: admin, params, query }) =>
    volumeAtRisk(app.db, admin, params.volume_id, query.stale_days),
  )

  route(app, endpoints.volumeUsage, async ({ access: admin, params, query }) =>
    volumeUsage(app.db, admin, params.volume_id, query.range),
  )
}
