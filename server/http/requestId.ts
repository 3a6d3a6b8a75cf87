// Every request has an id, in its log lines (Fastify's reqId) and in its answer's X-Request-Id, so one
// request can be followed from the load balancer through the server's logs. A load balancer's own id
// (nginx's $request_id, an ALB's trace id) is taken when the request carries one that is short and made of
// safe characters; any client may send the header, which is why it is bounded and checked rather than
// believed only from TRUSTED_PROXIES: it names a log line, it grants nothing. Otherwise a random one.
import crypto from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { FastifyInstance } from 'fastify'

export const REQUEST_ID_HEADER = 'x-request-id'

/** An id as load balancers and tracers make them: letters, digits and a few separators, up to 128. */
const VALID_REQUEST_ID = /^[\w.:=+/@-]{1,128}$/

/** Fastify's genReqId: the request's own X-Request-Id when it is a valid one, else a new UUID. */
export function requestIdOf(raw: IncomingMessage): string {
  // Several X-Request-Id headers arrive joined by commas, which the pattern refuses: a new id then.
  const given = raw.headers[REQUEST_ID_HEADER]
  return typeof given === 'string' && VALID_REQUEST_ID.test(given) ? given : crypto.randomUUID()
}

/** Every answer says the id its request was logged under. */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id)
    done()
  })
}
