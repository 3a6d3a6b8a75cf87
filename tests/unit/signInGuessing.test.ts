// The guessing bound of sign-in codes: however many codes one e-mail is sent in a day, the chance that every
// try at every one of them wins stays under 10^-4, and a person who is not under attack sees 6 digits.
import { describe, expect, it } from 'vitest'
import { LOGIN_CODE_MIN_DIGITS, newLoginCode } from '../../server/auth/secrets.ts'
import { codeDigitsFor, codeGuessChance, DAILY_GUESS_CHANCE } from '../../server/services/login.ts'

describe('codeDigitsFor', () => {
  it('gives 6 digits to the first 10 codes of a day, then 2 more per step', () => {
    expect([0, 1, 9].map(codeDigitsFor)).toEqual([6, 6, 6])
    expect([10, 509].map(codeDigitsFor)).toEqual([8, 8])
    expect([510, 25_509].map(codeDigitsFor)).toEqual([10, 10])
    expect(codeDigitsFor(25_510)).toBe(12)
  })

  it('keeps the chance of guessing any code of one e-mail in a day under 10^-4, however many are asked for', () => {
    // Walk the steps as codeDigitsFor draws them: find where each one ends, and add its codes' chances.
    let chance = 0
    let first = 0
    for (let step = 0; step < 7; step++) {
      const digits = codeDigitsFor(first)
      expect(digits).toBe(LOGIN_CODE_MIN_DIGITS + 2 * step)
      let last = first
      for (let span = 2 ** 40; span >= 1; span /= 2) if (codeDigitsFor(last + span) === digits) last += span
      chance += (last - first + 1) * codeGuessChance(digits)
      first = last + 1
    }
    // Past 10^11 codes a day (counts beyond exact arithmetic), each step k holds 10 * 50^k codes.
    expect(first).toBeGreaterThan(10 ** 11)
    for (let step = 7; step < 40; step++) chance += 10 * 50 ** step * codeGuessChance(6 + 2 * step)
    expect(chance).toBeLessThan(DAILY_GUESS_CHANCE)
    expect(chance).toBeGreaterThan(DAILY_GUESS_CHANCE * 0.99)
  })
})

describe('newLoginCode', () => {
  it('makes codes of the asked length from digits alone, leading zeros kept', () => {
    for (const digits of [6, 8, 20]) {
      const codes = Array.from({ length: 200 }, () => newLoginCode(digits))
      expect(codes.every((code) => new RegExp(`^\\d{${digits}}$`).test(code))).toBe(true)
    }
    // Every digit shows up in every position over many codes: no position is fixed.
    const many = Array.from({ length: 2000 }, () => newLoginCode(6))
    for (let position = 0; position < 6; position++) {
      expect(new Set(many.map((code) => code[position])).size).toBe(10)
    }
  })
})
