// Changing an organization's plan: what the change would do, read from the organization's state now, and
// the one rule the change itself enforces. Members, devices and storage over the new plan's limits stay
// (nothing is removed; planLimits refuses adding more), but a volume's expiration days cannot stay above
// the new plan's maximum: the change lowers them, which makes retention purge deleted files and older
// versions sooner, so it is made only once the admin has accepted it (accept_expire_days).
import type { Plan, PlanChangePreview, VolumeOverPlan } from '../contract/plan.ts'
import type { Volume } from '../contract/volume.ts'
import { EXPIRE_DAYS_MAX } from '../contract/limits.ts'
import type { Queryable } from '../db/index.ts'
import { HttpError } from '../errors.ts'
import { countEnabledDevices } from '../repositories/devices.ts'
import { countMembers, findOrgOfUser, type Membership } from '../repositories/orgs.ts'
import { findPlan } from '../repositories/plans.ts'
import { findOrgStorage } from '../repositories/usage.ts'
import { listVolumes, updateVolume } from '../repositories/volumes.ts'
import { recordAdminEvent } from './audit.ts'

/** The plan named, or 400 unknown_plan. */
export async function knownPlan(db: Queryable, planId: string): Promise<Plan> {
  const plan = await findPlan(db, planId)
  if (!plan) throw new HttpError(400, 'unknown_plan')
  return plan
}

/** A volume over a plan, its days as a volume has them (never null). */
type LoweredVolume = VolumeOverPlan & {
  [Key in 'live_expire_days' | 'dead_expire_days' | 'new_live_expire_days' | 'new_dead_expire_days']: number
}

/** The volumes whose live or deleted files' expiration days exceed the plan's maximums (null: 365), with
 * the days each keeps after the change. A volume at 0 (never expire) is within any maximum, as the
 * volume settings' own check has it (planLimits.checkRetention). */
export function volumesOverPlan(volumes: readonly Volume[], plan: Plan): LoweredVolume[] {
  const maxLive = plan.max_live_expire_days ?? EXPIRE_DAYS_MAX
  const maxDead = plan.max_dead_expire_days ?? EXPIRE_DAYS_MAX
  return volumes
    .filter((volume) => volume.live_expire_days > maxLive || volume.dead_expire_days > maxDead)
    .map((volume) => ({
      volume_id: volume.volume_id,
      volume_name: volume.volume_name,
      live_expire_days: volume.live_expire_days,
      dead_expire_days: volume.dead_expire_days,
      new_live_expire_days: Math.min(volume.live_expire_days, maxLive),
      new_dead_expire_days: Math.min(volume.dead_expire_days, maxDead),
    }))
}

/** The monthly price difference in dollars, to the cent; null when either price is not listed. */
export function priceDifference(current: Plan | undefined, next: Plan): number | null {
  if (current?.price_usd == null || next.price_usd === null) return null
  return Math.round((next.price_usd - current.price_usd) * 100) / 100
}

export async function previewPlanChange(
  db: Queryable,
  admin: Membership,
  planId: string,
): Promise<PlanChangePreview> {
  const plan = await knownPlan(db, planId)
  const org = await findOrgOfUser(db, admin.user_id, admin.org_id)
  if (!org) throw new HttpError(404, 'not_found')
  const current = org.plan_id ? await findPlan(db, org.plan_id) : undefined
  const [userCount, deviceCount, storage, volumes] = await Promise.all([
    countMembers(db, admin.org_id),
    countEnabledDevices(db, admin.org_id),
    findOrgStorage(db, admin.org_id),
    listVolumes(db, admin.org_id),
  ])
  return {
    plan_id: plan.plan_id,
    current_plan_id: org.plan_id,
    user_count: userCount,
    max_user_count: plan.max_user_count,
    device_count: deviceCount,
    max_device_count: plan.max_device_count,
    storage_bytes: Number(storage.org_total_bytes),
    max_storage_bytes: plan.max_storage_bytes === null ? null : Number(plan.max_storage_bytes),
    volumes_over: volumesOverPlan(volumes, plan),
    price_difference_usd: priceDifference(current, plan),
  }
}

/**
 * Lowers the days of the volumes over the plan's maximums to them, each recorded on the admin trail as a
 * volume change; answers 409 plan_lowers_expire_days, having changed nothing, unless the admin accepted.
 * Runs in the plan change's transaction, after the organization's row is locked.
 */
export async function lowerVolumeDays(
  tx: Queryable,
  admin: Membership,
  plan: Plan,
  accepted: boolean,
): Promise<void> {
  const over = volumesOverPlan(await listVolumes(tx, admin.org_id), plan)
  if (over.length === 0) return
  if (!accepted) throw new HttpError(409, 'plan_lowers_expire_days')
  for (const volume of over) {
    await updateVolume(tx, admin.org_id, volume.volume_id, {
      live_expire_days: volume.new_live_expire_days,
      dead_expire_days: volume.new_dead_expire_days,
    })
    // Worded as changeVolume words a change, so the trail reads the same whichever way days were lowered.
    const parts = (['live_expire_days', 'dead_expire_days'] as const)
      .filter((key) => volume[`new_${key}`] !== volume[key])
      .map((key) => `${key} ${volume[key]} → ${volume[`new_${key}`]}`)
    await recordAdminEvent(tx, {
      orgId: admin.org_id,
      action: 'volume_update',
      userId: admin.user_id,
      volumeId: volume.volume_id,
      summary: `Volume ${volume.volume_name}: ${parts.join(', ')} (plan changed to ${plan.plan_name})`,
    })
  }
}
