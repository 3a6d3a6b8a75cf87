// The price list is public: signup shows it before an organization exists.
import type { FastifyInstance } from 'fastify'
import { endpoints } from '../contract/endpointSchemas.ts'
import { listPlans } from '../repositories/plans.ts'
import { route } from './define.ts'

export async function planRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.planList, async () => ({ plan_list: await listPlans(app.db) }))
}
