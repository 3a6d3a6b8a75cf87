// The error contract: every failure answers its status and `{"error": "<snake_case_code>"}`. Errors the
// routes throw on purpose (HttpError) carry their code; the database's refusals that input causes map here,
// in one place, so a race that the routes' own checks lose still answers the code they would have given.
import type { FastifyError, FastifyInstance } from 'fastify'
import type { ErrorCode } from '../contract/errorCodes.ts'

/** An error the API answers on purpose: its status and the snake_case code of the spec. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly limit?: number,
  ) {
    super(code)
  }
}

/**
 * Unique indexes whose violation means "that name is taken": the code each answers with 409. Routes check
 * names before inserting; two requests at once can both pass the check, and the index refuses the second.
 */
export const UNIQUE_CONFLICTS: Readonly<Record<string, ErrorCode>> = {
  app_user_user_name_key: 'used_user_name',
  org_name_key: 'used_org_name',
  org_domain_prefix_key: 'used_domain_prefix',
  volume_name_key: 'used_volume_name',
  media_grant_name_key: 'used_grant_name',
  media_grant_prefix_key: 'used_prefix_path',
  app_name_key: 'used_app_name',
  device_user_name_key: 'used_device_name',
}

/**
 * Foreign keys whose violation means "something still uses it": the code each answers with 409. A
 * container's delete checks for mounts first; a mount added in between is refused by the key instead.
 */
export const REFERENCE_CONFLICTS: Readonly<Record<string, ErrorCode>> = {
  device_media_grant_media_grant_id_fkey: 'grant_has_devices',
}

interface DatabaseError {
  /** SQLSTATE, as both PostgreSQL drivers (pg and PGlite) give it. */
  code: string
  constraint?: string
}

const isDatabaseError = (error: unknown): error is DatabaseError =>
  typeof (error as { code?: unknown }).code === 'string' &&
  /^[0-9A-Z]{5}$/.test((error as { code: string }).code) &&
  typeof (error as { severity?: unknown }).severity === 'string'

/** The answer a database refusal caused by the request's input deserves, or undefined for a server fault. */
export function databaseRefusal(error: unknown): HttpError | undefined {
  if (!isDatabaseError(error)) return undefined
  if (error.code === '23505' && error.constraint && UNIQUE_CONFLICTS[error.constraint]) {
    return new HttpError(409, UNIQUE_CONFLICTS[error.constraint] as ErrorCode)
  }
  // 23503 foreign_key_violation, 23001 restrict_violation (ON DELETE RESTRICT).
  if (
    (error.code === '23503' || error.code === '23001') &&
    error.constraint &&
    REFERENCE_CONFLICTS[error.constraint]
  ) {
    return new HttpError(409, REFERENCE_CONFLICTS[error.constraint] as ErrorCode)
  }
  // Class 22, data exception: a value the database cannot hold (out of range, malformed, a NUL byte).
  // Schemas bound every value first; this keeps one they missed a 400 instead of a 500.
  if (error.code.startsWith('22')) return new HttpError(400, 'invalid_request')
  return undefined
}

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
