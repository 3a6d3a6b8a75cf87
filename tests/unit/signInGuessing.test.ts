// The guessing bound of sign-in codes: however many codes one e-mail is sent in a day, the chance that every
// try at every one of them wins stays under 10^-4, and a person who is not under attack sees 6 digits.
import { describe, expect, it } from 'vitest'
import { newLoginCode } from '../../server/auth/secrets.ts'
import {
  CODE_COUNT_CAP,
  codeDigitsFor,
  codeGuessChance,
  DAILY_GUESS_CHANCE,
  MAX_CODE_DIGITS,
} from '../../server/services/login.ts'

describe('codeDigitsFor', () => {
  it('gives 6 digits to the first 10 codes of a day, then 2 more per step, then the longest', () => {
    expect([0, 1, 9].map(codeDigitsFor)).toEqual([6, 6, 6])
    expect([10, 509].map(codeDigitsFor)).toEqual([8, 8])
    expect([510, 25_509].map(codeDigitsFor)).toEqual([10, 10])
    expect([CODE_COUNT_CAP, CODE_COUNT_CAP * 1000].map(codeDigitsFor)).toEqual([
      MAX_CODE_DIGITS,
      MAX_CODE_DIGITS,
    ])
  })

  it('keeps the chance of guessing any code of one e-mail in a day under 10^-4, however many are asked for', () => {
    let chance = 0
    for (let sent = 0; sent < CODE_COUNT_CAP; sent++) chance += codeGuessChance(codeDigitsFor(sent))
    expect(chance).toBeCloseTo(8.75e-5, 12)
    // Past the cap, even 10^12 codes a day (a million a second from anywhere) add less than the rest.
    chance += 1e12 * codeGuessChance(codeDigitsFor(CODE_COUNT_CAP))
    expect(chance).toBeLessThan(DAILY_GUESS_CHANCE)
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
