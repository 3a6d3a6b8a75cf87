// The trail of changes admins made (volumes, containers, users). SQL only.
import type { AdminAction, AdminEvent } from '../contract/audit.ts'
import type { Queryable } from '../db/index.ts'
import { iso } from './isoTime.ts'

export interface NewAdminEvent {
  orgId: number
  action: AdminAction
  /** The admin who made the change. */
  userId: number
  volumeId?: number | null
  grantId?: number | null
  subjectUserId?: number | null
  /** The device the change was about. */
  deviceId?: number | null
  summary: string
}

export async function insertAdminEvent(db: Queryable, event: NewAdminEvent): Promise<void> {
  await db.query(
    `INSERT INTO admin_event (org_id, action, user_id, volume_id, media_grant_id, subject_user_id, device_id,
                              summary)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      event.orgId,
      event.action,
      event.userId,
      event.volumeId ?? null,
      event.grantId ?? null,
      event.subjectUserId ?? null,
      event.deviceId ?? null,
      event.summary,
    ],
  )
}

export interface AdminEventFilter {
  volumeId?: number
  subjectUserId?: number
  /** Events older than this id. */
  before?: number
  limit: number
}

export async function listAdminEvents(
  db: Queryable,
  orgId: number,
  filter: AdminEventFilter,
): Promise<AdminEvent[]> {
  return db.query<AdminEvent>(
    `SELECT e.admin_event_id,
            ${iso('e.create_time')} AS create_time,
            e.action, e.user_id, u.user_name, u.email, e.volume_id, e.media_grant_id, e.subject_user_id, e.summary
       FROM admin_event e
       LEFT JOIN app_user u ON u.user_id = e.user_id
      WHERE e.org_id = $1
        AND ($2::bigint IS NULL OR e.volume_id = $2)
        AND ($3::bigint IS NULL OR e.subject_user_id = $3)
        AND ($4::bigint IS NULL OR e.admin_event_id < $4)
      ORDER BY e.admin_event_id DESC
      LIMIT $5`,
    [orgId, filter.volumeId ?? null, filter.subjectUserId ?? null, filter.before ?? null, filter.limit],
  )
}
