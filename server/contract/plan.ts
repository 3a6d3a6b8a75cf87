// Wire types of plans. Limits are null where the plan has none (enterprise).
import { Type, type Static } from 'typebox'

export const Plan = Type.Object({
  plan_id: Type.String(),
  plan_name: Type.String(),
  plan_frequency: Type.Union([Type.Literal('MONTH'), Type.Literal('YEAR')]),
  display_price: Type.String(),
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
