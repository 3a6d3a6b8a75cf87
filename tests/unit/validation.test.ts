import { describe, expect, it } from 'vitest'
import {
  INVALID_EMAIL_MESSAGE,
  SHORT_CODE_MESSAGE,
  codeDigits,
  codeError,
  isValidEmail,
  isValidOrgName,
  isValidUserName,
  isValidVolumeName,
} from '../../src/lib/validation.ts'

describe('e-mail rule', () => {
  it('accepts something@something.something', () => {
    for (const email of ['a@b.co', 'first.last+tag@example.com', ' padded@example.org '])
      expect(isValidEmail(email), email).toBe(true)
  })
  it('refuses empty, whitespace, extra at-signs and missing parts', () => {
    for (const email of ['', 'plain', 'a@b', '@b.c', 'a@.c', 'a@b.', 'a b@c.d', 'a@b@c.d', 'a@b .c'])
      expect(isValidEmail(email), email).toBe(false)
  })
  it('refuses, as the server does, what the mailer would not send to as one mailbox', () => {
    for (const email of ['a,b@c.de', 'x<y>@c.de', 'a;b@c.de', '"a b"@c.de', 'a..b@c.de', 'a@[127.0.0.1]'])
      expect(isValidEmail(email), email).toBe(false)
  })
  it('has the message of the spec', () => {
    expect(INVALID_EMAIL_MESSAGE).toBe('Please enter a valid email address.')
  })
})

describe('login code', () => {
  it('keeps only digits', () => {
    expect(codeDigits(' 12-34 56a')).toBe('123456')
  })
  it('needs at least 6 digits', () => {
    expect(codeError('12345')).toBe(SHORT_CODE_MESSAGE)
    expect(codeError('12 34 5')).toBe('Your code should be at least 6 digits.')
    expect(codeError('123456')).toBeUndefined()
    expect(codeError('1234567')).toBeUndefined()
  })
})

describe('user name rule', () => {
  it('takes 4 to 32 letters, numbers, dash and underscore', () => {
    expect(isValidUserName('abcd')).toBe(true)
    expect(isValidUserName('A-b_9'.padEnd(32, 'x'))).toBe(true)
    expect(isValidUserName('abc')).toBe(false)
    expect(isValidUserName('x'.repeat(33))).toBe(false)
    expect(isValidUserName('with space')).toBe(false)
    expect(isValidUserName('dot.name')).toBe(false)
  })
})

describe('volume name rule', () => {
  it('takes 3 to 64 characters, letter or digit at both ends', () => {
    expect(isValidVolumeName('abc')).toBe(true)
    expect(isValidVolumeName('My Volume_1-2')).toBe(true)
    expect(isValidVolumeName('a'.repeat(64))).toBe(true)
    expect(isValidVolumeName('ab')).toBe(false)
    expect(isValidVolumeName('a'.repeat(65))).toBe(false)
    expect(isValidVolumeName('-abc')).toBe(false)
    expect(isValidVolumeName('abc ')).toBe(false)
    expect(isValidVolumeName('a.bc')).toBe(false)
  })
})

describe('organization name rule', () => {
  it('needs something besides blanks', () => {
    expect(isValidOrgName('Acme')).toBe(true)
    expect(isValidOrgName('   ')).toBe(false)
  })
})
