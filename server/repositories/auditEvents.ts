// A volume's file events (downloads, and the devices' transfers), paged newest first. SQL only.
import type { AuditEvent } from '../contract/media.ts'
import type { Queryable } from '../db/index.ts'
import { iso } from './isoTime.ts'

export interface AuditRow extends AuditEvent {
  audit_event_id: number
}

/** Up to `limit` events of a volume older than event `before` (all when absent), newest first. */
export async function listAuditOfVolume(
  db: Queryable,
  orgId: number,
  volumeId: number,
  page: { before?: number; limit: number },
): Promise<AuditRow[]> {
  return db.query<AuditRow>(
    `SELECT a.audit_event_id,
            ${iso('a.create_time')} AS create_time,
            d.device_name, u.user_name, u.email, a.dest_path, a.media_path, a.device_id, a.user_id
       FROM audit_event a
       LEFT JOIN app_user u ON u.user_id = a.user_id
       LEFT JOIN device d ON d.device_id = a.device_id
      WHERE a.org_id = $1 AND a.volume_id = $2 AND ($3::bigint IS NULL OR a.audit_event_id < $3)
      ORDER BY a.audit_event_id DESC
      LIMIT $4`,
    [orgId, volumeId, page.before ?? null, page.limit],
  )
}
