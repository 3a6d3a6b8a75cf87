// GET /metrics: the server's figures in Prometheus's text format (metrics/meters.ts), for a scraper that
// sends METRICS_TOKEN as a bearer token. Off unless the token is set: then there is no route (the path
// answers 404 like any unknown API path) and no request is timed. Not part of the endpoint table: it is the
// operator's, answers text and has its own credential. Each process counts its own requests, so a scraper
// reads every process directly, not one of them through the load balancer.
import crypto from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { HttpError } from '../errors.ts'
import { Meters, type MeterSources } from '../metrics.ts'

export const METRICS_PATH = '/metrics'

const digest = (text: string) => crypto.createHash('sha256').update(text).digest()

/** Whether the request carries the token; compared in constant time (digests, so lengths do not tell). */
function carriesToken(request: FastifyRequest, expected: Buffer): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '')
  return match?.[1] !== undefined && crypto.timingSafeEqual(digest(match[1]), expected)
}

/** Times every answered request by its route pattern, and serves the figures to the token's holder. */
export function registerMetrics(app: FastifyInstance, token: string, sources: MeterSources): Meters {
  const meters = new Meters(sources)
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the URL: a series per file or id would grow without end. A path no route
    // matches is counted under one name.
    meters.request(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    )
  })
  const expected = digest(token)
  app.get(METRICS_PATH, async (request, reply) => {
    if (!carriesToken(request, expected)) {
      reply.header('WWW-Authenticate', 'Bearer')
      throw new HttpError(401, 'invalid_metrics_token')
    }
    const { text, contentType } = await meters.exposition()
    return reply.type(contentType).send(text)
  })
  return meters
}
