// The audit trails an admin reads: a volume's and a file's events, and the admins' changes.
import type { FastifyInstance } from 'fastify'
import { endpoints } from '../contract/endpointSchemas.ts'
import { adminEvents, mediaAudit, volumeAudit } from '../services/audit.ts'
import { route } from './define.ts'

export async function auditRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.volumeAudit, async ({ access: admin, params, query }) =>
    volumeAudit(app.db, admin.org_id, params.volume_id, query),
  )

  route(app, endpoints.mediaAudit, async ({ access: admin, params }) => ({
    audit_list: await mediaAudit(app.db, admin.org_id, params.media_id),
  }))

  route(app, endpoints.adminEventList, async ({ access: admin, query }) =>
    adminEvents(app.db, admin.org_id, query),
  )
}
