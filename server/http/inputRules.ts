// Rules for the input of requests. Every request's, whatever its route, checked before the route's schema:
// no text carries a NUL character. PostgreSQL cannot store one (it would answer 500 from deep inside a
// query), and no name, path, e-mail or code of the product has a use for it. The rules of each field are
// the services' (services/fieldRules.ts).
import { Stream } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { HttpError } from '../errors.ts'

/**
 * Objects of parsed input: JSON objects, and the query and params records (whose prototype Fastify keeps
 * empty). A body that is a stream of bytes (storage PUTs) or a buffer holds no text to check.
 */
const isParsedObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !(value instanceof Stream) && !ArrayBuffer.isView(value)

/** Whether a parsed JSON value, a query or path parameters hold a NUL in any string or key. */
export function holdsNul(value: unknown): boolean {
  // An explicit stack, not recursion: a deeply nested body (within the body limit) must not overflow it.
  const pending: unknown[] = [value]
  while (pending.length > 0) {
    const item = pending.pop()
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true
    } else if (Array.isArray(item)) {
      for (const entry of item) pending.push(entry)
    } else if (isParsedObject(item)) {
      for (const [key, entry] of Object.entries(item)) {
        if (key.includes('\u0000')) return true
        pending.push(entry)
      }
    }
  }
  return false
}

export function registerInputRules(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
      throw new HttpError(400, 'invalid_request')
    }
  })
}
