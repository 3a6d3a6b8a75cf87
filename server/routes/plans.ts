// The price list is public: signup shows it before an organization exists.
import type { FastifyInstance } from 'fastify'
import { endpoints } from '../contract/endpointSchemas.ts'
import { planList } from '../services/plans.ts'
import { route } from './define.ts'

export async function planRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.planList, async () => ({ plan_list: await planList(app.db) }))
}
