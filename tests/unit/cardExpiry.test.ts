import { describe, expect, it } from 'vitest'
import {
  EXPIRY_BAD_MONTH_MESSAGE,
  EXPIRY_INCOMPLETE_MESSAGE,
  EXPIRY_PASSED_MESSAGE,
  checkExpiry,
  expiryMessage,
  formatExpiryInput,
} from '../../src/lib/cardExpiry.ts'
import {
  cardText,
  defaultFirst,
  expirationText,
  paymentStatusText,
} from '../../src/routes/_app/-payment/paymentText.ts'

/** Types `keys` one at a time into an empty field, as the form's onChange would see them. */
function type(keys: string, start = ''): string {
  let value = start
  for (const key of keys) value = formatExpiryInput(value + key, value)
  return value
}

/** Backspace `times` times at the end of the field. */
function backspace(value: string, times: number): string {
  let current = value
  for (let i = 0; i < times; i++) current = formatExpiryInput(current.slice(0, -1), current)
  return current
}

const NOW = new Date(2026, 10, 25) // 25 November 2026, local time

describe('expiry formatting as the user types', () => {
  it('inserts the slash: 1230 reads 12/30', () => {
    expect(type('1230')).toBe('12/30')
    expect(type('12')).toBe('12/')
    expect(type('1')).toBe('1')
  })
  it('takes a typed slash without doubling it', () => {
    expect(type('12/30')).toBe('12/30')
    expect(type('12 / 30')).toBe('12/30')
  })
  it('reads a first digit from 2 to 9, or one digit and a slash, as a month 0d', () => {
    expect(type('4')).toBe('04/')
    expect(type('430')).toBe('04/30')
    expect(type('1/')).toBe('01/')
    expect(formatExpiryInput('4/30')).toBe('04/30')
  })
  it('keeps at most four digits and drops anything else', () => {
    expect(type('123456')).toBe('12/34')
    expect(formatExpiryInput('ab12cd30')).toBe('12/30')
  })
  it('formats a whole value set at once (paste, autofill)', () => {
    expect(formatExpiryInput('1230')).toBe('12/30')
    expect(formatExpiryInput('12/30')).toBe('12/30')
  })
  it('lets backspace work through the slash', () => {
    expect(backspace('12/30', 1)).toBe('12/3')
    expect(backspace('12/3', 1)).toBe('12/')
    expect(backspace('12/', 1)).toBe('12')
    expect(backspace('12/30', 5)).toBe('')
    expect(backspace('04/', 2)).toBe('0')
  })
})

describe('expiry check', () => {
  it('a future or current month is valid, as a month and a four-digit year', () => {
    expect(checkExpiry('12/30', NOW)).toEqual({ state: 'valid', month: 12, year: 2030 })
    expect(checkExpiry('11/26', NOW)).toEqual({ state: 'valid', month: 11, year: 2026 })
    expect(checkExpiry('01/2027', NOW)).toEqual({ state: 'valid', month: 1, year: 2027 })
  })
  it('refuses a date that has passed', () => {
    expect(checkExpiry('01/20', NOW)).toEqual({ state: 'invalid', message: EXPIRY_PASSED_MESSAGE })
    expect(checkExpiry('10/26', NOW)).toEqual({ state: 'invalid', message: EXPIRY_PASSED_MESSAGE })
    expect(EXPIRY_PASSED_MESSAGE).toBe('Enter an expiry date that has not passed.')
  })
  it('refuses a month past 12 or 00 as soon as it is typed', () => {
    expect(checkExpiry('13/', NOW)).toEqual({ state: 'invalid', message: EXPIRY_BAD_MONTH_MESSAGE })
    expect(checkExpiry('00/30', NOW)).toEqual({ state: 'invalid', message: EXPIRY_BAD_MONTH_MESSAGE })
  })
  it('is empty or incomplete while being typed', () => {
    expect(checkExpiry('', NOW).state).toBe('empty')
    expect(checkExpiry('1', NOW).state).toBe('incomplete')
    expect(checkExpiry('12/', NOW).state).toBe('incomplete')
    expect(checkExpiry('12/3', NOW).state).toBe('incomplete')
    expect(checkExpiry('12/203', NOW).state).toBe('incomplete')
  })
  it('says an unfinished value only once the field is left; wrong ones at once', () => {
    expect(expiryMessage(checkExpiry('12/3', NOW), false)).toBeUndefined()
    expect(expiryMessage(checkExpiry('12/3', NOW), true)).toBe(EXPIRY_INCOMPLETE_MESSAGE)
    expect(expiryMessage(checkExpiry('', NOW), true)).toBeUndefined()
    expect(expiryMessage(checkExpiry('01/20', NOW), false)).toBe(EXPIRY_PASSED_MESSAGE)
    expect(expiryMessage(checkExpiry('12/30', NOW), true)).toBeUndefined()
    expect(expiryMessage(checkExpiry('x', NOW), false)).toBe(EXPIRY_INCOMPLETE_MESSAGE)
  })
})

describe('payment method text', () => {
  const visa = {
    payment_method_id: 1,
    card_brand: 'visa',
    card_last4: '4242',
    exp_month: 4,
    exp_year: 2030,
    is_default: false,
    is_deleted: false,
  }
  const mastercard = { ...visa, payment_method_id: 2, card_brand: 'mastercard', is_default: true }
  it('card, expiration and status', () => {
    expect(cardText(visa)).toBe('Visa ending in 4242')
    expect(cardText({ card_brand: 'amex', card_last4: '0005' })).toBe('American Express ending in 0005')
    expect(cardText({ card_brand: 'newbrand', card_last4: '1111' })).toBe('Newbrand ending in 1111')
    expect(expirationText(visa)).toBe('04/2030')
    expect(paymentStatusText(visa)).toBe('Backup')
    expect(paymentStatusText(mastercard)).toBe('Default')
  })
  it('lists the default first', () => {
    expect(defaultFirst([visa, mastercard]).map((m) => m.payment_method_id)).toEqual([2, 1])
  })
})
