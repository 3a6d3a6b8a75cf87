// Wire types of plans. Limits are null where the plan has none (enterprise).
import { Type, type Static } from 'typebox'

export const Plan = Type.Object({
  plan_id: Type.String(),
  plan_name: Type.String(),
  plan_frequency: Type.Union([Type.Literal('MONTH'), Type.Literal('YEAR')]),
  display_price: Type.String(),
  /** The monthly price in US dollars; null where it is agreed with sales (enterprise). */
  price_usd: Type.Union([Type.Number(), Type.Null()]),
  /** The price of a GiB kept for a month beyond max_storage_bytes (docs/billing.md); null where not invoiced. */
  storage_usd_per_gib_month: Type.Union([Type.Number(), Type.Null()]),
  description: Type.String(),
  is_self_signup: Type.Boolean(),
  max_user_count: Type.Union([Type.Integer(), Type.Null()]),
  max_device_count: Type.Union([Type.Integer(), Type.Null()]),
  max_storage_bytes: Type.Union([Type.Integer(), Type.Null()]),
  retention_days: Type.Union([Type.Integer(), Type.Null()]),
  max_org_count: Type.Union([Type.Integer(), Type.Null()]),
  max_volume_count: Type.Union([Type.Integer(), Type.Null()]),
  /** Expiration days a new volume starts with; null where the plan sets none (enterprise). */
  default_live_expire_days: Type.Union([Type.Integer(), Type.Null()]),
  default_dead_expire_days: Type.Union([Type.Integer(), Type.Null()]),
  /** The most days a volume may keep live and deleted files before they expire; null: up to 365. */
  max_live_expire_days: Type.Union([Type.Integer(), Type.Null()]),
  max_dead_expire_days: Type.Union([Type.Integer(), Type.Null()]),
  /** The largest min_expire_size (bytes) a volume may set; null: no limit. */
  max_min_expire_size: Type.Union([Type.Integer(), Type.Null()]),
  /** Whether devices may turn on the Avid integration. */
  allows_avid: Type.Boolean(),
})
export type Plan = Static<typeof Plan>

export const PlanListResponse = Type.Object({ plan_list: Type.Array(Plan) })
export type PlanListResponse = Static<typeof PlanListResponse>

export const PlanPreviewQuery = Type.Object({ plan_id: Type.String({ maxLength: 64 }) })
export type PlanPreviewQuery = Static<typeof PlanPreviewQuery>

/** A volume whose expiration days exceed a plan's maximum: the change lowers them to it, so retention
 * purges deleted files and older versions sooner. */
export const VolumeOverPlan = Type.Object({
  volume_id: Type.Integer(),
  volume_name: Type.String(),
  live_expire_days: Type.Union([Type.Integer(), Type.Null()]),
  dead_expire_days: Type.Union([Type.Integer(), Type.Null()]),
  /** The days the volume keeps after the change. */
  new_live_expire_days: Type.Union([Type.Integer(), Type.Null()]),
  new_dead_expire_days: Type.Union([Type.Integer(), Type.Null()]),
})
export type VolumeOverPlan = Static<typeof VolumeOverPlan>

/**
 * What changing to a plan would do, from the organization's state now (issue 13): members and devices over
 * the new limits (they stay, but none can be added), volumes whose expiration days the change lowers, the
 * storage against the new plan's, and the monthly price difference (null when either price is not listed).
 */
export const PlanChangePreview = Type.Object({
  plan_id: Type.String(),
  current_plan_id: Type.Union([Type.String(), Type.Null()]),
  user_count: Type.Integer(),
  max_user_count: Type.Union([Type.Integer(), Type.Null()]),
  device_count: Type.Integer(),
  max_device_count: Type.Union([Type.Integer(), Type.Null()]),
  storage_bytes: Type.Integer(),
  max_storage_bytes: Type.Union([Type.Integer(), Type.Null()]),
  volumes_over: Type.Array(VolumeOverPlan),
  price_difference_usd: Type.Union([Type.Number(), Type.Null()]),
})
export type PlanChangePreview = Static<typeof PlanChangePreview>

export const PlanChangePreviewResponse = Type.Object({ preview: PlanChangePreview })
export type PlanChangePreviewResponse = Static<typeof PlanChangePreviewResponse>
