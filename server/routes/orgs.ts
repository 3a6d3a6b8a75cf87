// An organization: creating it, its detail, name and domain prefix, its plan (and a change's preview), and
// leaving it.
import type { FastifyInstance } from 'fastify'
import { endpoints } from '../contract/endpointSchemas.ts'
import { changeOrg, choosePlan, createOrg, leaveOrg, orgDetail } from '../services/orgs.ts'
import { previewPlanChange } from '../services/planChange.ts'
import { route } from './define.ts'

export async function orgRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.orgCreate, async ({ access: session, body }) => ({
    org_id: await createOrg(app.db, session.user_id, body.org_name),
  }))

  route(app, endpoints.orgDetail, async ({ access: member }) => ({ org: await orgDetail(app.db, member) }))

  route(app, endpoints.orgUpdate, async ({ access: admin, body }) => {
    await changeOrg(app.db, admin, body)
    return {}
  })

  route(app, endpoints.orgLeave, async ({ access: member }) => {
    await leaveOrg(app.db, member)
    return {}
  })

  route(app, endpoints.orgSetPlan, async ({ access: admin, body }) => {
    await choosePlan(app.db, admin, body)
    return {}
  })

  route(app, endpoints.orgPlanPreview, async ({ access: admin, query }) => ({
    preview: await previewPlanChange(app.db, admin, query.plan_id),
  }))
}
