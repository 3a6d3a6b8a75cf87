import { describe, expect, it } from 'vitest'
import {
  RATE_TIME_CONSTANT_MS,
  formatDuration,
  formatRate,
  sampleRate,
  secondsLeft,
  averageRate,
  transferLine,
  type RateState,
} from '../../src/transfers/transferRate.ts'

const MiB = 1024 * 1024

/** Samples `bytesAt(t)` every `stepMs` from 0 to `untilMs`. */
function sampled(bytesAt: (ms: number) => number, untilMs: number, stepMs = 1000): RateState {
  let state: RateState | null = null
  for (let ms = 0; ms <= untilMs; ms += stepMs) state = sampleRate(state, bytesAt(ms), ms)
  if (!state) throw new Error('no sample')
  return state
}

describe('sampleRate', () => {
  it('knows no speed from one sample, and the measured speed from the second', () => {
    const first = sampleRate(null, 1000, 0)
    expect(first.rate).toBeNull()
    expect(sampleRate(first, 3000, 1000).rate).toBe(2000)
  })

  it('settles on a steady speed whatever the sampling', () => {
    const steady = (ms: number) => ms * 1000 // 1 MB/s in bytes per ms
    expect(sampled(steady, 20_000).rate).toBeCloseTo(1_000_000)
    expect(sampled(steady, 20_000, 250).rate).toBeCloseTo(1_000_000)
  })

  it('moves towards a new speed over a few seconds rather than at once', () => {
    // 1 MB/s for 20 s, then 3 MB/s.
    const bytesAt = (ms: number) => (ms <= 20_000 ? ms * 1000 : 20_000_000 + (ms - 20_000) * 3000)
    const oneSecondOn = sampled(bytesAt, 21_000).rate ?? 0
    expect(oneSecondOn).toBeGreaterThan(1_000_000)
    expect(oneSecondOn).toBeLessThan(2_000_000)
    // After three time constants, within 5% of the new speed.
    const later = sampled(bytesAt, 20_000 + 3 * RATE_TIME_CONSTANT_MS).rate ?? 0
    expect(later).toBeGreaterThan(2_900_000)
  })

  it('weights a sample by the time it covers: one long gap counts as the seconds it spans', () => {
    const start = sampleRate(sampleRate(null, 0, 0), 1000, 1000) // 1000 B/s
    // Nothing moved for a minute: the average has all but forgotten the old speed.
    expect(sampleRate(start, 1000, 61_000).rate).toBeLessThan(1)
    // Nothing moved for a quarter second: it has hardly changed.
    expect(sampleRate(start, 1000, 1250).rate).toBeGreaterThan(900)
  })

  it('starts measuring again when the bytes go down (an item removed), keeping the speed', () => {
    const running = sampleRate(sampleRate(null, 0, 0), 5000, 1000)
    const after = sampleRate(running, 2000, 2000)
    expect(after).toEqual({ at: 2000, bytes: 2000, rate: 5000 })
  })

  it('ignores a sample that is not later than the last', () => {
    const state = sampleRate(sampleRate(null, 0, 0), 5000, 1000)
    expect(sampleRate(state, 9000, 1000)).toBe(state)
  })
})

describe('secondsLeft', () => {
  it('divides what remains by the speed, rounding up', () => {
    expect(secondsLeft(10 * MiB, MiB)).toBe(10)
    expect(secondsLeft(10 * MiB + 1, MiB)).toBe(11)
  })

  it('is 0 when nothing remains, and unknown without a speed or when stalled', () => {
    expect(secondsLeft(0, null)).toBe(0)
    expect(secondsLeft(100, null)).toBeNull()
    expect(secondsLeft(100, 0)).toBeNull()
    expect(secondsLeft(100, 0.5)).toBeNull()
  })
})

describe('formatDuration', () => {
  it('writes seconds, minutes and seconds, minutes, then hours and minutes', () => {
    expect(formatDuration(0)).toBe('0 s')
    expect(formatDuration(0.2)).toBe('1 s')
    expect(formatDuration(59)).toBe('59 s')
    expect(formatDuration(60)).toBe('1 min')
    expect(formatDuration(125)).toBe('2 min 5 s')
    expect(formatDuration(600)).toBe('10 min')
    expect(formatDuration(1469)).toBe('24 min')
    expect(formatDuration(3600)).toBe('1 h')
    expect(formatDuration(3600 + 25 * 60)).toBe('1 h 25 min')
    expect(formatDuration(2 * 3600 - 10)).toBe('2 h')
  })
})

describe('the transfer line', () => {
  it('says bytes done of total, speed and time left while running', () => {
    expect(formatRate(5.2 * MiB)).toBe('5.2 MB/s')
    expect(transferLine({ done: 84 * MiB, total: 200 * MiB, rate: 4 * MiB, running: true })).toBe(
      '84.0 MB of 200 MB · 4.0 MB/s · 29 s left',
    )
  })

  it('says only the bytes before the speed is known and once the transfer is over', () => {
    expect(transferLine({ done: 0, total: 200 * MiB, rate: null, running: true })).toBe('0 B of 200 MB')
    expect(transferLine({ done: 200 * MiB, total: 200 * MiB, rate: MiB, running: false })).toBe(
      '200 MB of 200 MB',
    )
  })

  it('says the average speed of a run once it ended, and nothing of it while it runs or when nothing moved', () => {
    const run = { bytes: 200 * MiB, ms: 5_000 }
    expect(averageRate(run)).toBe((200 * MiB) / 5)
    expect(transferLine({ done: 200 * MiB, total: 200 * MiB, rate: null, running: false, run })).toBe(
      '200 MB of 200 MB · 40.0 MB/s average over 5 s',
    )
    expect(transferLine({ done: 100 * MiB, total: 200 * MiB, rate: 4 * MiB, running: true, run })).toBe(
      '100.0 MB of 200 MB · 4.0 MB/s · 25 s left',
    )
    // Every file skipped, or a run that ended as it began.
    expect(averageRate({ bytes: 0, ms: 5_000 })).toBeNull()
    expect(averageRate({ bytes: MiB, ms: 0 })).toBeNull()
    expect(
      transferLine({ done: MiB, total: MiB, rate: null, running: false, run: { bytes: 0, ms: 9 } }),
    ).toBe('1.0 MB of 1.0 MB')
  })

  it('leaves out the time left while the transfer is stalled', () => {
    expect(transferLine({ done: MiB, total: 2 * MiB, rate: 0, running: true })).toBe(
      '1.0 MB of 2.0 MB · 0 B/s',
    )
  })
})
