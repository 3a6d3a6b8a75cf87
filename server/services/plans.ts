// The price list. It is public: signup shows it before an organization exists.
import type { Plan } from '../contract/plan.ts'
import type { Queryable } from '../db/index.ts'
import { listPlans } from '../repositories/plans.ts'

export async function planList(db: Queryable): Promise<Plan[]> {
  return listPlans(db)
}
