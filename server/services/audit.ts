// Reading the trails: a volume's file events and the admins' changes, a page at a time (a volume can
// hold millions of events, so pages are keyed by id, never by offset); and recording an admin's change.
import {
  AUDIT_PAGE_MAX,
  AUDIT_PAGE_SIZE,
  type AdminEventListResponse,
  type AdminEventQuery,
  type AuditPageQuery,
  type VolumeAuditResponse,
} from '../contract/audit.ts'
import type { AuditEvent } from '../contract/media.ts'
import type { Queryable } from '../db/index.ts'
import { HttpError } from '../errors.ts'
import { insertAdminEvent, listAdminEvents, type NewAdminEvent } from '../repositories/adminEvents.ts'
import { listAuditOfVolume } from '../repositories/auditEvents.ts'
import { findMedia, listAuditOfMedia } from '../repositories/media.ts'
import { findVolume } from '../repositories/volumes.ts'

function pageOf(query: AuditPageQuery): { before?: number; limit: number } {
  const limit = Math.min(query.limit === undefined ? AUDIT_PAGE_SIZE : Number(query.limit), AUDIT_PAGE_MAX)
  return { ...(query.before === undefined ? {} : { before: Number(query.before) }), limit }
}

/** One more row than the page is read, to know whether an older page exists. */
function paged<Row>(rows: Row[], limit: number, idOf: (row: Row) => number) {
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return { page, next: rows.length > limit && last ? String(idOf(last)) : null }
}

export async function volumeAudit(
  db: Queryable,
  orgId: number,
  volumeId: number,
  query: AuditPageQuery,
): Promise<VolumeAuditResponse> {
  if (!(await findVolume(db, orgId, volumeId))) throw new HttpError(404, 'not_found')
  const { before, limit } = pageOf(query)
  const rows = await listAuditOfVolume(db, orgId, volumeId, {
    ...(before === undefined ? {} : { before }),
    limit: limit + 1,
  })
  const { page, next } = paged(rows, limit, (row) => row.audit_event_id)
  return { audit_list: page.map(({ audit_event_id: _id, ...event }) => event), next_before: next }
}

/** A file's events, newest first (a file's trail is short enough to answer whole). */
export async function mediaAudit(db: Queryable, orgId: number, mediaId: number): Promise<AuditEvent[]> {
  const media = await findMedia(db, orgId, mediaId)
  if (!media) throw new HttpError(404, 'not_found')
  return listAuditOfMedia(db, orgId, media.media_id)
}

export async function adminEvents(
  db: Queryable,
  orgId: number,
  query: AdminEventQuery,
): Promise<AdminEventListResponse> {
  const { before, limit } = pageOf(query)
  const rows = await listAdminEvents(db, orgId, {
    ...(before === undefined ? {} : { before }),
    ...(query.volume_id === undefined ? {} : { volumeId: Number(query.volume_id) }),
    ...(query.user_id === undefined ? {} : { subjectUserId: Number(query.user_id) }),
    limit: limit + 1,
  })
  const { page, next } = paged(rows, limit, (row) => row.admin_event_id)
  return { admin_event_list: page, next_before: next }
}

/** Records an admin's change, in the transaction that makes it. */
export async function recordAdminEvent(tx: Queryable, event: NewAdminEvent): Promise<void> {
  await insertAdminEvent(tx, event)
}
