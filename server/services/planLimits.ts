// The one place that says what an organization's plan allows: how many enabled volumes and members it
// may have, and how far a volume's retention settings may go. Each check runs inside the transaction of
// the change it guards, after lockPlan has locked the organization's row, so two changes at once cannot
// both pass a count.
import type { Plan } from '../contract/plan.ts'
import { EXPIRE_DAYS_MAX } from '../contract/limits.ts'
import type { Queryable } from '../db/index.ts'
import { HttpError } from '../errors.ts'
import { countMembers, lockOrg } from '../repositories/orgs.ts'
import { findPlan, smallestSelfSignupUserCount } from '../repositories/plans.ts'
import { countEnabledVolumes } from '../repositories/volumes.ts'

/** Locks the organization's row and answers its plan, or undefined while it has none. */
export async function lockOrgPlan(tx: Queryable, orgId: number): Promise<Plan | undefined> {
  const org = await lockOrg(tx, orgId)
  return org?.plan_id ? await findPlan(tx, org.plan_id) : undefined
}

/** Locks the organization's row and answers its plan; 402 no_plan when it has none. */
export async function lockPlan(tx: Queryable, orgId: number): Promise<Plan> {
  const plan = await lockOrgPlan(tx, orgId)
  if (!plan) throw new HttpError(402, 'no_plan')
  return plan
}

/** One more enabled volume must fit the plan (disabled volumes do not count). */
export async function checkVolumeSlot(tx: Queryable, orgId: number, plan: Plan): Promise<void> {
  if (plan.max_volume_count === null) return
  if ((await countEnabledVolumes(tx, orgId)) >= plan.max_volume_count) {
    throw new HttpError(402, 'max_volume_count', plan.max_volume_count)
  }
}

/**
 * How many members an organization may have: its plan's count (null: no limit). Without a plan it may have
 * as many as the smallest self-signup plan allows: members can be added before a plan is chosen (they read
 * that the organization has no plan yet, 000 section 1, case 2), but an organization that pays nothing
 * mails no more people than one that does.
 */
async function userLimit(tx: Queryable, plan: Plan | undefined): Promise<number | null> {
  if (plan) return plan.max_user_count
  return (await smallestSelfSignupUserCount(tx)) ?? 1
}

/** One more member must fit the plan; every member counts, the admins included. */
export async function checkUserSlot(tx: Queryable, orgId: number, plan: Plan | undefined): Promise<void> {
  const limit = await userLimit(tx, plan)
  if (limit === null) return
  if ((await countMembers(tx, orgId)) >= limit) throw new HttpError(402, 'max_user_count', limit)
}

export interface RetentionSettings {
  live_expire_days?: number
  dead_expire_days?: number
  min_expire_size?: number
}

/** Retention settings being set must stay within the plan's maximums (each quoted as `limit`). */
export function checkRetention(plan: Plan, settings: RetentionSettings): void {
  const maxLive = plan.max_live_expire_days ?? EXPIRE_DAYS_MAX
  const maxDead = plan.max_dead_expire_days ?? EXPIRE_DAYS_MAX
  if (settings.live_expire_days !== undefined && settings.live_expire_days > maxLive) {
    throw new HttpError(402, 'max_live_expire_days', maxLive)
  }
  if (settings.dead_expire_days !== undefined && settings.dead_expire_days > maxDead) {
    throw new HttpError(402, 'max_dead_expire_days', maxDead)
  }
  if (
    settings.min_expire_size !== undefined &&
    plan.max_min_expire_size !== null &&
    settings.min_expire_size > plan.max_min_expire_size
  ) {
    throw new HttpError(402, 'max_min_expire_size', plan.max_min_expire_size)
  }
}

/**
 * Retention a new volume starts with. Deleted files expire after the plan's default; live files never do
 * until an admin turns that on (the settings screen then offers default_live_expire_days): expiring live
 * files nobody chose to expire would lose data.
 */
export function defaultRetention(plan: Plan): { live_expire_days: number; dead_expire_days: number } {
  return { live_expire_days: 0, dead_expire_days: plan.default_dead_expire_days ?? 0 }
}
