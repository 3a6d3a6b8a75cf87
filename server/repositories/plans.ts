import type { Plan } from '../contract/plan.ts'
import type { Queryable } from '../db/index.ts'

export async function listPlans(db: Queryable): Promise<Plan[]> {
  return db.query<Plan>(
    `SELECT plan_id, plan_name, plan_frequency, display_price, description, is_self_signup,
            max_user_count, max_device_count, max_storage_bytes, retention_days, max_org_count
       FROM plan
      ORDER BY sort_order`,
  )
}
