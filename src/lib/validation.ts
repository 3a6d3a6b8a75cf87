// The input rules of specification 000, section 5, and the messages the forms show for them.
import { isMailboxAddress } from '../../server/contract/text.ts'
import { USER_NAME_PATTERN, VOLUME_NAME_PATTERN } from '../../server/contract/limits.ts'

export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.'
export const SHORT_CODE_MESSAGE = 'Your code should be at least 6 digits.'
export const LOGIN_CODE_MIN_DIGITS = 6

// Something, an at-sign, something, a dot, something: no whitespace and no second at-sign anywhere.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The address as it will be sent: surrounding blanks (a pasted address often has them) are dropped. */
export function normalizeEmail(email: string): string {
  return email.trim()
}

/**
 * The spec's shape, and the server's e-mail rule (one mailbox, as the mailer reads it; contract/text.ts), so
 * that an address the server would refuse is refused here first, with the spec's message.
 */
export function isValidEmail(email: string): boolean {
  const address = normalizeEmail(email)
  return EMAIL_SHAPE.test(address) && isMailboxAddress(address)
}

/** The code field keeps only digits, so a code pasted with spaces or dashes still works. */
export function codeDigits(input: string): string {
  return input.replace(/\D/g, '')
}

export function codeError(code: string): string | undefined {
  return codeDigits(code).length < LOGIN_CODE_MIN_DIGITS ? SHORT_CODE_MESSAGE : undefined
}

export function isValidUserName(name: string): boolean {
  return USER_NAME_PATTERN.test(name)
}

export function isValidVolumeName(name: string): boolean {
  return VOLUME_NAME_PATTERN.test(name)
}

/** The spec names an illegal-name message for volumes without giving its words; these state the rule. */
export const INVALID_VOLUME_NAME_MESSAGE =
  'Volume names must be 3 to 64 characters of letters, numbers, spaces, dashes and underscores, and begin and end with a letter or number.'

export function isValidOrgName(name: string): boolean {
  return name.trim() !== ''
}
