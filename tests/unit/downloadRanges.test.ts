import { describe, expect, it } from 'vitest'
import {
  HostSlots,
  RangeTry,
  isRangedDownload,
  planRanges,
  rangeBytesReceived,
  rangesToFetch,
  type RangeJob,
} from '../../src/transfers/downloadRanges.ts'
import { downloadWay } from '../../src/transfers/downloadPlan.ts'
import { newDownloadItem, type DownloadItem } from '../../src/transfers/downloadModel.ts'
import {
  DOWNLOAD_RANGE_BYTES,
  DOWNLOAD_RANGES_PER_FILE,
  REQUESTS_PER_HOST,
} from '../../src/transfers/limits.ts'

const MiB = 1024 * 1024
const R = DOWNLOAD_RANGE_BYTES

describe('planRanges', () => {
  it('has no range for an empty file', () => {
    expect(planRanges(0, R)).toEqual([])
  })

  it('cuts at the range size, the last range holding the remainder', () => {
    expect(planRanges(1, R)).toEqual([{ index: 0, start: 0, end: 1 }])
    expect(planRanges(R - 1, R)).toEqual([{ index: 0, start: 0, end: R - 1 }])
    expect(planRanges(R, R)).toEqual([{ index: 0, start: 0, end: R }])
    expect(planRanges(R + 1, R)).toEqual([
      { index: 0, start: 0, end: R },
      { index: 1, start: R, end: R + 1 },
    ])
    expect(planRanges(2 * R, R).map((range) => range.end)).toEqual([R, 2 * R])
    expect(planRanges(2 * R + 1, R).map((range) => range.end)).toEqual([R, 2 * R, 2 * R + 1])
  })

  it('covers every byte once, in order, for any size', () => {
    for (const size of [3 * R - 1, 3 * R, 3 * R + 1, 1000 * MiB + 17]) {
      const ranges = planRanges(size, R)
      expect(ranges[0]?.start).toBe(0)
      expect(ranges.at(-1)?.end).toBe(size)
      ranges.slice(1).forEach((range, index) => expect(range.start).toBe(ranges[index]?.end))
      expect(ranges.every((range) => range.end - range.start <= R && range.end > range.start)).toBe(true)
    }
  })

  it('refuses a size or a range size that is not one', () => {
    expect(() => planRanges(-1, R)).toThrow(RangeError)
    expect(() => planRanges(1.5, R)).toThrow(RangeError)
    expect(() => planRanges(10, 0)).toThrow(RangeError)
  })
})

describe('isRangedDownload', () => {
  it('fetches in ranges from two ranges worth on, smaller files in one GET', () => {
    expect(isRangedDownload(0, R)).toBe(false)
    expect(isRangedDownload(R, R)).toBe(false)
    expect(isRangedDownload(2 * R - 1, R)).toBe(false)
    expect(isRangedDownload(2 * R, R)).toBe(true)
    expect(isRangedDownload(2 * R + 1, R)).toBe(true)
  })
})

describe('what a resumed ranged download fetches', () => {
  const size = 4 * R + 10

  it('every range not done, a begun one from the bytes known written', () => {
    const progress = { done: [0, 2], partial: [[1, 100] as const, [4, 3] as const] }
    expect(rangesToFetch(size, R, progress)).toEqual([
      { index: 1, start: R, end: 2 * R, from: R + 100 },
      { index: 3, start: 3 * R, end: 4 * R, from: 3 * R },
      { index: 4, start: 4 * R, end: size, from: 4 * R + 3 },
    ])
    expect(rangeBytesReceived(size, R, progress)).toBe(2 * R + 103)
  })

  it('counts the short last range by its own size', () => {
    expect(rangeBytesReceived(size, R, { done: [4], partial: [] })).toBe(10)
    expect(rangeBytesReceived(size, R, { done: [0, 1, 2, 3, 4], partial: [] })).toBe(size)
  })

  function item(fields: Partial<DownloadItem>): DownloadItem {
    const base = newDownloadItem(
      { id: 'a', org_id: 1, media_grant_id: 2, media_id: 3, path: 'a.bin', file_size: size, file_hash: 'ab' },
      null,
    )
    return { ...base, ...fields }
  }

  it('plans a new large file in ranges, and keeps a small one or one staged by a GET in one GET', () => {
    expect(downloadWay(item({}), { whole: false, staged: 0 }, R)).toEqual({
      kind: 'ranged',
      range_bytes: R,
      progress: { done: [], partial: [] },
    })
    expect(downloadWay(item({}), { whole: false, staged: 5000 }, R)).toEqual({ kind: 'single', from: 5000 })
    expect(downloadWay(item({ file_size: R }), { whole: false, staged: 0 }, R)).toEqual({
      kind: 'single',
      from: 0,
    })
    expect(downloadWay(item({}), { whole: true, staged: 0 }, R)).toEqual({ kind: 'skip' })
  })

  it('keeps what a ranged item knows while the staging file reaches it, else starts it over', () => {
    const ranged = item({ range_bytes: R, ranges_done: [0, 2], ranges_partial: [[3, 50]] })
    const known = { done: [0, 2], partial: [[3, 50]] }
    expect(downloadWay(ranged, { whole: false, staged: 3 * R + 50 }, 2 * R)).toEqual({
      kind: 'ranged',
      range_bytes: R,
      progress: known,
    })
    // The staging file was swept, or is shorter than what was counted: nothing is known.
    for (const staged of [0, 3 * R + 49, size + 1]) {
      expect(downloadWay(ranged, { whole: false, staged }, R)).toEqual({
        kind: 'ranged',
        range_bytes: R,
        progress: { done: [], partial: [] },
      })
    }
  })
})

describe('a try of a ranged download', () => {
  const url = (host: string) => `https://${host}/object?sig=1`
  /** What the slots count a host's requests under: its origin, as the browser counts connections. */
  const origin = (host: string) => `https://${host}`

  function rangeTry(slots: HostSlots, hosts: string[], size: number, rangeBytes = 10) {
    const done: number[] = []
    const ranges = new RangeTry({
      fileSize: size,
      rangeBytes,
      progress: { done: [], partial: [] },
      urls: hosts.map(url),
      slots,
      renew: async () => null,
      onRangeProgress: () => undefined,
      onRangeDone: (index) => done.push(index),
    })
    return { ranges, done }
  }

  /** Asks for ranges as a worker's lanes would, without ending any; answers those handed out. */
  async function takeAll(ranges: RangeTry, lanes: number): Promise<RangeJob[]> {
    const jobs: RangeJob[] = []
    for (let lane = 0; lane < lanes; lane++) void ranges.next().then((job) => job && jobs.push(job))
    await new Promise((resolve) => setImmediate(resolve))
    return jobs
  }

  it('hands out at most 8 ranges of a file, spread over its hosts', async () => {
    const slots = new HostSlots()
    const { ranges } = rangeTry(slots, ['a', 'b'], 200)
    const jobs = await takeAll(ranges, 20)
    expect(jobs).toHaveLength(DOWNLOAD_RANGES_PER_FILE)
    expect(jobs.map((job) => job.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7])
    expect(slots.count(origin('a'))).toBe(4)
    expect(slots.count(origin('b'))).toBe(4)
  })

  it('never more than 6 to one host over every file, and a freed slot goes to a waiting file', async () => {
    const slots = new HostSlots()
    const first = rangeTry(slots, ['one'], 200)
    const second = rangeTry(slots, ['one'], 200)
    const firstJobs = await takeAll(first.ranges, 8)
    const secondJobs = await takeAll(second.ranges, 8)
    expect(firstJobs.length + secondJobs.length).toBe(REQUESTS_PER_HOST)
    expect(slots.count(origin('one'))).toBe(REQUESTS_PER_HOST)
    const job = firstJobs[0]
    if (!job) throw new Error('no range')
    first.ranges.report({ index: job.index, bytes: 10, final: true, ok: true })
    await new Promise((resolve) => setImmediate(resolve))
    expect(slots.count(origin('one'))).toBe(REQUESTS_PER_HOST)
    expect(slots.peak.get(origin('one'))).toBe(REQUESTS_PER_HOST)
    expect(first.done).toEqual([0])
  })

  it('ends ok once every range is done, and answers the lanes null', async () => {
    const slots = new HostSlots()
    const { ranges, done } = rangeTry(slots, ['a'], 25)
    const lane = async () => {
      for (;;) {
        const job = await ranges.next()
        if (!job) return
        ranges.report({ index: job.index, bytes: job.end - job.start, final: true, ok: true })
      }
    }
    await Promise.all([lane(), lane()])
    expect(await ranges.done).toEqual({ ok: true })
    expect(done.sort()).toEqual([0, 1, 2])
    expect(slots.count(origin('a'))).toBe(0)
  })

  it('asks a failed range again from what it wrote, and fails the try after its tries', async () => {
    const slots = new HostSlots()
    const { ranges } = rangeTry(slots, ['a'], 10)
    const froms: number[] = []
    for (;;) {
      const job = await ranges.next()
      if (!job) break
      froms.push(job.from)
      ranges.report({
        index: job.index,
        bytes: job.from - job.start + 2,
        final: true,
        ok: false,
        kind: 'timeout',
      })
    }
    expect(froms).toEqual([0, 2, 4])
    expect(await ranges.done).toEqual({ ok: false, kind: 'failed' })
    expect(slots.count(origin('a'))).toBe(0)
  })
})
