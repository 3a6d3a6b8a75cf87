// Wire types of a volume's media at risk (issue 11): live files whose content is not in the cloud ('Not
// Uploaded'), and among them those that no device seen within the last N days holds, whose only copies,
// if any, sit on devices that may be gone.
import { Type, type Static } from 'typebox'
import { Nullable } from './wireValues.ts'

/** The most files one answer lists (the counts cover them all). */
export const AT_RISK_LIST_MAX = 200

export const AtRiskQuery = Type.Object({
  /** 1 to 365 days (query values are strings: the server does not coerce them). */
  stale_days: Type.Optional(Type.String({ pattern: '^([1-9][0-9]?|[12][0-9]{2}|3[0-5][0-9]|36[0-5])$' })),
})
export type AtRiskQuery = Static<typeof AtRiskQuery>

export const AtRiskDevice = Type.Object({
  device_id: Type.Integer(),
  device_name: Type.String(),
  last_seen: Nullable(Type.String()),
})
export type AtRiskDevice = Static<typeof AtRiskDevice>

export const AtRiskFile = Type.Object({
  media_id: Type.Integer(),
  media_path: Type.String(),
  file_size: Type.Integer(),
  last_updated: Type.String(),
  /** No device seen within stale_days holds it (none may hold it at all). */
  is_stale: Type.Boolean(),
  /** The devices that report holding it, most recently seen first. */
  device_list: Type.Array(AtRiskDevice),
})
export type AtRiskFile = Static<typeof AtRiskFile>

export const AtRiskResponse = Type.Object({
  stale_days: Type.Integer(),
  not_uploaded_count: Type.Integer(),
  stale_count: Type.Integer(),
  /** The stale files first, then by path; at most AT_RISK_LIST_MAX. */
  file_list: Type.Array(AtRiskFile),
})
export type AtRiskResponse = Static<typeof AtRiskResponse>
