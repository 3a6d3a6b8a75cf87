// Cross-origin access to the local store's signed URLs (/storage/...). Their URLs are spread over several
// host names (STORAGE_URLS), so the console's requests to all but its own host are cross-origin: the browser
// asks first (a preflight, for a PUT or a Range) and reads the answer only when it names the console's
// origin. Only the console's own origins are named (http/consoleOrigins.ts); any other origin gets no CORS
// header at all, so a page elsewhere cannot read the bytes even holding a signed URL (it could still follow
// the URL as a link, which the signature alone governs). Written here rather than with @fastify/cors: the
// rule is one origin test and a handful of fixed headers, on one encapsulated route group.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { HttpError } from '../errors.ts'

/** How long a browser may keep a preflight's answer: Chromium keeps at most 2 hours. */
export const PREFLIGHT_MAX_AGE_SECONDS = 7200

/** The request headers the signed requests carry: a PUT's type, a GET's range (the local store signs no header). */
export const STORAGE_ALLOWED_HEADERS = ['Content-Type', 'Range']
/** Answer headers the console reads: a ranged GET's extent and the object's size, ranges and tag. */
export const STORAGE_EXPOSED_HEADERS = ['Content-Range', 'Content-Length', 'Accept-Ranges', 'ETag']

/**
 * Answers preflights of the store's paths and adds CORS headers to their answers (errors included), for the
 * console's origins only. Registered inside the store's encapsulated routes: no other path is touched.
 */
export function registerStorageCors(
  app: FastifyInstance,
  pathPrefix: string,
  isConsoleOrigin: (origin: string) => boolean,
): void {
  const allowed = (request: FastifyRequest): string | undefined => {
    const origin = request.headers.origin
    return typeof origin === 'string' && isConsoleOrigin(origin) ? origin : undefined
  }
  // Every answer depends on the Origin asked with: a cache must not give one origin's answer to another.
  const varyOnOrigin = (reply: FastifyReply) => reply.header('Vary', 'Origin')

  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'OPTIONS') return
    varyOnOrigin(reply)
    const origin = allowed(request)
    if (origin === undefined) return
    reply
      .header('Access-Control-Allow-Origin', origin)
      .header('Access-Control-Expose-Headers', STORAGE_EXPOSED_HEADERS.join(', '))
  })

  app.options(`${pathPrefix}/*`, async (request, reply) => {
    // A preflight carries no body and no content type (Fetch standard): a request with either is not a
    // browser's question.
    const { 'content-length': length, 'transfer-encoding': encoding, 'content-type': type } = request.headers
    if ((length !== undefined && length !== '0') || encoding !== undefined || type !== undefined) {
      throw new HttpError(400, 'invalid_request')
    }
    varyOnOrigin(reply)
    const origin = allowed(request)
    if (origin !== undefined) {
      reply
        .header('Access-Control-Allow-Origin', origin)
        .header('Access-Control-Allow-Methods', 'GET, PUT')
        .header('Access-Control-Allow-Headers', STORAGE_ALLOWED_HEADERS.join(', '))
        .header('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_SECONDS))
    }
    return reply.code(204).send()
  })
}
