// The audit trails an admin reads: a volume's and a file's events, and the admins' changes.
import type { FastifyInstance } from 'fastify'
import { endpoints } from '../contract/endpoints.ts'
import { HttpError } from '../http/errors.ts'
import { findMedia, listAuditOfMedia } from '../repositories/media.ts'
import { adminEvents, volumeAudit } from '../services/audit.ts'
import { route } from './define.ts'

export async function auditRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.volumeAudit, async ({ access: admin, params, query }) =>
    volumeAudit(app.db, admin.org_id, params.volume_id, query),
  )

  route(app, endpoints.mediaAudit, async ({ access: admin, params }) => {
    const media = await findMedia(app.db, admin.org_id, params.media_id)
    if (!media) throw new HttpError(404, 'not_found')
    return { audit_list: await listAuditOfMedia(app.db, admin.org_id, media.media_id) }
  })

  route(app, endpoints.adminEventList, async ({ access: admin, query }) =>
    adminEvents(app.db, admin.org_id, query),
  )
}
