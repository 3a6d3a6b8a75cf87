// Rules for the input of requests. Every request's, whatever its route, checked before the route's schema:
// no text carries a NUL character. PostgreSQL cannot store one (it would answer 500 from deep inside a
// query), and no name, path, e-mail or code of the product has a use for it. And the two rules of
// contract/text.ts as the services apply them, with the error each field answers: the name rule, for every
// name a service saves (organization, user, volume, container, app, device, network store), and the e-mail
// address rule, for sign-in, signup and Add User.
import { Stream } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import type { ErrorCode } from '../contract/errorCodes.ts'
import { holdsControlCharacter, isMailboxAddress } from '../contract/text.ts'
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

/** A field's own rule on top of the name rule, and the code the field answers a name that breaks either. */
export interface NameRule {
  /** Answered with 400 for a name that breaks the rule: the field's own code (invalid_org_name, ...). */
  code: ErrorCode
  /** The most characters a name may have, once trimmed. */
  maxLength?: number
  /** The field's own pattern (the spec's user, volume and container name rules). */
  pattern?: RegExp
  /**
   * `trim` (the default) drops blanks around the name; `as-sent` reads the name as sent, where the field's
   * own pattern says what may stand at either end (a volume's name begins and ends with a letter or digit,
   * so ' Footage' is refused, not changed into another name).
   */
  ends?: 'trim' | 'as-sent'
}

/**
 * The name rule: no control character anywhere in the name as sent (one at either end is refused, not
 * trimmed away: it is no blank a person typed), not empty, then the field's own rule. Answers the name to
 * save.
 */
export function checkName(raw: string, rule: NameRule): string {
  const name = rule.ends === 'as-sent' ? raw : raw.trim()
  if (
    holdsControlCharacter(raw) ||
    name.trim() === '' ||
    (rule.maxLength !== undefined && name.length > rule.maxLength) ||
    (rule.pattern !== undefined && !rule.pattern.test(name))
  ) {
    throw new HttpError(400, rule.code)
  }
  return name
}

/** An e-mail address as it is stored and compared: without blanks around it, in lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

/**
 * The e-mail address rule: the address, normalized, when the mailer sends to it as one mailbox
 * (contract/text.ts); 400 invalid_email otherwise, before anything is made for it.
 */
export function checkEmail(raw: string): string {
  const email = normalizeEmail(raw)
  if (!isMailboxAddress(email)) throw new HttpError(400, 'invalid_email')
  return email
}
