import { describe, expect, it } from 'vitest'
import {
  DOWNLOAD_FAILED_MESSAGE,
  DOWNLOAD_FILE_TRIES,
  DOWNLOAD_PARALLEL_FILES,
  DOWNLOAD_RETRY_INTERVAL_MS,
  NOT_UPLOADED_MESSAGE,
} from '../../src/transfers/limits.ts'
import {
  downloadReducer,
  downloadStatusText,
  downloadSummary,
  downloadsToStart,
  emptyDownloadQueue,
  nextDownloadRetryAt,
  resumeFrom,
  type DownloadEvent,
  type DownloadItem,
  type DownloadQueue,
  type NewDownloadFile,
} from '../../src/transfers/downloadModel.ts'

const T0 = 5_000_000

function file(id: string, hash = `${id}-hash`, size = 1000): NewDownloadFile {
  return {
    id,
    org_id: 1,
    media_grant_id: 2,
    media_id: 1,
    path: `dir/${id}.bin`,
    file_size: size,
    file_hash: hash,
  }
}

function run(queue: DownloadQueue, events: DownloadEvent[], now = T0): DownloadQueue {
  return events.reduce((state, event) => downloadReducer(state, event, now), queue)
}

function item(queue: DownloadQueue, id = 'f'): DownloadItem {
  const found = queue.items.find((candidate) => candidate.id === id)
  if (!found) throw new Error(`no item ${id}`)
  return found
}

const downloading = (now = T0) =>
  run(
    emptyDownloadQueue,
    [
      { type: 'add', files: [file('f')] },
      { type: 'start', id: 'f' },
      { type: 'url_received', id: 'f' },
      { type: 'download_started', id: 'f', from_byte: 0 },
    ],
    now,
  )

describe('the road of a download', () => {
  it('goes waiting, get_url, start_download, downloading with percent, done', () => {
    let queue = run(emptyDownloadQueue, [{ type: 'add', files: [file('f')] }])
    expect(item(queue)).toMatchObject({ status: 'waiting', percent: 0, error: null, tries: 0, copy_of: null })
    expect(downloadStatusText(item(queue))).toBe('Waiting')
    expect(downloadsToStart(queue, T0)).toEqual([{ id: 'f', action: 'download' }])
    queue = run(queue, [{ type: 'start', id: 'f' }])
    expect(item(queue)).toMatchObject({ status: 'get_url', tries: 1 })
    expect(downloadStatusText(item(queue))).toBe('Starting')
    queue = run(queue, [{ type: 'url_received', id: 'f' }])
    expect(item(queue).status).toBe('start_download')
    queue = run(queue, [{ type: 'download_started', id: 'f', from_byte: 0 }])
    expect(item(queue).status).toBe('downloading')
    queue = run(queue, [{ type: 'progress', id: 'f', bytes_received: 255 }])
    expect(item(queue)).toMatchObject({ percent: 25, bytes_received: 255 })
    expect(downloadStatusText(item(queue))).toBe('25%')
    queue = run(queue, [{ type: 'downloaded', id: 'f' }])
    expect(item(queue)).toMatchObject({ status: 'done', percent: 100, skip: false })
    // The Status column shows a word, never the state's identifier.
    expect(downloadStatusText(item(queue))).toBe('Done')
    expect(downloadSummary(queue)).toMatchObject({ text: 'Success', succeeded: 1, skipped: 0, failed: 0 })
  })

  it('a file already there whole is done as Skip', () => {
    const queue = run(emptyDownloadQueue, [
      { type: 'add', files: [file('f')] },
      { type: 'already_present', id: 'f' },
    ])
    expect(item(queue)).toMatchObject({ status: 'done', skip: true, percent: 100 })
    expect(downloadStatusText(item(queue))).toBe('Skip')
    expect(downloadSummary(queue)).toMatchObject({ text: 'Success', succeeded: 0, skipped: 1 })
  })

  it('url_not_found is fatal: Not Uploaded, never retried, no Retry', () => {
    const queue = run(emptyDownloadQueue, [
      { type: 'add', files: [file('f')] },
      { type: 'start', id: 'f' },
      { type: 'url_not_found', id: 'f' },
    ])
    expect(item(queue)).toMatchObject({ status: 'error', fatal: true, error: NOT_UPLOADED_MESSAGE })
    expect(NOT_UPLOADED_MESSAGE).toBe('Not Uploaded')
    expect(downloadsToStart(queue, T0 + 3_600_000)).toEqual([])
    expect(downloadSummary(queue)).toMatchObject({ text: 'Done - 1 Failed', show_retry: false })
    expect(run(queue, [{ type: 'retry' }])).toBe(queue)
  })

  it('url_refused is fatal with its own words: a share link that stopped is not tried again', () => {
    const linked: NewDownloadFile = {
      id: 'f',
      share_token: 'token',
      link_session: 'visit',
      media_id: 1,
      path: 'dir/f.bin',
      file_size: 1000,
      file_hash: 'f-hash',
    }
    const queue = run(emptyDownloadQueue, [
      { type: 'add', files: [linked] },
      { type: 'start', id: 'f' },
      { type: 'url_refused', id: 'f', error: 'This link has expired.' },
    ])
    expect(item(queue)).toMatchObject({
      status: 'error',
      fatal: true,
      error: 'This link has expired.',
      next_try_at: null,
      share_token: 'token',
      link_session: 'visit',
    })
    expect(downloadsToStart(queue, T0 + 3_600_000)).toEqual([])
    expect(downloadSummary(queue)).toMatchObject({ text: 'Done - 1 Failed', show_retry: false })
    expect(run(queue, [{ type: 'retry' }])).toBe(queue)
    // Only an item asking for its address can be refused one.
    const waiting = run(emptyDownloadQueue, [{ type: 'add', files: [linked] }])
    expect(run(waiting, [{ type: 'url_refused', id: 'f', error: 'x' }])).toBe(waiting)
  })

  it('answers that do not fit the state change nothing', () => {
    const queue = run(emptyDownloadQueue, [{ type: 'add', files: [file('f')] }])
    for (const event of [
      { type: 'url_received', id: 'f' },
      { type: 'url_not_found', id: 'f' },
      { type: 'download_started', id: 'f', from_byte: 0 },
      { type: 'progress', id: 'f', bytes_received: 3 },
      { type: 'downloaded', id: 'f' },
      { type: 'copied', id: 'f' },
      { type: 'failed', id: 'f' },
      { type: 'start', id: 'nobody' },
    ] satisfies DownloadEvent[]) {
      expect(run(queue, [event])).toBe(queue)
    }
  })
})

describe('an address that expired', () => {
  it('goes back to get_url for a fresh address, keeping its bytes and its try', () => {
    let queue = run(downloading(), [
      { type: 'progress', id: 'f', bytes_received: 400 },
      { type: 'url_expired', id: 'f' },
    ])
    expect(item(queue)).toMatchObject({ status: 'get_url', bytes_received: 400, percent: 40, tries: 1 })
    expect(nextDownloadRetryAt(queue)).toBeNull()
    queue = run(queue, [
      { type: 'url_received', id: 'f' },
      { type: 'download_started', id: 'f', from_byte: 400 },
    ])
    expect(item(queue)).toMatchObject({ status: 'downloading', bytes_received: 400, tries: 1 })
    // Before the fetch began (the address aged while it waited for a worker), the same.
    queue = run(emptyDownloadQueue, [
      { type: 'add', files: [file('f')] },
      { type: 'start', id: 'f' },
      { type: 'url_received', id: 'f' },
      { type: 'url_expired', id: 'f' },
    ])
    expect(item(queue)).toMatchObject({ status: 'get_url', tries: 1 })
  })

  it('changes nothing for an item that is not fetching', () => {
    const waiting = run(emptyDownloadQueue, [{ type: 'add', files: [file('f')] }])
    expect(run(waiting, [{ type: 'url_expired', id: 'f' }])).toBe(waiting)
    const asking = run(waiting, [{ type: 'start', id: 'f' }])
    expect(run(asking, [{ type: 'url_expired', id: 'f' }])).toBe(asking)
    const done = run(downloading(), [{ type: 'downloaded', id: 'f' }])
    expect(run(done, [{ type: 'url_expired', id: 'f' }])).toBe(done)
  })
})

describe('retries and resumption', () => {
  it(`waits ${DOWNLOAD_RETRY_INTERVAL_MS} ms between tries and resumes from the bytes received`, () => {
    let queue = run(downloading(), [
      { type: 'progress', id: 'f', bytes_received: 600 },
      { type: 'failed', id: 'f' },
    ])
    expect(item(queue)).toMatchObject({
      status: 'waiting',
      error: DOWNLOAD_FAILED_MESSAGE,
      bytes_received: 600,
    })
    expect(nextDownloadRetryAt(queue)).toBe(T0 + DOWNLOAD_RETRY_INTERVAL_MS)
    expect(downloadsToStart(queue, T0 + DOWNLOAD_RETRY_INTERVAL_MS - 1)).toEqual([])
    expect(run(queue, [{ type: 'start', id: 'f' }], T0 + DOWNLOAD_RETRY_INTERVAL_MS - 1)).toBe(queue)
    expect(downloadsToStart(queue, T0 + DOWNLOAD_RETRY_INTERVAL_MS)).toEqual([
      { id: 'f', action: 'download' },
    ])
    expect(resumeFrom(item(queue))).toBe(600)
    queue = run(
      queue,
      [
        { type: 'start', id: 'f' },
        { type: 'url_received', id: 'f' },
        { type: 'download_started', id: 'f', from_byte: 600 },
      ],
      T0 + DOWNLOAD_RETRY_INTERVAL_MS,
    )
    expect(item(queue)).toMatchObject({ status: 'downloading', tries: 2, bytes_received: 600, percent: 60 })
  })

  it('a server ignoring the Range header restarts the count at 0', () => {
    const queue = run(emptyDownloadQueue, [
      { type: 'add', files: [file('f')] },
      { type: 'start', id: 'f' },
      { type: 'url_received', id: 'f' },
      { type: 'download_started', id: 'f', from_byte: 0 },
    ])
    expect(item(queue).bytes_received).toBe(0)
    expect(resumeFrom({ ...item(queue), bytes_received: 1000 })).toBe(0)
  })

  it(`fails for good after ${DOWNLOAD_FILE_TRIES} tries; Retry then starts it afresh`, () => {
    let queue = run(emptyDownloadQueue, [{ type: 'add', files: [file('f')] }])
    let now = T0
    for (let attempt = 1; attempt <= DOWNLOAD_FILE_TRIES; attempt++) {
      queue = run(
        queue,
        [
          { type: 'start', id: 'f' },
          { type: 'failed', id: 'f' },
        ],
        now,
      )
      expect(item(queue).tries).toBe(attempt)
      now += DOWNLOAD_RETRY_INTERVAL_MS
    }
    expect(item(queue)).toMatchObject({ status: 'error', fatal: false, error: DOWNLOAD_FAILED_MESSAGE })
    expect(downloadsToStart(queue, now + 3_600_000)).toEqual([])
    expect(downloadSummary(queue)).toMatchObject({ text: 'Done - 1 Failed', failed: 1, show_retry: true })
    const retried = run(queue, [{ type: 'retry' }])
    expect(item(retried)).toMatchObject({ status: 'waiting', tries: 0, error: null })
    expect(downloadSummary(retried).text).toBe('Running')
  })

  it('a reload puts work in flight back to waiting and keeps the bytes written', () => {
    const live = run(downloading(), [{ type: 'progress', id: 'f', bytes_received: 300 }])
    const restored = run(live, [{ type: 'restored' }])
    expect(item(restored)).toMatchObject({ status: 'waiting', bytes_received: 300 })
    expect(downloadsToStart(restored, T0)).toEqual([{ id: 'f', action: 'download' }])
    const idle = run(emptyDownloadQueue, [{ type: 'add', files: [file('f')] }])
    expect(run(idle, [{ type: 'restored' }])).toBe(idle)
  })
})

describe('files sharing a hash', () => {
  const shared = () =>
    run(emptyDownloadQueue, [
      { type: 'add', files: [file('a', 'h'), file('b', 'h'), file('c', 'h'), file('d')] },
    ])

  it('downloads the first once and copies the others after it is done', () => {
    let queue = shared()
    expect(queue.items.map((entry) => entry.copy_of)).toEqual([null, 'a', 'a', null])
    expect(downloadsToStart(queue, T0)).toEqual([
      { id: 'a', action: 'download' },
      { id: 'd', action: 'download' },
    ])
    expect(run(queue, [{ type: 'start', id: 'b' }])).toBe(queue)
    queue = run(queue, [
      { type: 'start', id: 'a' },
      { type: 'url_received', id: 'a' },
      { type: 'download_started', id: 'a', from_byte: 0 },
      { type: 'downloaded', id: 'a' },
    ])
    expect(downloadsToStart(queue, T0)).toEqual([
      { id: 'b', action: 'copy' },
      { id: 'c', action: 'copy' },
      { id: 'd', action: 'download' },
    ])
    queue = run(queue, [{ type: 'start', id: 'b' }])
    expect(item(queue, 'b')).toMatchObject({ status: 'copying', tries: 1 })
    queue = run(queue, [{ type: 'progress', id: 'b', bytes_received: 500 }])
    expect(item(queue, 'b').percent).toBe(50)
    queue = run(queue, [{ type: 'copied', id: 'b' }])
    expect(item(queue, 'b')).toMatchObject({ status: 'done', skip: false })
  })

  it('a later batch with a known hash copies from the existing source', () => {
    const queue = run(shared(), [{ type: 'add', files: [file('e', 'h')] }])
    expect(item(queue, 'e').copy_of).toBe('a')
  })

  it('copies fall back to their own download when the source fails', () => {
    const queue = run(shared(), [
      { type: 'start', id: 'a' },
      { type: 'url_not_found', id: 'a' },
    ])
    expect(downloadsToStart(queue, T0).map((start) => start.id)).toEqual(['b', 'c', 'd'])
    expect(downloadsToStart(queue, T0)[0]?.action).toBe('download')
    expect(item(run(queue, [{ type: 'start', id: 'b' }]), 'b').status).toBe('get_url')
  })

  it('removing a source makes its first copy the source of the others', () => {
    const queue = run(shared(), [{ type: 'remove', id: 'a' }])
    expect(queue.items.map((entry) => [entry.id, entry.copy_of])).toEqual([
      ['b', null],
      ['c', 'b'],
      ['d', null],
    ])
    expect(run(queue, [{ type: 'remove', id: 'zz' }])).toBe(queue)
  })
})

describe('the queue', () => {
  it(`runs at most ${DOWNLOAD_PARALLEL_FILES} files at once`, () => {
    const files = Array.from({ length: 6 }, (_, index) => file(`f${index}`))
    let queue = run(emptyDownloadQueue, [{ type: 'add', files }])
    const first = downloadsToStart(queue, T0)
    expect(first.map((start) => start.id)).toEqual(['f0', 'f1', 'f2', 'f3'])
    queue = run(
      queue,
      first.map((start): DownloadEvent => ({ type: 'start', id: start.id })),
    )
    expect(downloadsToStart(queue, T0)).toEqual([])
    queue = run(queue, [{ type: 'already_present', id: 'f1' }])
    expect(downloadsToStart(queue, T0)).toEqual([{ id: 'f4', action: 'download' }])
  })

  it('summarizes Succeeded, Skipped, Failed, and offers Retry only when failures exceed fatal ones', () => {
    const queue = run(emptyDownloadQueue, [
      { type: 'add', files: [file('a'), file('b'), file('c'), file('d')] },
      { type: 'already_present', id: 'a' },
      { type: 'start', id: 'b' },
      { type: 'url_received', id: 'b' },
      { type: 'download_started', id: 'b', from_byte: 0 },
      { type: 'downloaded', id: 'b' },
      { type: 'start', id: 'c' },
      { type: 'url_not_found', id: 'c' },
    ])
    expect(downloadSummary(queue)).toMatchObject({ text: 'Running', succeeded: 1, skipped: 1, failed: 1 })
    const over = run(queue, [{ type: 'remove', id: 'd' }])
    expect(downloadSummary(over)).toMatchObject({
      text: 'Done - 1 Failed',
      succeeded: 1,
      skipped: 1,
      failed: 1,
      fatal: 1,
      show_retry: false,
    })
  })
})

describe('access to the chosen directory', () => {
  it('starts nothing while a directory needs the permission again, and everything once it is given', () => {
    const added = run(emptyDownloadQueue, [{ type: 'add', files: [file('a'), file('b')] }])
    const blocked = run(added, [{ type: 'access', needs_access: ['Movies'] }])
    expect(blocked.needs_access).toEqual(['Movies'])
    expect(downloadsToStart(blocked, T0)).toEqual([])
    // Items keep their state while they wait; the queue still runs.
    expect(blocked.items).toBe(added.items)
    expect(downloadSummary(blocked).running).toBe(2)

    const allowed = run(blocked, [{ type: 'access', needs_access: [] }])
    expect(downloadsToStart(allowed, T0).map((start) => start.id)).toEqual(['a', 'b'])
  })

  it('keeps the needed access through item events, and reports no change for the same answer', () => {
    const blocked = run(emptyDownloadQueue, [
      { type: 'add', files: [file('a')] },
      { type: 'access', needs_access: ['Movies'] },
    ])
    const afterEvents = run(blocked, [{ type: 'retry' }, { type: 'remove', id: 'a' }])
    expect(afterEvents.needs_access).toEqual(['Movies'])
    expect(downloadReducer(blocked, { type: 'access', needs_access: ['Movies'] }, T0)).toBe(blocked)
  })
})

describe('a ranged download in the queue', () => {
  const R = 100
  const started = () =>
    run(emptyDownloadQueue, [
      { type: 'add', files: [file('f', 'h', 450)] },
      { type: 'start', id: 'f' },
      { type: 'url_received', id: 'f' },
      { type: 'ranges_started', id: 'f', range_bytes: R, progress: { done: [1], partial: [[2, 30]] } },
    ])

  it('counts the bytes of the ranges done and begun, the short last range by its size', () => {
    const queue = run(started(), [
      { type: 'range_done', id: 'f', index: 4 },
      { type: 'range_progress', id: 'f', index: 0, bytes: 60 },
      { type: 'range_progress', id: 'f', index: 2, bytes: 40 },
    ])
    expect(item(queue)).toMatchObject({
      status: 'downloading',
      range_bytes: R,
      ranges_done: [1, 4],
      ranges_partial: [
        [0, 60],
        [2, 40],
      ],
      bytes_received: 100 + 50 + 40 + 60,
      percent: 55,
    })
    // A range done forgets its partial count, and is not counted twice.
    const done = run(queue, [
      { type: 'range_done', id: 'f', index: 2 },
      { type: 'range_done', id: 'f', index: 2 },
      { type: 'range_progress', id: 'f', index: 2, bytes: 10 },
    ])
    expect(item(done)).toMatchObject({
      ranges_done: [1, 4, 2],
      ranges_partial: [[0, 60]],
      bytes_received: 310,
    })
  })

  it('keeps what it knows over a failed try, and drops everything for a bad file', () => {
    const failed = run(started(), [{ type: 'failed', id: 'f' }])
    expect(item(failed)).toMatchObject({ status: 'waiting', ranges_done: [1], bytes_received: 130 })
    const bad = run(started(), [{ type: 'failed', id: 'f', bad_file: true }])
    expect(item(bad)).toMatchObject({
      status: 'waiting',
      error: DOWNLOAD_FAILED_MESSAGE,
      range_bytes: null,
      ranges_done: [],
      ranges_partial: [],
      bytes_received: 0,
      percent: 0,
    })
  })

  it('reads an item saved before ranges existed as one fetched in one GET', () => {
    const old = run(emptyDownloadQueue, [{ type: 'add', files: [file('f')] }])
    const saved = {
      ...old,
      items: old.items.map(({ range_bytes: _b, ranges_done: _d, ranges_partial: _p, ...rest }) => rest),
    }
    const restored = downloadReducer(saved as unknown as DownloadQueue, { type: 'restored' }, T0)
    expect(item(restored)).toMatchObject({ range_bytes: null, ranges_done: [], ranges_partial: [] })
  })
})
