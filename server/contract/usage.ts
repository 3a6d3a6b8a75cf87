// Wire types of a volume's usage (specification 001 sections 2, 3 and 7; issue 12): what the daily metering
// job measured for each UTC day of a range, per volume (usage_list) and per store (s3_list), and what the
// metrics screen needs beside it: when the numbers were measured (as_of) and the plan's storage limit with
// the organization's totals, for the forecast of the day the limit is reached.
import { Type, type Static } from 'typebox'
import { Nullable } from './wireValues.ts'

/** The name s3_list gives the service's own store (s3_bucket_id 0). */
export const DEFAULT_STORE_NAME = 'Default Storage'

export const UsageQuery = Type.Object({
  /** 1w, 2w, 30d or 90d; 1w when absent. */
  range: Type.Optional(
    Type.Union([Type.Literal('1w'), Type.Literal('2w'), Type.Literal('30d'), Type.Literal('90d')]),
  ),
})
export type UsageQuery = Static<typeof UsageQuery>

/**
 * One UTC day of a volume. live: the files not deleted, each by its current version; total: every version
 * kept, deleted files and older versions included, each version with its own size. A day the job did not
 * measure reads as zeros.
 */
export const VolumeUsageDay = Type.Object({
  usage_date: Type.String(),
  live_bytes: Type.Integer(),
  total_bytes: Type.Integer(),
  live_count: Type.Integer(),
  total_count: Type.Integer(),
})
export type VolumeUsageDay = Static<typeof VolumeUsageDay>

/** What the volume's versions occupied in one store for one UTC day: bytes times one day. */
export const StoreUsageDay = Type.Object({
  s3_bucket_id: Type.Integer(),
  s3_bucket_name: Type.String(),
  usage_date: Type.String(),
  byte_days: Type.Integer(),
})
export type StoreUsageDay = Static<typeof StoreUsageDay>

/** The organization's total bytes (all volumes, every version kept) on one UTC day. */
export const OrgUsageDay = Type.Object({
  usage_date: Type.String(),
  total_bytes: Type.Integer(),
})
export type OrgUsageDay = Static<typeof OrgUsageDay>

export const VolumeUsageResponse = Type.Object({
  range: Type.String(),
  /** The first and last UTC day of the range (the last is the last day that has ended). */
  from_date: Type.String(),
  to_date: Type.String(),
  /** Every day of the range, oldest first. */
  usage_list: Type.Array(VolumeUsageDay),
  /** Every day of the range for each store that held some of the volume's bytes in it, oldest first. */
  s3_list: Type.Array(StoreUsageDay),
  /** When the newest of these numbers was measured; null when none was. */
  as_of: Nullable(Type.String()),
  /** The plan's storage limit; null without a limit (or without a plan). */
  max_storage_bytes: Nullable(Type.Integer()),
  /** The organization's total bytes on the last measured day (0 when none was). */
  org_total_bytes: Type.Integer(),
  /** The organization's total bytes for each day of the range (the forecast's growth rate). */
  org_usage_list: Type.Array(OrgUsageDay),
})
export type VolumeUsageResponse = Static<typeof VolumeUsageResponse>
