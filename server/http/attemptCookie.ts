// The sign-in attempt's cookie: set on the answer that mails a code, read by the call that trades the code,
// and cleared once signed in. HttpOnly (no script reads it), SameSite=Strict (no other site sends it), its
// path only the login call, its life the code's.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { ATTEMPT_SECRET_PATTERN } from '../auth/secrets.ts'
import { LOGIN_CODE_TTL_MINUTES } from '../repositories/loginCodes.ts'

export const ATTEMPT_COOKIE = 'login_attempt'
export const LOGIN_PATH = '/api/1/user/email_login'

function cookie(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  // Behind a proxy that ends TLS the request itself may look like plain HTTP: the public address says.
  const isHttps = request.protocol === 'https' || request.server.config.publicUrl.startsWith('https:')
  const secure = isHttps ? '; Secure' : ''
  return `${ATTEMPT_COOKIE}=${value}; Path=${LOGIN_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`
}

export function setAttemptCookie(request: FastifyRequest, reply: FastifyReply, attempt: string): void {
  reply.header('Set-Cookie', cookie(request, attempt, LOGIN_CODE_TTL_MINUTES * 60))
}

export function clearAttemptCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('Set-Cookie', cookie(request, '', 0))
}

/** The attempt secret the request carries, when it carries one of the right form. */
export function attemptOf(request: FastifyRequest): string | undefined {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const [name, value] = pair.trim().split('=', 2)
    if (name === ATTEMPT_COOKIE && value !== undefined && ATTEMPT_SECRET_PATTERN.test(value)) return value
  }
  return undefined
}
