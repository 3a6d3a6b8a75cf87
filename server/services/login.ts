// Sign-in by e-mail code: ask for a code (mailed, stored hashed, valid 10 minutes), then trade the code
// for a session key (stored hashed). The design that keeps guessing bounded without letting anyone lock a
// user out is in the README ("Sign-in and its limits"); in short:
// - a code belongs to the attempt that asked for it: the asking browser gets the attempt's secret in a
//   cookie, and a code is checked only with it, so nobody else can guess at, or burn, a user's code;
// - each code takes at most MAX_CODE_TRIES wrong tries;
// - limits count per address only (services/rateLimit.ts): one address's requests cannot use up another's;
// - the more codes an e-mail was sent in the last day, the longer its next code (codeDigitsFor), so the
//   chance of guessing any code of one e-mail within a day stays under 10^-4 however many are asked for.
import {
  LOGIN_CODE_MIN_DIGITS,
  newAttemptSecret,
  newLoginCode,
  newSessionKey,
  sha256,
} from '../auth/secrets.ts'
import { isMailboxAddress } from '../contract/text.ts'
import { USER_NAME_PATTERN } from '../contract/limits.ts'
import type { Database } from '../db/index.ts'
import { HttpError } from '../errors.ts'
import { loginCodeMessage } from '../mail/messages.ts'
import type { Mailer } from '../mail/mailer.ts'
import {
  countRecentCodes,
  countWrongTry,
  findUsableCode,
  insertLoginCode,
  LOGIN_CODE_TTL_MINUTES,
  markCodeUsed,
  MAX_CODE_TRIES,
} from '../repositories/loginCodes.ts'
import { findMembership, findOrgIdByDomainPrefix, findSessionUserWithOrgs } from '../repositories/orgs.ts'
import { insertSession, revokeSession } from '../repositories/sessions.ts'
import { ensureUser, findUserByEmail, setUserName } from '../repositories/users.ts'
import { checkEmail, checkName, normalizeEmail } from './fieldRules.ts'
import { RATE_LIMITS, takeRate } from './rateLimit.ts'

/** The code's hash names its user and its attempt: a copy of the table alone cannot be searched for codes. */
function codeHash(userId: number, attempt: string, code: string): Buffer {
  return sha256(`${userId}:${attempt}:${code}`)
}

/** The most a guesser may win in a day, for one e-mail (every code of it together). */
export const DAILY_GUESS_CHANCE = 1e-4

/**
 * Codes are counted over a day plus their lifetime: any code that can be tried within some 24 hours was
 * made within this window before the one counted, so the bound holds for every 24 hours, not only calendar
 * days.
 */
export const CODE_COUNT_WINDOW_HOURS = 24 + Math.ceil(LOGIN_CODE_TTL_MINUTES / 60)

/**
 * Past this many codes in the window, the count stops (its cost must not grow with a flood) and every
 * further code has MAX_CODE_DIGITS: it is the first code of the 12-digit step.
 */
export const CODE_COUNT_CAP = 25_510
export const MAX_CODE_DIGITS = 20

/**
 * The length of an e-mail's next code, from the codes it was sent in the window. The first 10 have 6 digits;
 * then each step of 2 more digits serves 50 times as many codes: step k holds 10 * 50^k codes of 6 + 2k
 * digits, whose MAX_CODE_TRIES tries each win with 5 / 10^(6+2k), so step k risks at most 5e-5 / 2^k: the
 * steps of 6, 8 and 10 digits together 8.75e-5. From CODE_COUNT_CAP on, codes have MAX_CODE_DIGITS, whose
 * 5e-20 each leave the rest of 1e-4 unreachable. A person who is not under attack only ever sees 6 digits.
 */
export function codeDigitsFor(recentCodes: number): number {
  if (recentCodes >= CODE_COUNT_CAP) return MAX_CODE_DIGITS
  let step = 0
  let codesUpToStep = 10
  while (recentCodes >= codesUpToStep) {
    step += 1
    codesUpToStep += 10 * 50 ** step
  }
  return LOGIN_CODE_MIN_DIGITS + 2 * step
}

/** Chance that MAX_CODE_TRIES guesses at a code of this many digits hit it. */
export const codeGuessChance = (digits: number) => MAX_CODE_TRIES / 10 ** digits

export interface SendCodeRequest {
  email: string
  signup: boolean
  address: string | undefined
  /** The custom-domain prefix of the host, where there is one: signup is refused there. */
  domainPrefix: string | null
}

/** Mails a code and answers the new attempt's secret, which only the asking client may hold. */
export async function sendLoginCode(db: Database, mailer: Mailer, request: SendCodeRequest): Promise<string> {
  // Before anything is counted or made: an address the mailer would not send to as one mailbox is no user's.
  const email = checkEmail(request.email)
  if (request.signup && request.domainPrefix) throw new HttpError(403, 'signup_not_allowed')

  // Limits first: asking about unknown e-mails counts too, so addresses cannot be probed without end, and
  // no user is made past the limit.
  const withinLimits =
    request.address === undefined ||
    ((await takeRate(db, RATE_LIMITS.codePerEmailAddress, `${email} ${request.address}`)) &&
      (await takeRate(db, RATE_LIMITS.codePerAddress, request.address)))
  if (!withinLimits) throw new HttpError(412, 'too_many_codes')

  const user = request.signup ? await ensureUser(db, email) : await findUserByEmail(db, email)
  if (!user) throw new HttpError(404, 'user_not_found')

  const attempt = newAttemptSecret()
  const code = await db.transaction(async (tx) => {
    const recent = await countRecentCodes(tx, user.user_id, CODE_COUNT_WINDOW_HOURS, CODE_COUNT_CAP)
    const made = newLoginCode(codeDigitsFor(recent))
    await insertLoginCode(tx, {
      userId: user.user_id,
      codeHash: codeHash(user.user_id, attempt, made),
      attemptHash: sha256(attempt),
    })
    return made
  })
  await mailer.send(loginCodeMessage(user.email, code))
  return attempt
}

export interface LoginRequest {
  email: string
  loginCode: string
  /** The secret of the attempt that asked for the code (the cookie sendLoginCode's answer set). */
  attempt: string | undefined
  domainPrefix: string | null
  address: string | undefined
}

type CodeCheck = { ok: true; userId: number } | { ok: false; error: HttpError }

export async function loginWithCode(db: Database, request: LoginRequest): Promise<string> {
  const email = normalizeEmail(request.email)
  if (request.address !== undefined && !(await takeRate(db, RATE_LIMITS.loginPerAddress, request.address))) {
    throw new HttpError(429, 'too_many_tries')
  }
  const code = request.loginCode.replace(/\D/g, '')
  const user = isMailboxAddress(email) ? await findUserByEmail(db, email) : undefined
  // An unknown e-mail, or a client that never asked for a code, answers as a wrong code does: the answer
  // must not tell which e-mails exist.
  const attempt = request.attempt
  if (!user || attempt === undefined) throw new HttpError(403, 'invalid_code')

  // The check and the count of a wrong try commit together, whatever is thrown afterwards.
  const check = await db.transaction<CodeCheck>(async (tx) => {
    const stored = await findUsableCode(tx, user.user_id, sha256(attempt))
    if (!stored) return { ok: false, error: new HttpError(403, 'invalid_code') }
    if (!Buffer.from(stored.code_hash).equals(codeHash(user.user_id, attempt, code))) {
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

/** The user name rule (000 section 5) on the name without surrounding spaces; unique without regard to case. */
export async function changeUserName(db: Database, userId: number, rawName: string): Promise<void> {
  const userName = checkName(rawName, { code: 'invalid_user_name', pattern: USER_NAME_PATTERN })
  if (!(await setUserName(db, userId, userName))) throw new HttpError(409, 'used_user_name')
}

/**
 * The session's user and their organizations, or 403 for a key that names no live session: the session's
 * check and the answer in one round trip, as every console start asks for this.
 */
export async function currentUser(db: Database, sessionKeyHash: Buffer) {
  const current = await findSessionUserWithOrgs(db, sessionKeyHash)
  if (!current) throw new HttpError(403, 'invalid_session')
  return current
}

/** Signing out ends the session: its key answers 403 from then on. */
export async function logout(db: Database, sessionId: number): Promise<void> {
  await revokeSession(db, sessionId)
}
