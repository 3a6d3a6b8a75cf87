// Speed and time left of a transfer, for the transfer panel and the upload and download screens. The speed is
// an exponential moving average of the bytes moved per second, sampled now and then: weighted by the time
// each sample covers, so the panel and a screen sampling the same transfer at different moments (or a
// screen coming back after a while) agree on it, and a burst or a pause moves it over a few seconds rather
// than at once. Pure functions of the samples and the clock.
import { formatBytes } from '../lib/format.ts'

/** How long the average remembers: a change of speed is mostly taken in after about this long. */
export const RATE_TIME_CONSTANT_MS = 5_000
/** How often the screens sample a running transfer. */
export const RATE_SAMPLE_MS = 1_000

export interface RateState {
  /** When the last sample was taken (epoch milliseconds). */
  at: number
  /** The bytes done at that sample. */
  bytes: number
  /** Bytes per second, or null until two samples have been taken. */
  rate: number | null
}

/** The state after a sample of `bytes` done at `now`. */
export function sampleRate(
  previous: RateState | null,
  bytes: number,
  now: number,
  timeConstantMs: number = RATE_TIME_CONSTANT_MS,
): RateState {
  if (previous === null) return { at: now, bytes, rate: null }
  // Fewer bytes than before: an item was removed or a try started over. Those bytes were not moved
  // backwards; start measuring again from here, keeping the speed seen so far.
  if (bytes < previous.bytes) return { at: now, bytes, rate: previous.rate }
  const elapsed = now - previous.at
  if (elapsed <= 0) return previous
  const instant = ((bytes - previous.bytes) / elapsed) * 1000
  if (previous.rate === null) return { at: now, bytes, rate: instant }
  const weight = 1 - Math.exp(-elapsed / timeConstantMs)
  return { at: now, bytes, rate: previous.rate + weight * (instant - previous.rate) }
}

/** Below this speed nothing useful can be said about when a transfer ends. */
const STALLED_BELOW = 1

/** Seconds until `remaining` bytes are moved at `rate`; null when the speed is unknown or stalled. */
export function secondsLeft(remaining: number, rate: number | null): number | null {
  if (remaining <= 0) return 0
  if (rate === null || !Number.isFinite(rate) || rate < STALLED_BELOW) return null
  return Math.ceil(remaining / rate)
}

/** A speed, e.g. '5.2 MB/s'. */
export function formatRate(rate: number): string {
  return `${formatBytes(Math.max(0, rate), 1)}/s`
}

/**
 * A time left: seconds under a minute, minutes and seconds under ten minutes (where seconds still matter),
 * whole minutes under an hour, then hours and minutes.
 */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.ceil(seconds))
  if (total < 60) return `${total} s`
  if (total < 600) {
    const rest = total % 60
    return rest === 0 ? `${total / 60} min` : `${Math.floor(total / 60)} min ${rest} s`
  }
  if (total < 3600) return `${Math.round(total / 60)} min`
  const minutes = Math.round((total % 3600) / 60)
  const hours = Math.floor(total / 3600) + (minutes === 60 ? 1 : 0)
  return minutes === 0 || minutes === 60 ? `${hours} h` : `${hours} h ${minutes} min`
}

/** A run of a queue that has ended: the bytes it moved while this tab watched, and how long it took. */
export interface RunAverage {
  bytes: number
  ms: number
}

/** Bytes per second over a run; null when nothing moved (every file skipped) or no time passed. */
export function averageRate(run: RunAverage | null | undefined): number | null {
  if (!run || run.bytes <= 0 || run.ms <= 0) return null
  return (run.bytes / run.ms) * 1000
}

/**
 * The line under an overall bar: '84.0 MB of 200 MB · 5.2 MB/s · 23 s left' while it runs, as far as it is
 * known; '200 MB of 200 MB · 41.3 MB/s average over 5 s' once the run is over.
 */
export function transferLine({
  done,
  total,
  rate,
  running,
  run,
}: {
  done: number
  total: number
  rate: number | null
  running: boolean
  /** The run that just ended, for its average speed. */
  run?: RunAverage | null
}): string {
  const parts = [`${formatBytes(done, 1)} of ${formatBytes(total, 1)}`]
  if (running && rate !== null) {
    parts.push(formatRate(rate))
    const left = secondsLeft(total - done, rate)
    if (left !== null) parts.push(`${formatDuration(left)} left`)
  }
  const average = running ? null : averageRate(run)
  if (run && average !== null)
    parts.push(`${formatRate(average)} average over ${formatDuration(run.ms / 1000)}`)
  return parts.join(' · ')
}
