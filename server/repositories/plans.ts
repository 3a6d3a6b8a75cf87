import type { Plan } from '../contract/plan.ts'
import type { Queryable } from '../db/index.ts'

// The plan's wire fields, selected from a table aliased `plan`.
export const PLAN_FIELDS = `plan.plan_id, plan.plan_name, plan.plan_frequency, plan.display_price, plan.price_usd::float8 AS price_usd,
  plan.storage_usd_per_gib_month::float8 AS storage_usd_per_gib_month, plan.description,
  plan.is_self_signup, plan.max_user_count, plan.max_device_count, plan.max_storage_bytes, plan.retention_days,
  plan.max_org_count, plan.max_volume_count, plan.default_live_expire_days, plan.default_dead_expire_days,
  plan.max_live_expire_days, plan.max_dead_expire_days, plan.max_min_expire_size, plan.allows_avid`

export async function listPlans(db: Queryable): Promise<Plan[]> {
  return db.query<Plan>(`SELECT ${PLAN_FIELDS} FROM plan ORDER BY sort_order`)
}

export async function findPlan(db: Queryable, planId: string): Promise<Plan | undefined> {
  const [plan] = await db.query<Plan>(`SELECT ${PLAN_FIELDS} FROM plan WHERE plan_id = $1`, [planId])
  return plan
}

/** The fewest members a self-signup plan allows; undefined when no plan limits them. */
export async function smallestSelfSignupUserCount(db: Queryable): Promise<number | undefined> {
  const [row] = await db.query<{ limit: number | null }>(
    'SELECT min(max_user_count)::int AS "limit" FROM plan WHERE is_self_signup',
  )
  return row?.limit ?? undefined
}
