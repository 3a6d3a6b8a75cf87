// Wire types of the retention preview (issue 12): what a volume's retention settings would purge over the
// coming days, before an admin saves them.
import { Type, type Static } from 'typebox'
import { EXPIRE_DAYS_MAX } from './limits.ts'

/** How far ahead the preview looks. */
export const RETENTION_PREVIEW_DAYS = 30
/** The most files the preview lists (the counts cover them all). */
export const RETENTION_PREVIEW_LIST_MAX = 100

/** The settings to preview; a field left out is the volume's current one. */
export const RetentionPreviewRequest = Type.Object(
  {
    live_expire_days: Type.Optional(Type.Integer({ minimum: 0, maximum: EXPIRE_DAYS_MAX })),
    dead_expire_days: Type.Optional(Type.Integer({ minimum: 0, maximum: EXPIRE_DAYS_MAX })),
    min_expire_size: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
  },
  { additionalProperties: false },
)
export type RetentionPreviewRequest = Static<typeof RetentionPreviewRequest>

export const PurgeDay = Type.Object({ date: Type.String(), count: Type.Integer(), bytes: Type.Integer() })
export type PurgeDay = Static<typeof PurgeDay>

export const PurgeItem = Type.Object({
  media_path: Type.String(),
  file_size: Type.Integer(),
  /** deleted: a deleted file; replaced: an older version of a file. */
  reason: Type.Union([Type.Literal('deleted'), Type.Literal('replaced')]),
  /** When it would be purged: the day the daily run after its expiry takes it. */
  expires_at: Type.String(),
})
export type PurgeItem = Static<typeof PurgeItem>

export const RetentionPreviewResponse = Type.Object({
  days: Type.Integer(),
  file_count: Type.Integer(),
  bytes: Type.Integer(),
  day_list: Type.Array(PurgeDay),
  /** The first to go, at most RETENTION_PREVIEW_LIST_MAX. */
  file_list: Type.Array(PurgeItem),
})
export type RetentionPreviewResponse = Static<typeof RetentionPreviewResponse>
