// The two rules of contract/text.ts as the services apply them, with the error each field answers: the
// name rule, for every name a service saves (organization, user, volume, container, app, device, network
// store), and the e-mail address rule, for sign-in, signup and Add User.
import type { ErrorCode } from '../contract/errorCodes.ts'
import { holdsControlCharacter, isMailboxAddress } from '../contract/text.ts'
import { HttpError } from '../errors.ts'

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
