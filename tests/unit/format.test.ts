import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  changedByText,
  formatBytes,
  formatComingTime,
  formatLongTime,
  formatMinuteTime,
  formatMoney,
  formatSignedMoney,
  formatSimpleTime,
  initials,
  parseDate,
} from '../../src/lib/format.ts'

describe('formatBytes', () => {
  it('uses B, KB, MB, GB and TB in base 1024 with 3 decimals by default', () => {
    expect(formatBytes(0)).toBe('0 B')
    expect(formatBytes(1023)).toBe('1023 B')
    expect(formatBytes(1024)).toBe('1.000 KB')
    expect(formatBytes(1536)).toBe('1.500 KB')
    expect(formatBytes(5 * 1024 ** 2 + 1024 ** 2 / 4)).toBe('5.250 MB')
    expect(formatBytes(2 * 1024 ** 3)).toBe('2.000 GB')
    expect(formatBytes(3.5 * 1024 ** 4)).toBe('3.500 TB')
  })

  it('shows no decimals above 100 of the unit shown, and keeps them at exactly 100', () => {
    expect(formatBytes(100 * 1024)).toBe('100.000 KB')
    expect(formatBytes(100.5 * 1024)).toBe('101 KB')
    expect(formatBytes(512 * 1024 ** 2)).toBe('512 MB')
    expect(formatBytes(1023.9 * 1024)).toBe('1024 KB')
  })

  it('takes a number of decimals', () => {
    expect(formatBytes(1536, 1)).toBe('1.5 KB')
    expect(formatBytes(1536, 0)).toBe('2 KB')
  })

  it('stays in TB above it, and shows nothing for what is not a size', () => {
    expect(formatBytes(2048 * 1024 ** 4)).toBe('2048 TB')
    expect(formatBytes(-1)).toBe('')
    expect(formatBytes(Number.NaN)).toBe('')
  })
})

describe('formatMoney', () => {
  it('shows US dollars with 2 decimals, up to 5 in the long form', () => {
    expect(formatMoney(49)).toBe('$49.00')
    expect(formatMoney(1234.5)).toBe('$1,234.50')
    expect(formatMoney(0.123456)).toBe('$0.12')
    expect(formatMoney(0.123456, true)).toBe('$0.12346')
    expect(formatMoney(2, true)).toBe('$2.00')
    expect(formatMoney(0)).toBe('$0.00')
  })

  it('gives an empty string for a negative amount', () => {
    expect(formatMoney(-0.01)).toBe('')
    expect(formatMoney(-5, true)).toBe('')
  })
})

describe('formatSignedMoney', () => {
  it('writes a negative amount with a minus sign before formatMoney of its size', () => {
    expect(formatSignedMoney(-1.23)).toBe('\u2212$1.23')
    expect(formatSignedMoney(-1234.5)).toBe('\u2212$1,234.50')
    expect(formatSignedMoney(-0.123456, true)).toBe('\u2212$0.12346')
  })

  it('shows other amounts as formatMoney does', () => {
    expect(formatSignedMoney(1.23)).toBe('$1.23')
    expect(formatSignedMoney(0.123456, true)).toBe('$0.12346')
    expect(formatSignedMoney(0)).toBe('$0.00')
  })

  it('shows no sign for an amount that rounds to zero, and nothing for what is no number', () => {
    expect(formatSignedMoney(-0.001)).toBe('$0.00')
    expect(formatSignedMoney(-0)).toBe('$0.00')
    expect(formatSignedMoney(Number.NaN)).toBe('')
  })
})

describe('parseDate', () => {
  afterEach(() => vi.restoreAllMocks())

  it('reads ISO text, epoch milliseconds and dates', () => {
    expect(parseDate('2026-03-04T05:06:07.000Z')?.getTime()).toBe(Date.UTC(2026, 2, 4, 5, 6, 7))
    expect(parseDate(0)?.getTime()).toBe(0)
    expect(parseDate(null)).toBeUndefined()
  })

  it('logs a line and yields no value when it cannot read the date', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    expect(parseDate('not a date')).toBeUndefined()
    expect(log).toHaveBeenCalledTimes(1)
    expect(formatLongTime('not a date')).toBe('')
  })
})

describe('formatSimpleTime', () => {
  const now = new Date(2026, 5, 12, 15, 0, 0) // Friday 12 June 2026, 3 PM local time
  const ago = (ms: number) => new Date(now.getTime() - ms)

  it('shows the time of day under 82.8 million ms', () => {
    expect(formatSimpleTime(ago(60_000), now)).toBe('2:59 PM')
    expect(formatSimpleTime(ago(82_799_999), now)).toBe('4:00 PM')
  })

  it('shows a relative-calendar word under 129.6 million ms', () => {
    expect(formatSimpleTime(ago(82_800_000), now)).toBe('Yesterday')
    expect(formatSimpleTime(ago(129_599_999), now)).toBe('Yesterday')
  })

  it('shows the weekday under 432 million ms', () => {
    expect(formatSimpleTime(ago(129_600_000), now)).toBe('Thursday')
    expect(formatSimpleTime(ago(431_999_999), now)).toBe('Sunday')
  })

  it('shows a short date with a two-digit year beyond', () => {
    expect(formatSimpleTime(ago(432_000_000), now)).toBe('6/7/26')
    expect(formatSimpleTime(new Date(2024, 0, 31, 9, 0), now)).toBe('1/31/24')
  })

  it('shows nothing for no date', () => {
    expect(formatSimpleTime(null, now)).toBe('')
  })
})

describe('formatComingTime', () => {
  const now = new Date(2026, 5, 12, 15, 0, 0) // Friday 12 June 2026, 3 PM local time

  it('shows the time of day later today, then Tomorrow, the weekday within the week, the date beyond', () => {
    expect(formatComingTime(new Date(2026, 5, 12, 23, 30), now)).toBe('11:30 PM')
    expect(formatComingTime(new Date(2026, 5, 13, 0, 30), now)).toBe('Tomorrow')
    expect(formatComingTime(new Date(2026, 5, 14, 9, 0), now)).toBe('Sunday')
    expect(formatComingTime(new Date(2026, 5, 18, 23, 0), now)).toBe('Thursday')
    expect(formatComingTime(new Date(2026, 5, 19, 9, 0), now)).toBe('6/19/26')
    expect(formatComingTime(new Date(2027, 0, 5, 9, 4, 3), now)).toBe('1/5/27')
  })

  it('reads a moment already past as the simple display, and nothing for no date', () => {
    expect(formatComingTime(new Date(2026, 5, 11, 14, 0), now)).toBe('Yesterday')
    expect(formatComingTime(null, now)).toBe('')
  })
})

describe('formatMinuteTime', () => {
  it('is M/d/yy with the time to the minute', () => {
    expect(formatMinuteTime(new Date(2026, 11, 5, 19, 58, 30))).toBe('12/5/26 7:58 PM')
    expect(formatMinuteTime(null)).toBe('')
  })
})

describe('formatLongTime', () => {
  it('is MM/dd/yy with the time', () => {
    expect(formatLongTime(new Date(2026, 0, 5, 9, 4, 3))).toBe('01/05/26 9:04:03 AM')
  })
})

describe('initials', () => {
  it('takes the first letters of at most 2 words', () => {
    expect(initials('Ada Lovelace King')).toBe('AL')
    expect(initials('ada')).toBe('A')
    expect(initials('  grace   hopper ')).toBe('GH')
    expect(initials('')).toBe('')
  })
})

describe('changedByText', () => {
  it('names the user by user name, else e-mail, and a device first with its user', () => {
    expect(changedByText({ user_name: 'ana', email: 'ana@example.com', device_name: null })).toBe('ana')
    expect(changedByText({ user_name: null, email: 'ana@example.com', device_name: null })).toBe(
      'ana@example.com',
    )
    expect(changedByText({ user_name: null, email: 'ana@example.com', device_name: 'Edit Bay' })).toBe(
      'Edit Bay (ana@example.com)',
    )
    expect(changedByText({ user_name: null, email: null, device_name: 'Edit Bay' })).toBe('Edit Bay')
    expect(changedByText({ user_name: null, email: null, device_name: null })).toBe('')
  })
})
