// A card's expiry as typed in the test card form: MM/YY, the slash put in as the user types (1230 reads
// 12/30), and checked as it grows: a month past 12 or a date already gone is said at once, so the Add Card
// button is never disabled without a reason. A card is good until the end of its expiry month.

export const EXPIRY_INCOMPLETE_MESSAGE = 'Enter the expiry date as MM/YY.'
export const EXPIRY_BAD_MONTH_MESSAGE = 'Enter a month from 01 to 12.'
export const EXPIRY_PASSED_MESSAGE = 'Enter an expiry date that has not passed.'

/**
 * The field's new text for what the user typed (`input`), given what it showed before (`previous`): the
 * digits only, at most four, as MM/YY. Typing the second month digit adds the slash; a first digit from 2
 * to 9 can only be a month 02 to 09, so it reads 0d/. Deleting never adds a slash back, so backspace
 * works through it.
 */
export function formatExpiryInput(input: string, previous = ''): string {
  // A one-digit month before a slash ("1/", "4/30") is that month: 01, 04.
  const shortMonth = /^\s*(\d)\s*\/(.*)$/.exec(input)
  const typed = shortMonth ? `0${shortMonth[1] ?? ''}${shortMonth[2] ?? ''}` : input
  const digits = typed.replace(/\D/g, '').slice(0, 4)
  const deleting = input.length < previous.length
  if (digits.length > 2) return `${digits.slice(0, 2)}/${digits.slice(2)}`
  if (deleting) return digits.length === 2 && input.trimEnd().endsWith('/') ? `${digits}/` : digits
  if (digits.length === 2) return `${digits}/`
  if (digits.length === 1 && digits > '1') return `0${digits}/`
  return digits
}

export type ExpiryCheck =
  | { state: 'empty' | 'incomplete' }
  | { state: 'invalid'; message: string }
  | { state: 'valid'; month: number; year: number }

/**
 * What the typed expiry is, as of `now` (the user's clock, so 'this month' is theirs): empty, still being
 * typed, wrong (with the message to show), or a month and a four-digit year. A two-digit year is 20YY.
 */
export function checkExpiry(text: string, now: Date = new Date()): ExpiryCheck {
  const trimmed = text.trim()
  if (trimmed === '') return { state: 'empty' }
  const match = /^(\d{1,2})(?:\s*\/\s*(\d{0,4}))?$/.exec(trimmed)
  if (!match) return { state: 'invalid', message: EXPIRY_INCOMPLETE_MESSAGE }
  const [, monthText = '', yearText = ''] = match
  if (monthText.length === 2) {
    const month = Number(monthText)
    if (month < 1 || month > 12) return { state: 'invalid', message: EXPIRY_BAD_MONTH_MESSAGE }
  }
  if (monthText.length < 2 || (yearText.length !== 2 && yearText.length !== 4)) return { state: 'incomplete' }
  const month = Number(monthText)
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText)
  const thisYear = now.getFullYear()
  const thisMonth = now.getMonth() + 1
  if (year < thisYear || (year === thisYear && month < thisMonth))
    return { state: 'invalid', message: EXPIRY_PASSED_MESSAGE }
  return { state: 'valid', month, year }
}

/** The message for the field: wrong values at once, an unfinished one only once the user has left it. */
export function expiryMessage(check: ExpiryCheck, left: boolean): string | undefined {
  if (check.state === 'invalid') return check.message
  if (check.state === 'incomplete' && left) return EXPIRY_INCOMPLETE_MESSAGE
  return undefined
}
