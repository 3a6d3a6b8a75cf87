// Structured logs (pino). Query strings carry secrets (the session key on every call, under whatever name a
// client misspells it; the signatures of storage URLs), so no log line holds a URL: a request is logged by
// its method, its route pattern and its path ids, once, when it has been answered. An error is logged under
// `err` (Fastify's and pino's key); one logged under `error` is written the same way, with its message, stack
// and cause, since pino would write an Error it has no serializer for as {} (its fields are not enumerable).
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import pino, { type DestinationStream, type Logger } from 'pino'

/** The longest path parameter logged whole: ids and hashes fit, anything longer is cut. */
const MAX_LOGGED_PARAM = 64

export interface LoggedRequest {
  method: string
  /** The route's pattern ('/web/1/org/:org_id/media_grant/:media_grant_id/dir'), or 'unknown'. */
  route: string
  params: Record<string, string>
}

/** Path parameters that are secrets (a share link's token): logged as a mark, never as their value. */
const SECRET_PARAMS: ReadonlySet<string> = new Set(['share_token'])

/**
 * The not-found handler's '*' is the whole path, which names a share link's token on the link's page
 * (/s/<token>, the app's) and on a call under /s/1/<token>/ that does not exist: the token's segment is
 * logged as a mark.
 */
const SHARE_TOKEN_IN_PATH = /^(s\/(?:1\/)?)[^/]+/

function withoutShareToken(path: string): string {
  return path.replace(SHARE_TOKEN_IN_PATH, '$1[secret]')
}

export function describeRequest(request: FastifyRequest): LoggedRequest {
  const params: Record<string, string> = {}
  for (const [name, value] of Object.entries((request.params as Record<string, unknown> | undefined) ?? {})) {
    if (SECRET_PARAMS.has(name)) {
      params[name] = '[secret]'
      continue
    }
    const text = name === '*' ? withoutShareToken(String(value)) : String(value)
    params[name] = text.length > MAX_LOGGED_PARAM ? `${text.slice(0, MAX_LOGGED_PARAM)}…` : text
  }
  return { method: request.method, route: request.routeOptions.url ?? 'unknown', params }
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      // Fastify's own lines (with request logging off, only errors it logs itself) describe a request the
      // same way: never by its URL.
      serializers: {
        req: (req: FastifyRequest) => describeRequest(req),
        err: pino.stdSerializers.err,
        error: pino.stdSerializers.err,
      },
      redact: {
        paths: ['req.headers', '*.session_key', '*.user_session_key'],
        remove: true,
      },
    },
    destination,
  )
}

/**
 * Fastify's request lines, replaced: nothing when a request arrives, and one line when it is answered, with
 * method, route, path ids, status and time, nothing from the query string; at debug unless it failed.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      request: describeRequest(request),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    }
    // A line per request would bury the terminal of `npm start` (a listing screen makes dozens of calls): the
    // answered ones are said at debug (LOG_LEVEL=debug shows them), failures stay visible.
    if (error) reply.log.error({ ...line, err: error }, 'failed')
    else if (reply.statusCode >= 500) reply.log.warn(line, 'answered')
    else reply.log.debug(line, 'answered')
  }

  override routeNotFound(): void {}

  /** A download cut off mid-body: logCutOffRequests says it once, the way every other is said. */
  override streamError(error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply): void {
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') return
    reply.log.warn({ request: describeRequest(request), err: error }, 'the answer failed after its headers')
  }
}

/**
 * A request whose connection closed before its answer was sent gets no 'answered' line. Reloads and closed
 * tabs do that to transfers in flight all the time, so it is said at info, once, and never as an error.
 */
export function logCutOffRequests(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.once('close', () => {
      if (reply.raw.writableFinished) return
      request.log.info(
        { request: describeRequest(request), ms: Math.round(reply.elapsedTime) },
        'cut off by the client',
      )
    })
    done()
  })
}
