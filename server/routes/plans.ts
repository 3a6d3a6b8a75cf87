import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { PlanListResponse } from '../contract/plan.ts'
import { listPlans } from '../repositories/plans.ts'

// The price list is public: signup shows it before an organization exists.
export const planRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/1/plan', { schema: { response: { 200: PlanListResponse } } }, async () => ({
    plan_list: await listPlans(app.db),
  }))
}
