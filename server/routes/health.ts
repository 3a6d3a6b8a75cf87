// Answers once the database answers; a load balancer takes the process out of rotation otherwise.
import type { FastifyInstance } from 'fastify'
import { endpoints } from '../contract/endpointSchemas.ts'
import { route } from './define.ts'

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.health, async ({ reply }) => {
    try {
      await app.db.query('SELECT 1')
      return reply.send({ status: 'ok' })
    } catch (error) {
      app.log.error({ err: error }, 'health check: database does not answer')
      return reply.code(503).send({ error: 'database_unavailable' })
    }
  })
}
