import type { FastifyError, FastifyInstance } from 'fastify'

/** An error the API answers on purpose: its status and the snake_case code of the spec. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly limit?: number,
  ) {
    super(code)
  }
}

/** Turns every thrown error into `{"error": "<snake_case_code>"}` with its status. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .send(error.limit === undefined ? { error: error.code } : { error: error.code, limit: error.limit })
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
