// The answer to every thrown error: its status and `{"error": "<snake_case_code>"}` (errors.ts holds the
// codes and the database's refusals that input causes).
import type { FastifyError, FastifyInstance } from 'fastify'
import { databaseRefusal, HttpError } from '../errors.ts'

/** Turns every thrown error into `{"error": "<snake_case_code>"}` with its status. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | HttpError, request, reply) => {
    const refusal = databaseRefusal(thrown)
    if (refusal?.statusCode === 400) request.log.warn({ err: thrown }, 'the database refused a value')
    const error = refusal ?? thrown
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .send(error.limit === undefined ? { error: error.code } : { error: error.code, limit: error.limit })
    }
    // A path parameter that is not an id names nothing: it is not found, as a missing id is.
    if (error.validation && error.validationContext === 'params') {
      return reply.code(404).send({ error: 'not_found' })
    }
    if (error.validation) {
      return reply.code(400).send({ error: 'invalid_request', message: error.message })
    }
    const status = error.statusCode ?? 500
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed')
      return reply.code(status).send({ error: 'internal_error' })
    }
    // Fastify's own 4xx errors: unparsable JSON, a body too large, an unsupported content type.
    return reply.code(status).send({ error: 'invalid_request', message: error.message })
  })
}
