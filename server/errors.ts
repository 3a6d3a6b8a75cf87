// The error contract: every failure answers its status and `{"error": "<snake_case_code>"}`. Errors the
// routes throw on purpose (HttpError) carry their code; the database's refusals that input causes map here,
// in one place, so a race that the routes' own checks lose still answers the code they would have given.
// It sits below every layer of the server (docs/architecture.md): services, access checks and stores throw
// these, and http/errorHandler.ts turns them into answers.
import type { ErrorCode } from './contract/errorCodes.ts'

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
