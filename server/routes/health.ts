// /healthz: the process is alive and its database answers. /readyz: it should take traffic now (its
// database, migrations and default store; not while it drains: services/readiness.ts). A load balancer
// takes the process out of rotation when either fails.
import type { FastifyInstance } from 'fastify'
import { endpoints } from '../contract/endpointSchemas.ts'
import { checkReadiness } from '../services/readiness.ts'
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

  route(app, endpoints.ready, async ({ reply }) => {
    const { notReady, errors } = await checkReadiness({
      db: app.db,
      store: app.store,
      draining: app.drain.draining,
    })
    if (notReady.length === 0) return reply.send({ status: 'ok' })
    // Draining is the process's own doing, said once by main.ts; a failed check is worth a line each time.
    if (Object.keys(errors).length > 0) app.log.warn({ notReady, errors }, 'not ready')
    return reply.code(503).send({ error: 'not_ready', not_ready: notReady })
  })
}
