// Secrets the server hands out: session keys and login codes. Only their SHA-256 is stored, so a copy of
// the database does not let anyone sign in.
import crypto from 'node:crypto'

/** 256 random bits, URL-safe (the key travels in query strings). */
export function newSessionKey(): string {
  return crypto.randomBytes(32).toString('base64url')
}

export const LOGIN_CODE_DIGITS = 6

/** A uniformly random code of LOGIN_CODE_DIGITS digits, leading zeros kept. */
export function newLoginCode(): string {
  return crypto
    .randomInt(0, 10 ** LOGIN_CODE_DIGITS)
    .toString()
    .padStart(LOGIN_CODE_DIGITS, '0')
}

export function sha256(value: string): Buffer {
  return crypto.createHash('sha256').update(value).digest()
}
