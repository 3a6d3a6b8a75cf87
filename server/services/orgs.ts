// Organizations: creating one (its creator its admin), its name and custom-domain prefix (a released prefix
// held for a while), its plan, and leaving it (which revokes the member's devices, as removal does).
import {
  DOMAIN_PREFIX_HOLD_MAX,
  DOMAIN_PREFIX_PATTERN,
  RESERVED_DOMAIN_PREFIXES,
  type SetPlanRequest,
  type UpdateOrgRequest,
} from '../contract/org.ts'
import { DOMAIN_PREFIX_HOLD_DAYS } from '../contract/limits.ts'
import type { OrgDetail } from '../contract/org.ts'
import type { Database, Queryable } from '../db/index.ts'
import { HttpError } from '../errors.ts'
import { checkName } from './fieldRules.ts'
import {
  clearDomainPrefixHold,
  holdDomainPrefix,
  isDomainPrefixClaimed,
  lockOrgDomainPrefix,
  releaseOldestDomainPrefixHolds,
} from '../repositories/domainPrefixHolds.ts'
import {
  findOrgOfUser,
  insertOrg,
  isOrgNameTaken,
  lockOrg,
  removeMember,
  setOrgPlan,
  updateOrg,
  type Membership,
  type OrgUpdate,
} from '../repositories/orgs.ts'
import { countLivePaymentMethods } from '../repositories/paymentMethods.ts'
import { findPlan } from '../repositories/plans.ts'
import { findUser } from '../repositories/users.ts'
import { recordAdminEvent } from './audit.ts'
import { revokeDevicesOf } from './devices.ts'
import { listStoresOf } from './networkStores.ts'
import { knownPlan, lowerVolumeDays } from './planChange.ts'
import { lockOrgPlan } from './planLimits.ts'

/** The name rule alone (specification 001 section 5 asks only that it is not empty). */
const orgName = (raw: string) => checkName(raw, { code: 'invalid_org_name' })

export async function createOrg(db: Database, userId: number, rawName: string): Promise<number> {
  const name = orgName(rawName)
  return db.transaction(async (tx) => {
    if (await isOrgNameTaken(tx, name)) throw new HttpError(409, 'used_org_name')
    return insertOrg(tx, name, userId)
  })
}

/** The organization as its member sees it; the network stores' settings only for an admin. */
export async function orgDetail(db: Queryable, member: Membership): Promise<OrgDetail> {
  const org = await findOrgOfUser(db, member.user_id, member.org_id)
  if (!org) throw new HttpError(404, 'not_found')
  if (!member.is_admin) return org
  return { ...org, s3_bucket_list: await listStoresOf(db, member.org_id) }
}

export async function changeOrg(db: Database, admin: Membership, request: UpdateOrgRequest): Promise<void> {
  const update: OrgUpdate = {}
  if (request.org_name !== undefined) update.org_name = orgName(request.org_name)
  if (request.domain_prefix !== undefined) {
    const prefix = request.domain_prefix?.trim().toLowerCase() ?? ''
    if (prefix !== '' && !DOMAIN_PREFIX_PATTERN.test(prefix))
      throw new HttpError(400, 'invalid_domain_prefix')
    if ((RESERVED_DOMAIN_PREFIXES as readonly string[]).includes(prefix)) {
      throw new HttpError(412, 'reserved_domain_prefix')
    }
    update.domain_prefix = prefix === '' ? null : prefix
  }
  await db.transaction(async (tx) => {
    if (update.org_name !== undefined && (await isOrgNameTaken(tx, update.org_name, admin.org_id))) {
      throw new HttpError(409, 'used_org_name')
    }
    if (update.domain_prefix !== undefined) await movePrefix(tx, admin.org_id, update.domain_prefix)
    await updateOrg(tx, admin.org_id, update)
  })
}

/**
 * The prefix side of a change, before the row is updated: a prefix another organization has or holds is
 * refused; the one given up is held for the organization (DOMAIN_PREFIX_HOLD_DAYS), at most
 * DOMAIN_PREFIX_HOLD_MAX of them, the oldest released first; taking a prefix ends its hold (the
 * organization's own, or an expired one). Two organizations taking one free prefix at once
 * both pass the check, and the unique index org_domain_prefix_key refuses the second (409 as well).
 */
async function movePrefix(tx: Queryable, orgId: number, next: string | null): Promise<void> {
  const current = await lockOrgDomainPrefix(tx, orgId)
  if (next === current) return
  if (next !== null) {
    if (await isDomainPrefixClaimed(tx, next, orgId)) throw new HttpError(409, 'used_domain_prefix')
    await clearDomainPrefixHold(tx, next, orgId)
  }
  if (current !== null) {
    await holdDomainPrefix(tx, current, orgId, DOMAIN_PREFIX_HOLD_DAYS)
    // At most DOMAIN_PREFIX_HOLD_MAX old prefixes: the oldest goes back to everyone.
    await releaseOldestDomainPrefixHolds(tx, orgId, DOMAIN_PREFIX_HOLD_MAX)
  }
}

/** A member leaves: their devices are revoked as when an admin removes them, recorded as their change. */
export async function leaveOrg(db: Database, member: Membership): Promise<void> {
  if (member.is_admin) throw new HttpError(403, 'admin_cannot_leave')
  await db.transaction(async (tx) => {
    // The organization's lock, as removal and device registration take it: a device registered meanwhile
    // is either revoked here or refused there.
    await lockOrgPlan(tx, member.org_id)
    const user = await findUser(tx, member.user_id)
    if (!user) throw new HttpError(404, 'not_found')
    await revokeDevicesOf(tx, { orgId: member.org_id, actorId: member.user_id, user, end: 'left' })
    await removeMember(tx, member.org_id, member.user_id)
  })
}

/**
 * Sets the organization's plan (signup's save-plan step and the Plan tab). Members, devices and storage
 * over the new plan's limits stay; volumes' expiration days over its maximums are lowered, only when the
 * admin accepted that (planChange.ts). Choosing the current plan again changes nothing.
 */
export async function choosePlan(db: Database, admin: Membership, request: SetPlanRequest): Promise<void> {
  const plan = await knownPlan(db, request.plan_id)
  if (!plan.is_self_signup) throw new HttpError(403, 'plan_not_self_signup')
  if ((await countLivePaymentMethods(db, admin.org_id)) === 0) {
    throw new HttpError(402, 'payment_method_required')
  }
  await db.transaction(async (tx) => {
    // Under the organization's lock, as every limit check is, so a volume change cannot slip in between
    // reading the volumes and setting the plan.
    const org = await lockOrg(tx, admin.org_id)
    if (!org) throw new HttpError(404, 'not_found')
    if (org.plan_id === plan.plan_id) return
    await lowerVolumeDays(tx, admin, plan, request.accept_expire_days === true)
    await setOrgPlan(tx, admin.org_id, plan.plan_id)
    const previous = org.plan_id ? await findPlan(tx, org.plan_id) : undefined
    await recordAdminEvent(tx, {
      orgId: admin.org_id,
      action: 'plan_change',
      userId: admin.user_id,
      summary: previous
        ? `Plan changed from ${previous.plan_name} to ${plan.plan_name}`
        : `Plan set to ${plan.plan_name}`,
    })
  })
}
