import type { FastifyPluginAsync } from 'fastify'

// Answers once the database answers; a load balancer takes the process out of rotation otherwise.
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', async (_request, reply) => {
    try {
      await app.db.query('SELECT 1')
      return { status: 'ok' }
    } catch (error) {
      app.log.error({ err: error }, 'health check: database does not answer')
      return reply.code(503).send({ error: 'database_unavailable' })
    }
  })
}
