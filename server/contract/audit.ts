// Wire types of the audit trails: file events of a volume (who took which file where, 001 section 3),
// paged newest first, and the admin changes of an organization (volumes, containers, users, devices).
import { Type, type Static } from 'typebox'
import { AuditEvent } from './media.ts'

/** Pages of a trail: at most `limit` events older than the event `before` names (a cursor, opaque). */
export const AuditPageQuery = Type.Object({
  before: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,17}$' })),
  limit: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,2}$' })),
})
export type AuditPageQuery = Static<typeof AuditPageQuery>

const ISO_INSTANT = '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]{1,3})?)?Z$'

/**
 * Which of a volume's events a reader wants (all optional, so the spec's call answers as before): one
 * user's; those whose source or destination path contains `path` (any case); and those from the instant
 * `from` (inclusive) to the instant `to` (exclusive), ISO 8601 in UTC. The console sends a local day's
 * start and the start of the day after the last one.
 */
const AuditFilterFields = {
  user_id: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,14}$' })),
  path: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
  from: Type.Optional(Type.String({ pattern: ISO_INSTANT, examples: ['2026-11-01T00:00:00.000Z'] })),
  to: Type.Optional(Type.String({ pattern: ISO_INSTANT, examples: ['2026-12-01T00:00:00.000Z'] })),
}

/** A volume's events, a page at a time, filtered. */
export const VolumeAuditQuery = Type.Object({
  before: AuditPageQuery.properties.before,
  limit: AuditPageQuery.properties.limit,
  ...AuditFilterFields,
})
export type VolumeAuditQuery = Static<typeof VolumeAuditQuery>

/** Every event of a volume the filter keeps, as CSV. */
export const VolumeAuditExportQuery = Type.Object(AuditFilterFields)
export type VolumeAuditExportQuery = Static<typeof VolumeAuditExportQuery>

/** The export's columns, in order: the audit table's, with the e-mail and device apart from the name. */
export const AUDIT_CSV_HEADER = ['Timestamp', 'User', 'Email', 'Device', 'Source', 'Destination'] as const

export const AUDIT_PAGE_SIZE = 100
export const AUDIT_PAGE_MAX = 500

export const VolumeAuditResponse = Type.Object({
  audit_list: Type.Array(AuditEvent),
  /** The cursor of the next (older) page; null on the last one. */
  next_before: Type.Union([Type.String(), Type.Null()]),
})
export type VolumeAuditResponse = Static<typeof VolumeAuditResponse>

export const ADMIN_ACTIONS = [
  'volume_create',
  'volume_update',
  'grant_create',
  'grant_update',
  'grant_delete',
  'grant_add_user',
  'grant_remove_user',
  'user_add',
  'user_update',
  'user_remove',
  'device_update',
  'device_revoke',
  'mount_add',
  'mount_update',
  'mount_delete',
  'volume_key',
  'app_create',
  'app_update',
  'app_new_key',
  's3_bucket_add',
  's3_bucket_update',
  's3_bucket_status',
  's3_bucket_order',
  'plan_change',
  'share_link_create',
  'share_link_revoke',
  'share_link_settings',
] as const
export type AdminAction = (typeof ADMIN_ACTIONS)[number]

export const AdminEvent = Type.Object({
  admin_event_id: Type.Integer(),
  create_time: Type.String(),
  action: Type.Union(ADMIN_ACTIONS.map((action) => Type.Literal(action))),
  /** Who did it. */
  user_id: Type.Union([Type.Integer(), Type.Null()]),
  user_name: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  volume_id: Type.Union([Type.Integer(), Type.Null()]),
  media_grant_id: Type.Union([Type.Integer(), Type.Null()]),
  /** The member the change was about. */
  subject_user_id: Type.Union([Type.Integer(), Type.Null()]),
  /** What changed, in words a person reads (names and values at the time). */
  summary: Type.String(),
})
export type AdminEvent = Static<typeof AdminEvent>

export const AdminEventQuery = Type.Object({
  before: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,17}$' })),
  limit: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,2}$' })),
  volume_id: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,14}$' })),
  user_id: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,14}$' })),
})
export type AdminEventQuery = Static<typeof AdminEventQuery>

export const AdminEventListResponse = Type.Object({
  admin_event_list: Type.Array(AdminEvent),
  next_before: Type.Union([Type.String(), Type.Null()]),
})
export type AdminEventListResponse = Static<typeof AdminEventListResponse>
