// A large download fetched as byte ranges at once: which ranges a file has, which are left after a reload,
// and the scheduler of one try of one file, which hands ranges to the worker that writes them (one worker
// per file holds its staging file's sync access handle) within the caps of requests in flight per file and
// per host. The hosts' counts are shared by every download of the tab (HostSlots). No I/O here: the worker
// fetches, the runner asks for addresses; the scheduler only decides.
import {
  DOWNLOAD_RANGED_MIN_RANGES,
  DOWNLOAD_RANGE_TRIES,
  DOWNLOAD_RANGES_PER_FILE,
  REQUESTS_PER_HOST,
  STORE_REFUSED_STATUS,
  storageHostOf,
} from './limits.ts'
import type { TransferError } from '../../workers/transferCore.ts'

export interface ByteRange {
  index: number
  /** First byte of the range. */
  start: number
  /** One past its last byte. */
  end: number
}

/** Whether a file is fetched in ranges of rangeBytes (else in one GET, resumed from the staged size). */
export function isRangedDownload(fileSize: number, rangeBytes: number): boolean {
  return rangeBytes > 0 && fileSize >= DOWNLOAD_RANGED_MIN_RANGES * rangeBytes
}

/** The ranges of a file, in order, the last one holding the remainder; none for an empty file. */
export function planRanges(fileSize: number, rangeBytes: number): ByteRange[] {
  if (!Number.isSafeInteger(fileSize) || fileSize < 0) throw new RangeError(`not a file size: ${fileSize}`)
  if (!Number.isSafeInteger(rangeBytes) || rangeBytes <= 0)
    throw new RangeError(`not a range size: ${rangeBytes}`)
  const ranges: ByteRange[] = []
  for (let start = 0, index = 0; start < fileSize; start += rangeBytes, index++) {
    ranges.push({ index, start, end: Math.min(fileSize, start + rangeBytes) })
  }
  return ranges
}

/** What is known written of a ranged download: ranges whole, and bytes from the start of others. */
export interface RangeProgress {
  done: readonly number[]
  partial: ReadonlyArray<readonly [index: number, bytes: number]>
}

/** Bytes known written: the ranges done and the starts of the others. */
export function rangeBytesReceived(fileSize: number, rangeBytes: number, progress: RangeProgress): number {
  let total = 0
  for (const index of progress.done) {
    total += Math.max(0, Math.min(rangeBytes, fileSize - index * rangeBytes))
  }
  for (const [, bytes] of progress.partial) total += bytes
  return Math.min(fileSize, total)
}

/** A range still to fetch, from the first byte not known written. */
export interface RangeToFetch extends ByteRange {
  from: number
}

/**
 * What a (re)started ranged download fetches: every range not done, each from the bytes known written of
 * it. Known means written before it was told: the worker tells a range's bytes only once they are in the
 * file, so asking from there never leaves a hole (the hash check before the file is placed is the guard).
 */
export function rangesToFetch(fileSize: number, rangeBytes: number, progress: RangeProgress): RangeToFetch[] {
  const done = new Set(progress.done)
  const partial = new Map(progress.partial)
  return planRanges(fileSize, rangeBytes)
    .filter((range) => !done.has(range.index))
    .map((range) => {
      const known = Math.max(0, Math.min(partial.get(range.index) ?? 0, range.end - range.start - 1))
      return { ...range, from: range.start + known }
    })
}

/**
 * Requests in flight per host, over every download of the tab. Chromium queues a request past its 6
 * connections to a host, and a queued request is already counting down its timeout: so none is handed out
 * past the cap, and a download waits for a slot instead.
 */
export class HostSlots {
  private readonly inFlight = new Map<string, number>()
  private readonly listeners = new Set<() => void>()
  /** The most requests in flight to each host at once, for tests and figures. */
  readonly peak = new Map<string, number>()

  constructor(readonly perHost: number = REQUESTS_PER_HOST) {}

  count(host: string): number {
    return this.inFlight.get(host) ?? 0
  }

  /** Takes a slot of the host when one is free. */
  take(host: string): boolean {
    const now = this.count(host)
    if (now >= this.perHost) return false
    this.inFlight.set(host, now + 1)
    this.peak.set(host, Math.max(this.peak.get(host) ?? 0, now + 1))
    return true
  }

  release(host: string): void {
    const now = this.count(host)
    if (now <= 1) this.inFlight.delete(host)
    else this.inFlight.set(host, now - 1)
    for (const listener of [...this.listeners]) listener()
  }

  /**
   * A slot of the least busy host of the addresses, waiting for one to be released when all are taken;
   * answers the address to use. For a download in one GET: it counts against its host as a range does.
   */
  async takeAny(urls: readonly string[]): Promise<{ url: string; host: string }> {
    for (;;) {
      let best: { url: string; host: string; count: number } | null = null
      for (const url of urls) {
        const host = storageHostOf(url)
        const count = this.count(host)
        if (count < this.perHost && (!best || count < best.count)) best = { url, host, count }
      }
      if (best && this.take(best.host)) return { url: best.url, host: best.host }
      await new Promise<void>((resolve) => {
        const stop = this.onRelease(() => {
          stop()
          resolve()
        })
      })
    }
  }

  /** Called after each release: a download waiting for a slot looks again. */
  onRelease(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
}

/** A range handed to the worker: fetch url from `from` to `end` and write it at its offsets. */
export interface RangeJob {
  index: number
  /** The range's first byte, so the worker tells its bytes from there. */
  start: number
  from: number
  end: number
  url: string
}

/** What the worker tells of a range: its bytes written from the range's start, then how it ended. */
export type RangeReport =
  | { index: number; bytes: number; final: false }
  | { index: number; bytes: number; final: true; ok: true }
  | ({ index: number; bytes: number; final: true; ok: false } & TransferError)

export type RangeTryOutcome = { ok: true } | { ok: false; kind: 'failed' | 'refused' }

export interface RangeTryOptions {
  fileSize: number
  rangeBytes: number
  progress: RangeProgress
  /** The content's addresses, one per storage host. */
  urls: readonly string[]
  slots: HostSlots
  perFile?: number
  rangeTries?: number
  /** Fresh addresses after a store refused one (403): within the try's renewals, else null. */
  renew: () => Promise<string[] | null>
  /** Whether the addresses are too old to start another request with: fresh ones are asked first. */
  aged?: () => boolean
  /** A fresh address because the current ones aged; does not count as a renewal. */
  refresh?: () => Promise<string[]>
  onRangeProgress: (index: number, bytes: number) => void
  onRangeDone: (index: number) => void
}

interface Waiter {
  resolve: (job: RangeJob | null) => void
}

/**
 * One try of a ranged download: the worker's lanes ask next() for a range and report() how it goes. Ranges
 * go out in order, each to the host with the fewest requests in flight that has a free slot, within
 * perFile at once. A range that fails is fetched again from what it wrote, rangeTries times in the try; a
 * refusal (403: the addresses expired) brings fresh ones for every host once per try (renew). When the try
 * is over, next() answers null: the lanes finish the range they hold (its bytes count) and stop.
 */
export class RangeTry {
  private readonly pending: RangeToFetch[]
  private readonly tries = new Map<number, number>()
  private readonly held = new Map<number, { host: string; range: RangeToFetch }>()
  private readonly waiters: Waiter[] = []
  private urls: string[]
  private renewing = false
  private outcome: RangeTryOutcome | null = null
  private readonly stopListening: () => void
  private readonly settled: Promise<RangeTryOutcome>
  private finish: (outcome: RangeTryOutcome) => void = () => undefined

  constructor(private readonly options: RangeTryOptions) {
    this.pending = rangesToFetch(options.fileSize, options.rangeBytes, options.progress)
    this.urls = [...options.urls]
    this.stopListening = options.slots.onRelease(() => this.pump())
    this.settled = new Promise((resolve) => {
      this.finish = resolve
    })
    if (this.pending.length === 0) this.end({ ok: true })
  }

  /** How the try ended, once every range handed out has come back. */
  get done(): Promise<RangeTryOutcome> {
    return this.settled
  }

  /** Ranges handed out and not yet reported back. */
  get inFlight(): number {
    return this.held.size
  }

  /** The next range for a lane of the worker, or null when the lane should stop. */
  next(): Promise<RangeJob | null> {
    return new Promise((resolve) => {
      this.waiters.push({ resolve })
      this.pump()
    })
  }

  report(report: RangeReport): void {
    const held = this.held.get(report.index)
    if (!held) return
    const { range } = held
    const written = Math.max(range.from - range.start, Math.min(report.bytes, range.end - range.start))
    if (!report.final) {
      this.options.onRangeProgress(report.index, written)
      return
    }
    this.held.delete(report.index)
    if (report.ok && range.start + written === range.end) {
      this.options.onRangeDone(report.index)
    } else {
      this.options.onRangeProgress(report.index, written)
      // The range goes back, from what it wrote, unless the try is over.
      this.pending.unshift({ ...range, from: range.start + written })
      const refused = !report.ok && report.kind === 'bad_status' && report.status === STORE_REFUSED_STATUS
      if (refused) this.renewAll()
      else {
        const tries = (this.tries.get(range.index) ?? 1) + 1
        this.tries.set(range.index, tries)
        if (tries > (this.options.rangeTries ?? DOWNLOAD_RANGE_TRIES)) this.end({ ok: false, kind: 'failed' })
      }
    }
    // Released once the range's fate is settled: a release makes every waiting download look again.
    this.options.slots.release(held.host)
    this.pump()
  }

  /** The worker is gone (cancelled, or it died): the ranges it held give their hosts' slots back. */
  abandon(): void {
    const hosts = [...this.held.values()].map((each) => each.host)
    this.held.clear()
    this.end({ ok: false, kind: 'failed' })
    for (const host of hosts) this.options.slots.release(host)
    this.pump()
  }

  /** Ends the try now (the item was removed): the lanes stop after the range they hold. */
  cancel(): void {
    this.end({ ok: false, kind: 'failed' })
  }

  private renewAll(): void {
    if (this.renewing || this.outcome) return
    this.renewing = true
    void this.options
      .renew()
      .then(
        (urls) => {
          if (urls === null || urls.length === 0) this.end({ ok: false, kind: 'refused' })
          else this.urls = urls
        },
        () => this.end({ ok: false, kind: 'failed' }),
      )
      .finally(() => {
        this.renewing = false
        this.pump()
      })
  }

  private refreshAged(): boolean {
    const { aged, refresh } = this.options
    if (!aged || !refresh || !aged()) return false
    this.renewing = true
    void refresh()
      .then(
        (urls) => {
          this.urls = urls
        },
        () => this.end({ ok: false, kind: 'failed' }),
      )
      .finally(() => {
        this.renewing = false
        this.pump()
      })
    return true
  }

  private end(outcome: RangeTryOutcome): void {
    if (!this.outcome) this.outcome = outcome
    this.pump()
  }

  /** The host with a free slot and the fewest requests in flight, or null when all are busy. */
  private pickHost(): { host: string; url: string } | null {
    let best: { host: string; url: string; count: number } | null = null
    for (const url of this.urls) {
      const host = storageHostOf(url)
      const count = this.options.slots.count(host)
      if (count >= this.options.slots.perHost) continue
      if (!best || count < best.count) best = { host, url, count }
    }
    return best
  }

  private pump(): void {
    if (this.outcome === null && this.pending.length === 0 && this.held.size === 0) {
      this.outcome = { ok: true }
    }
    if (this.outcome !== null) {
      for (const waiter of this.waiters.splice(0)) waiter.resolve(null)
      if (this.held.size === 0) {
        this.stopListening()
        this.finish(this.outcome)
      }
      return
    }
    while (this.waiters.length > 0 && this.pending.length > 0 && !this.renewing) {
      if (this.held.size >= (this.options.perFile ?? DOWNLOAD_RANGES_PER_FILE)) return
      if (this.refreshAged()) return
      const pick = this.pickHost()
      if (!pick || !this.options.slots.take(pick.host)) return
      const range = this.pending.shift()
      const waiter = this.waiters.shift()
      if (!range || !waiter) return
      this.held.set(range.index, { host: pick.host, range })
      waiter.resolve({
        index: range.index,
        start: range.start,
        from: range.from,
        end: range.end,
        url: pick.url,
      })
    }
  }
}
