// A volume's file events (downloads, and the devices' transfers), paged newest first and filtered by user,
// path and time. SQL only.
import type { AuditEvent } from '../contract/media.ts'
import type { Queryable } from '../db/index.ts'
import { iso } from './isoTime.ts'

export interface AuditRow extends AuditEvent {
  audit_event_id: number
}

/** Which events of the volume: each field narrows, none means all. */
export interface AuditFilter {
  userId?: number
  /** A substring of the source or the destination path, in any case. */
  path?: string
  /** From this instant (inclusive), ISO 8601. */
  from?: string
  /** Before this instant (exclusive), ISO 8601. */
  to?: string
}

/**
 * Up to `limit` events of a volume older than event `before` (all when absent), newest first, that the
 * filter keeps. Every filter is ANDed under the organization and volume, so none reaches past them.
 */
export async function listAuditOfVolume(
  db: Queryable,
  orgId: number,
  volumeId: number,
  page: { before?: number; limit: number },
  filter: AuditFilter = {},
): Promise<AuditRow[]> {
  return db.query<AuditRow>(
    `SELECT a.audit_event_id,
            ${iso('a.create_time')} AS create_time,
            d.device_name, u.user_name, u.email, a.dest_path, a.media_path, a.device_id, a.user_id,
            a.visitor_address
       FROM audit_event a
       LEFT JOIN app_user u ON u.user_id = a.user_id
       LEFT JOIN device d ON d.device_id = a.device_id
      WHERE a.org_id = $1 AND a.volume_id = $2 AND ($3::bigint IS NULL OR a.audit_event_id < $3)
        AND ($5::bigint IS NULL OR a.user_id = $5)
        AND ($6::text IS NULL
             OR strpos(lower(a.media_path), lower($6::text)) > 0
             OR strpos(lower(coalesce(a.dest_path, '')), lower($6::text)) > 0)
        AND ($7::timestamptz IS NULL OR a.create_time >= $7::timestamptz)
        AND ($8::timestamptz IS NULL OR a.create_time < $8::timestamptz)
      ORDER BY a.audit_event_id DESC
      LIMIT $4`,
    [
      orgId,
      volumeId,
      page.before ?? null,
      page.limit,
      filter.userId ?? null,
      filter.path ?? null,
      filter.from ?? null,
      filter.to ?? null,
    ],
  )
}
