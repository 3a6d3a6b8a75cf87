// Secrets the server hands out: session keys, sign-in attempt secrets and login codes. Only their SHA-256 is
// stored, so a copy of the database does not let anyone sign in.
import crypto from 'node:crypto'

/** 256 random bits, URL-safe (the key travels in query strings). */
export function newSessionKey(): string {
  return crypto.randomBytes(32).toString('base64url')
}

/** The secret of one sign-in attempt, kept by the asking browser in a cookie: 256 random bits, URL-safe. */
export const newAttemptSecret = newSessionKey

export const ATTEMPT_SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/

/** The fewest digits a login code has (specification 000: at least 6). */
export const LOGIN_CODE_MIN_DIGITS = 6

/** A uniformly random code of that many digits, leading zeros kept. */
export function newLoginCode(digits: number): string {
  let code = ''
  for (let index = 0; index < digits; index++) code += String(crypto.randomInt(10))
  return code
}

export function sha256(value: string): Buffer {
  return crypto.createHash('sha256').update(value).digest()
}
