// Sign-in by e-mail code: ask for a code (mailed, stored hashed, valid 10 minutes), then trade the code
// for a session key (stored hashed). Rate limits hold per e-mail and per address.
import { newLoginCode, newSessionKey, sha256 } from '../auth/secrets.ts'
import type { Database } from '../db/index.ts'
import { HttpError } from '../http/errors.ts'
import { loginCodeMessage } from '../mail/messages.ts'
import type { Mailer } from '../mail/mailer.ts'
import {
  countWrongTry,
  findUsableCode,
  insertLoginCode,
  markCodeUsed,
  MAX_CODE_TRIES,
} from '../repositories/loginCodes.ts'
import { findMembership, findOrgIdByDomainPrefix } from '../repositories/orgs.ts'
import { insertSession } from '../repositories/sessions.ts'
import { ensureUser, findUserByEmail } from '../repositories/users.ts'
import { RATE_LIMITS, takeRate } from './rateLimit.ts'

/** The login e-mail rule (specification 000, section 5): something@something.something, no spaces. */
export function isValidEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)
}

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

function codeHash(userId: number, code: string): Buffer {
  return sha256(`${userId}:${code}`)
}

export interface SendCodeRequest {
  email: string
  signup: boolean
  address: string | undefined
  /** The custom-domain prefix of the host, where there is one: signup is refused there. */
  domainPrefix: string | null
}

export async function sendLoginCode(db: Database, mailer: Mailer, request: SendCodeRequest): Promise<void> {
  const email = normalizeEmail(request.email)
  if (!isValidEmail(email)) throw new HttpError(400, 'invalid_email')
  if (request.signup && request.domainPrefix) throw new HttpError(403, 'signup_not_allowed')

  // Limits first: asking about unknown e-mails counts too, so addresses cannot be probed without end, and
  // no user is made past the limit.
  const withinLimits =
    (await takeRate(db, RATE_LIMITS.codePerEmail, email.toLowerCase())) &&
    (request.address === undefined || (await takeRate(db, RATE_LIMITS.codePerAddress, request.address)))
  if (!withinLimits) throw new HttpError(412, 'too_many_codes')

  const user = request.signup ? await ensureUser(db, email) : await findUserByEmail(db, email)
  if (!user) throw new HttpError(404, 'user_not_found')

  const code = newLoginCode()
  await insertLoginCode(db, user.user_id, codeHash(user.user_id, code))
  await mailer.send(loginCodeMessage(user.email, code))
}

export interface LoginRequest {
  email: string
  loginCode: string
  domainPrefix: string | null
  address: string | undefined
}

type CodeCheck = { ok: true; userId: number } | { ok: false; error: HttpError }

export async function loginWithCode(db: Database, request: LoginRequest): Promise<string> {
  const email = normalizeEmail(request.email)
  const withinLimits =
    (await takeRate(db, RATE_LIMITS.loginPerEmail, email.toLowerCase())) &&
    (request.address === undefined || (await takeRate(db, RATE_LIMITS.loginPerAddress, request.address)))
  if (!withinLimits) throw new HttpError(429, 'too_many_tries')
  const code = request.loginCode.replace(/\D/g, '')
  const user = isValidEmail(email) ? await findUserByEmail(db, email) : undefined
  // An unknown e-mail answers as a wrong code does: the answer must not tell which e-mails exist.
  if (!user) throw new HttpError(403, 'invalid_code')

  // The check and the count of a wrong try commit together, whatever is thrown afterwards.
  const check = await db.transaction<CodeCheck>(async (tx) => {
    const stored = await findUsableCode(tx, user.user_id)
    if (!stored) return { ok: false, error: new HttpError(403, 'invalid_code') }
    if (!Buffer.from(stored.code_hash).equals(codeHash(user.user_id, code))) {
      const tries = await countWrongTry(tx, stored.login_code_id)
      const error =
        tries >= MAX_CODE_TRIES ? new HttpError(403, 'too_many_tries') : new HttpError(403, 'invalid_code')
      return { ok: false, error }
    }
    await markCodeUsed(tx, stored.login_code_id)
    return { ok: true, userId: user.user_id }
  })
  if (!check.ok) throw check.error

  if (request.domainPrefix) {
    const orgId = await findOrgIdByDomainPrefix(db, request.domainPrefix)
    if (!orgId || !(await findMembership(db, orgId, check.userId))) throw new HttpError(412, 'not_a_member')
  }
  const key = newSessionKey()
  await insertSession(db, check.userId, sha256(key))
  return key
}
