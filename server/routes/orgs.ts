import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  CreateOrgRequest,
  CreateOrgResponse,
  DOMAIN_PREFIX_PATTERN,
  OrgDetailResponse,
  RESERVED_DOMAIN_PREFIXES,
  SetPlanRequest,
  UpdateOrgRequest,
} from '../contract/org.ts'
import { requireAdmin, requireMember, requireSession } from '../http/access.ts'
import { HttpError } from '../http/errors.ts'
import {
  findOrgOfUser,
  insertOrg,
  isDomainPrefixTaken,
  isOrgNameTaken,
  removeMember,
  setOrgPlan,
  updateOrg,
  type OrgUpdate,
} from '../repositories/orgs.ts'
import { countLivePaymentMethods } from '../repositories/paymentMethods.ts'
import { findPlan } from '../repositories/plans.ts'

function orgName(raw: string): string {
  const name = raw.trim()
  if (name === '') throw new HttpError(400, 'invalid_org_name')
  return name
}

export const orgRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/1/org',
    { schema: { body: CreateOrgRequest, response: { 200: CreateOrgResponse } } },
    async (request) => {
      const session = await requireSession(request)
      const name = orgName(request.body.org_name)
      const orgId = await app.db.transaction(async (tx) => {
        if (await isOrgNameTaken(tx, name)) throw new HttpError(409, 'used_org_name')
        return insertOrg(tx, name, session.user_id)
      })
      return { org_id: orgId }
    },
  )

  app.get('/api/1/org/:org_id', { schema: { response: { 200: OrgDetailResponse } } }, async (request) => {
    const member = await requireMember(request)
    const org = await findOrgOfUser(app.db, member.user_id, member.org_id)
    if (!org) throw new HttpError(404, 'not_found')
    return { org: { ...org, s3_bucket_list: [] } }
  })

  app.post('/api/1/org/:org_id', { schema: { body: UpdateOrgRequest } }, async (request) => {
    const admin = await requireAdmin(request)
    const update: OrgUpdate = {}
    if (request.body.org_name !== undefined) update.org_name = orgName(request.body.org_name)
    if (request.body.domain_prefix !== undefined) {
      const prefix = request.body.domain_prefix?.trim().toLowerCase() ?? ''
      if (prefix !== '' && !DOMAIN_PREFIX_PATTERN.test(prefix))
        throw new HttpError(400, 'invalid_domain_prefix')
      if ((RESERVED_DOMAIN_PREFIXES as readonly string[]).includes(prefix)) {
        throw new HttpError(412, 'reserved_domain_prefix')
      }
      update.domain_prefix = prefix === '' ? null : prefix
    }
    await app.db.transaction(async (tx) => {
      if (update.org_name !== undefined && (await isOrgNameTaken(tx, update.org_name, admin.org_id))) {
        throw new HttpError(409, 'used_org_name')
      }
      if (update.domain_prefix && (await isDomainPrefixTaken(tx, update.domain_prefix, admin.org_id))) {
        throw new HttpError(409, 'used_domain_prefix')
      }
      await updateOrg(tx, admin.org_id, update)
    })
    return {}
  })

  app.delete('/api/1/org/:org_id/leave', async (request) => {
    const member = await requireMember(request)
    if (member.is_admin) throw new HttpError(403, 'admin_cannot_leave')
    await removeMember(app.db, member.org_id, member.user_id)
    return {}
  })

  app.post('/api/1/org/:org_id/plan', { schema: { body: SetPlanRequest } }, async (request) => {
    const admin = await requireAdmin(request)
    const plan = await findPlan(app.db, request.body.plan_id)
    if (!plan) throw new HttpError(400, 'unknown_plan')
    if (!plan.is_self_signup) throw new HttpError(403, 'plan_not_self_signup')
    if ((await countLivePaymentMethods(app.db, admin.org_id)) === 0) {
      throw new HttpError(402, 'payment_method_required')
    }
    await setOrgPlan(app.db, admin.org_id, plan.plan_id)
    return {}
  })
}
