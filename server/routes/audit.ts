// The audit trails an admin reads: a volume's and a file's events (and a volume's as a CSV download), and
// the admins' changes.
import { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { endpoints } from '../contract/endpointSchemas.ts'
import { adminEvents, mediaAudit, volumeAudit, volumeAuditCsv } from '../services/audit.ts'
import { route } from './define.ts'

export async function auditRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.volumeAudit, async ({ access: admin, params, query }) =>
    volumeAudit(app.db, admin.org_id, params.volume_id, query),
  )

  // Streamed: an export holds one batch of rows at a time, however many events match.
  route(app, endpoints.volumeAuditExport, async ({ access: admin, params, query, reply }) => {
    const lines = await volumeAuditCsv(app.db, admin.org_id, params.volume_id, query)
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="volume-${params.volume_id}-audit.csv"`)
      .header('Cache-Control', 'no-store')
      .send(Readable.from(lines))
  })

  route(app, endpoints.mediaAudit, async ({ access: admin, params }) => ({
    audit_list: await mediaAudit(app.db, admin.org_id, params.media_id),
  }))

  route(app, endpoints.adminEventList, async ({ access: admin, query }) =>
    adminEvents(app.db, admin.org_id, query),
  )
}
