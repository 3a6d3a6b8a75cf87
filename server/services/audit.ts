// Reading the trails: a volume's file events and the admins' changes, a page at a time (a volume can
// hold millions of events, so pages are keyed by id, never by offset); a volume's events, filtered, as CSV;
// and recording an admin's change.
import {
  AUDIT_CSV_HEADER,
  AUDIT_PAGE_MAX,
  AUDIT_PAGE_SIZE,
  type AdminEventListResponse,
  type AdminEventQuery,
  type AuditPageQuery,
  type VolumeAuditExportQuery,
  type VolumeAuditQuery,
  type VolumeAuditResponse,
} from '../contract/audit.ts'
import type { AuditEvent } from '../contract/media.ts'
import type { Queryable } from '../db/index.ts'
import { HttpError } from '../errors.ts'
import { insertAdminEvent, listAdminEvents, type NewAdminEvent } from '../repositories/adminEvents.ts'
import { listAuditOfVolume, type AuditFilter, type AuditRow } from '../repositories/auditEvents.ts'
import { csvLine } from './csv.ts'
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

/** An instant of a filter, as the database reads it; a date that does not exist is refused. */
function instantOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined
  const time = new Date(value)
  if (Number.isNaN(time.getTime())) throw new HttpError(400, 'invalid_request')
  return time.toISOString()
}

function filterOf(query: VolumeAuditExportQuery): AuditFilter {
  const from = instantOf(query.from)
  const to = instantOf(query.to)
  return {
    ...(query.user_id === undefined ? {} : { userId: Number(query.user_id) }),
    ...(query.path === undefined ? {} : { path: query.path }),
    ...(from === undefined ? {} : { from }),
    ...(to === undefined ? {} : { to }),
  }
}

async function requireVolume(db: Queryable, orgId: number, volumeId: number): Promise<void> {
  if (!(await findVolume(db, orgId, volumeId))) throw new HttpError(404, 'not_found')
}

function eventOf({ audit_event_id: _id, ...event }: AuditRow): AuditEvent {
  return event
}

export async function volumeAudit(
  db: Queryable,
  orgId: number,
  volumeId: number,
  query: VolumeAuditQuery,
): Promise<VolumeAuditResponse> {
  const filter = filterOf(query)
  await requireVolume(db, orgId, volumeId)
  const { before, limit } = pageOf(query)
  const rows = await listAuditOfVolume(
    db,
    orgId,
    volumeId,
    { ...(before === undefined ? {} : { before }), limit: limit + 1 },
    filter,
  )
  const { page, next } = paged(rows, limit, (row) => row.audit_event_id)
  return { audit_list: page.map(eventOf), next_before: next }
}

/** Rows read per query while exporting: the export holds one batch at a time, however long the trail. */
const EXPORT_BATCH = 1000

/** Destination as the audit table shows it (001 section 3). */
const WEB_DOWNLOAD = 'Web Download'

/**
 * Every event of a volume the filter keeps, newest first, as CSV lines (the header first). The volume is
 * checked before the first line, so a refusal is an ordinary error answer; the rows are then read a batch
 * at a time as the caller takes the lines.
 */
export async function volumeAuditCsv(
  db: Queryable,
  orgId: number,
  volumeId: number,
  query: VolumeAuditExportQuery,
): Promise<AsyncIterable<string>> {
  const filter = filterOf(query)
  await requireVolume(db, orgId, volumeId)
  async function* lines(): AsyncGenerator<string> {
    yield csvLine(AUDIT_CSV_HEADER)
    let before: number | undefined
    for (;;) {
      const rows = await listAuditOfVolume(
        db,
        orgId,
        volumeId,
        { ...(before === undefined ? {} : { before }), limit: EXPORT_BATCH },
        filter,
      )
      if (rows.length > 0) {
        yield rows
          .map((row) =>
            csvLine([
              row.create_time,
              row.user_name ?? '',
              row.email ?? '',
              row.device_name ?? '',
              row.media_path,
              row.dest_path ?? WEB_DOWNLOAD,
            ]),
          )
          .join('')
      }
      const last = rows.at(-1)
      if (rows.length < EXPORT_BATCH || !last) return
      before = last.audit_event_id
    }
  }
  return lines()
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
