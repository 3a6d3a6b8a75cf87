// Organizations: creating one (its creator its admin), its name and custom-domain prefix, its plan, and
// leaving it.
import { DOMAIN_PREFIX_PATTERN, RESERVED_DOMAIN_PREFIXES, type UpdateOrgRequest } from '../contract/org.ts'
import type { OrgDetail } from '../contract/org.ts'
import type { Database, Queryable } from '../db/index.ts'
import { HttpError } from '../http/errors.ts'
import {
  findOrgOfUser,
  insertOrg,
  isDomainPrefixTaken,
  isOrgNameTaken,
  removeMember,
  setOrgPlan,
  updateOrg,
  type Membership,
  type OrgUpdate,
} from '../repositories/orgs.ts'
import { countLivePaymentMethods } from '../repositories/paymentMethods.ts'
import { findPlan } from '../repositories/plans.ts'
import { listStoresOf } from './networkStores.ts'

function orgName(raw: string): string {
  const name = raw.trim()
  if (name === '') throw new HttpError(400, 'invalid_org_name')
  return name
}

export async function createOrg(db: Database, userId: number, rawName: string): Promise<number> {
  const name = orgName(rawName)
  return db.transaction(async (tx) => {
    if (await isOrgNameTaken(tx, name)) throw new HttpError(409, 'used_org_name')
    return insertOrg(tx, name, userId)
  })
}

export async function orgDetail(db: Queryable, member: Membership): Promise<OrgDetail> {
  const org = await findOrgOfUser(db, member.user_id, member.org_id)
  if (!org) throw new HttpError(404, 'not_found')
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
    if (update.domain_prefix && (await isDomainPrefixTaken(tx, update.domain_prefix, admin.org_id))) {
      throw new HttpError(409, 'used_domain_prefix')
    }
    await updateOrg(tx, admin.org_id, update)
  })
}

export async function leaveOrg(db: Queryable, member: Membership): Promise<void> {
  if (member.is_admin) throw new HttpError(403, 'admin_cannot_leave')
  await removeMember(db, member.org_id, member.user_id)
}

export async function choosePlan(db: Queryable, admin: Membership, planId: string): Promise<void> {
  const plan = await findPlan(db, planId)
  if (!plan) throw new HttpError(400, 'unknown_plan')
  if (!plan.is_self_signup) throw new HttpError(403, 'plan_not_self_signup')
  if ((await countLivePaymentMethods(db, admin.org_id)) === 0) {
    throw new HttpError(402, 'payment_method_required')
  }
  await setOrgPlan(db, admin.org_id, plan.plan_id)
}
