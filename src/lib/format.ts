// Display formats of specification 000, section 9: byte sizes, money, the simple and long time displays,
// calendar days, date parsing and initials (src/ui/DateTime.tsx says which date display goes where). Pure functions; dates go through date-fns.
//
// The times are written with date-fns's lightFormat, and the weekday by Intl, as the relative word is: they
// print what format() would for the en-US locale, without the locale's parsing and formatting tables, some
// 17 KB that the console's first chunk would otherwise carry for every screen (the offline notice uses it).
import { differenceInCalendarDays, isValid, lightFormat, parseISO } from 'date-fns'

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const
const BYTE_BASE = 1024
/** Above this many of the unit shown, decimals add nothing the eye can use. */
const NO_DECIMALS_ABOVE = 100

/**
 * A byte size in B, KB, MB, GB or TB (base 1024), with `decimals` decimals (3 by default).
 *
 * Reading of "values over 100 of the next-lower unit show no decimals": the size is shown in the largest
 * unit it holds at least one of, so the next unit up is never reached below 1024; the number shown is
 * therefore a count of the unit just below the next one, and when that count is over 100 (e.g. 150 KB,
 * 512 MB) it is rounded to a whole number. Exactly 100 keeps its decimals. Bytes are whole, so B never
 * shows decimals. TB is the largest unit: larger sizes stay in TB.
 */
export function formatBytes(bytes: number, decimals = 3): string {
  if (!Number.isFinite(bytes) || bytes < 0) return ''
  let unit = 0
  let value = bytes
  while (value >= BYTE_BASE && unit < BYTE_UNITS.length - 1) {
    value /= BYTE_BASE
    unit++
  }
  const places = unit === 0 || value > NO_DECIMALS_ABOVE ? 0 : decimals
  return `${value.toFixed(places)} ${BYTE_UNITS[unit]}`
}

/** US dollars with 2 decimals, or up to 5 in the long form; a negative amount shows nothing. */
export function formatMoney(amount: number, long = false): string {
  if (!Number.isFinite(amount) || amount < 0) return ''
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: long ? 5 : 2,
  }).format(amount)
}

/** The minus sign of a negative amount (U+2212), as wide as the plus and the digits. */
export const MINUS_SIGN = '\u2212'

/**
 * Money that may be negative, e.g. an invoice's correction line that gives money back: '−$1.23'. formatMoney
 * shows nothing for a negative amount (an amount owed is never negative), so the sign is written here and
 * the rest is formatMoney's.
 */
export function formatSignedMoney(amount: number, long = false): string {
  if (!Number.isFinite(amount)) return ''
  const shown = formatMoney(Math.abs(amount), long)
  // An amount that rounds to zero shows no sign: '−$0.00' would say money moves when none does.
  return amount < 0 && /[1-9]/.test(shown) ? `${MINUS_SIGN}${shown}` : shown
}

export type DateInput = string | number | Date | null | undefined

/** A date from an answer (ISO 8601 text, epoch ms or a Date); what cannot be read logs a line and is no value. */
export function parseDate(input: DateInput): Date | undefined {
  if (input === null || input === undefined || input === '') return undefined
  const date = typeof input === 'string' ? parseISO(input) : new Date(input)
  if (!isValid(date)) {
    console.log(`date parse failed: ${String(input)}`)
    return undefined
  }
  return date
}

// The simple time display's thresholds, in milliseconds before now (23 h, 36 h, 5 days).
export const TIME_OF_DAY_BELOW_MS = 82_800_000
export const CALENDAR_WORD_BELOW_MS = 129_600_000
export const WEEKDAY_BELOW_MS = 432_000_000

// Made once: a listing writes a time in every row.
const WEEKDAY = new Intl.DateTimeFormat('en-US', { weekday: 'long' })
const RELATIVE_DAY = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' })

function calendarWord(date: Date, now: Date): string {
  const days = differenceInCalendarDays(now, date)
  const word = RELATIVE_DAY.format(-days, 'day')
  return word.charAt(0).toUpperCase() + word.slice(1)
}

/**
 * The short form used in tables: the time of day for the last 23 hours, a relative-calendar word
 * (Yesterday, Today) up to 36 hours, the weekday up to 5 days, and a short date with a two-digit year
 * beyond. Times in the future count as recent.
 */
export function formatSimpleTime(input: DateInput, now: Date = new Date()): string {
  const date = parseDate(input)
  if (!date) return ''
  const age = now.getTime() - date.getTime()
  if (age < TIME_OF_DAY_BELOW_MS) return lightFormat(date, 'h:mm a')
  if (age < CALENDAR_WORD_BELOW_MS) return calendarWord(date, now)
  if (age < WEEKDAY_BELOW_MS) return WEEKDAY.format(date)
  return lightFormat(date, 'M/d/yy')
}

/**
 * A moment to come (a link's expiry) in a list: the simple display looking ahead, by calendar days. The
 * time of day when it is today, Tomorrow, the weekday within the week, and the short date beyond; a moment
 * already past reads as the simple display. formatSimpleTime counts back from now, so it would show next
 * week's moment as a time of day; the long format (the title) gives the exact time.
 */
export function formatComingTime(input: DateInput, now: Date = new Date()): string {
  const date = parseDate(input)
  if (!date) return ''
  const days = differenceInCalendarDays(date, now)
  if (date.getTime() <= now.getTime()) return formatSimpleTime(date, now)
  if (days === 0) return lightFormat(date, 'h:mm a')
  if (days === 1) return 'Tomorrow'
  if (days < 7) return WEEKDAY.format(date)
  return lightFormat(date, 'M/d/yy')
}

/** A moment to the minute, without the long form's seconds ('12/5/26 7:58 PM'): a new link's expiry, said once. */
export function formatMinuteTime(input: DateInput): string {
  const date = parseDate(input)
  return date ? lightFormat(date, 'M/d/yy h:mm a') : ''
}

/** The long form: MM/dd/yy with the time. */
export function formatLongTime(input: DateInput): string {
  const date = parseDate(input)
  return date ? lightFormat(date, 'MM/dd/yy h:mm:ss a') : ''
}

const UTC_DAY = /^\d{4}-\d{2}-\d{2}/

/**
 * A calendar day as yyyy-MM-dd (an invoice's date, a usage day): the day as the server wrote it, from a day
 * ('2026-10-01') or a timestamp ('2026-10-01T00:00:00Z', its UTC day); anything else is no day.
 */
export function formatDay(input: string | null | undefined): string {
  return (input && UTC_DAY.exec(input)?.[0]) || ''
}

/** First letters of the words, at most 2, in capitals. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('')
}

/**
 * Who made a change, as the file screens name them: the user (their user name, else their e-mail, as in the
 * Audit tab); a change a device sent names the device first, with its user: 'Edit Bay (ana@example.com)'.
 */
export function changedByText(by: {
  user_name: string | null
  email: string | null
  device_name: string | null
}): string {
  const user = by.user_name || by.email || ''
  if (!by.device_name) return user
  return user ? `${by.device_name} (${user})` : by.device_name
}
