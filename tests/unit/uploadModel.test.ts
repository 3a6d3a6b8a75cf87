import { describe, expect, it } from 'vitest'
import type { SignedOpts } from '../../server/contract/media.ts'
import { ApiError } from '../../src/api/transport.ts'
import {
  PART_PLAN_MAX_AGE_MS,
  UPLOAD_CONFLICT_MESSAGE,
  UPLOAD_FILE_RETRY_INTERVAL_MS,
  UPLOAD_FILE_TRIES,
  UPLOAD_PARALLEL_FILES,
  UPLOAD_PARALLEL_PARTS,
  UPLOAD_PART_RETRY_INTERVAL_MS,
  UPLOAD_PART_TRIES,
} from '../../src/transfers/limits.ts'
import {
  emptyUploadQueue,
  isUploadablePath,
  type NewUploadFile,
  type UploadEvent,
  type UploadItem,
  type UploadQueue,
} from '../../src/transfers/uploadModel.ts'
import { uploadReducer } from '../../src/transfers/uploadReducer.ts'
import {
  autoRetryDueAt,
  identityPart,
  isSameFile,
  nextUploadRetryAt,
  nextUploadStep,
  uploadSummary,
  uploadsToStart,
} from '../../src/transfers/uploadSelectors.ts'
import { uploadErrorText, uploadStatusText } from '../../src/transfers/uploadText.ts'

const MiB = 1024 * 1024
const T0 = 1_000_000
const HASH = 'a'.repeat(64)
const signed = (n: number): SignedOpts => ({
  method: 'PUT',
  url: `https://store.example/o?part=${n}`,
  headers: {},
  expires_at: '2026-01-01T00:00:00Z',
})

function file(id: string, size = 1000, path = `/media/${id}.bin`): NewUploadFile {
  return {
    id,
    name: `${id}.bin`,
    folder: '',
    media_path: path,
    file_size: size,
    mtime: 1_700_000_000_000,
    org_id: 1,
    media_grant_id: 2,
  }
}

function run(queue: UploadQueue, events: UploadEvent[], now = T0): UploadQueue {
  return events.reduce((state, event) => uploadReducer(state, event, now), queue)
}

function item(queue: UploadQueue, id = 'f'): UploadItem {
  const found = queue.items.find((candidate) => candidate.id === id)
  if (!found) throw new Error(`no item ${id}`)
  return found
}

/** A single-part item registered and offered a signed URL: status uploading. */
function uploadingSingle(size = 1000): UploadQueue {
  return run(emptyUploadQueue, [
    { type: 'add', files: [file('f', size)] },
    { type: 'start', id: 'f' },
    { type: 'hash_started', id: 'f' },
    { type: 'hashed', id: 'f', hash: HASH },
    { type: 'request_started', id: 'f', request: 'register' },
    { type: 'registered', id: 'f', media_id: 7 },
    { type: 'request_started', id: 'f', request: 'offer' },
    { type: 'offer', id: 'f', s3_bucket_id: 0, skip_upload: false, signed_opts: signed(1) },
  ])
}

/** A 20 MiB file (parts of 16 MiB and 4 MiB) hashed, registered and planned. */
function uploadingMultipart(now = T0): UploadQueue {
  const added = run(emptyUploadQueue, [
    { type: 'add', files: [file('f', 20 * MiB)] },
    { type: 'start', id: 'f' },
    { type: 'hash_started', id: 'f' },
    { type: 'part_hashed', id: 'f', part_num: 1, part_hash: '1'.repeat(64) },
    { type: 'part_hashed', id: 'f', part_num: 2, part_hash: '2'.repeat(64) },
    { type: 'hashed', id: 'f', hash: HASH },
    { type: 'request_started', id: 'f', request: 'register' },
    { type: 'registered', id: 'f', media_id: 7 },
    { type: 'request_started', id: 'f', request: 'plan' },
  ])
  return uploadReducer(
    added,
    {
      type: 'part_plan',
      id: 'f',
      upload_id: 'u1',
      s3_bucket_id: 0,
      skip_upload: false,
      parts: [
        { part_num: 1, skip_upload: false, signed_opts: signed(1) },
        { part_num: 2, skip_upload: false, signed_opts: signed(2) },
      ],
    },
    now,
  )
}

describe('adding files', () => {
  it('creates Waiting items with the spec fields at their starting values', () => {
    const queue = run(emptyUploadQueue, [{ type: 'add', files: [file('f')] }])
    expect(item(queue)).toMatchObject({
      status: 'idle',
      progress: 0,
      hash: null,
      fatal_err: null,
      last_err: null,
      skip: false,
      is_done: false,
      tries: 0,
      multipart: false,
    })
    expect(uploadStatusText(item(queue))).toBe('Waiting')
  })

  it('skips empty files and dot paths, and ignores duplicates case-insensitively', () => {
    const queue = run(emptyUploadQueue, [
      {
        type: 'add',
        files: [
          file('a', 10, '/media/A.txt'),
          file('b', 10, '/media/a.TXT'),
          file('c', 0, '/media/empty.txt'),
          file('d', 10, '/media/.git/config'),
          file('e', 10, '/media/dir/.hidden'),
          file('g', 10, '/media/dir/ok.txt'),
        ],
      },
    ])
    expect(queue.items.map((entry) => entry.id)).toEqual(['a', 'g'])
    expect(run(queue, [{ type: 'add', files: [file('h', 10, '/media/DIR/OK.txt')] }])).toBe(queue)
    expect(isUploadablePath('/media/a.b/c')).toBe(true)
    expect(isUploadablePath('/media/a/.b')).toBe(false)
  })

  it('plans parts by the table: one part up to 8 MiB, 8 MiB parts up to 16 MiB, 16 MiB parts above', () => {
    const queue = run(emptyUploadQueue, [
      {
        type: 'add',
        files: [file('s', 8 * MiB), file('m', 8 * MiB + 1), file('e', 16 * MiB), file('l', 16 * MiB + 1)],
      },
    ])
    const sizes = (id: string) => item(queue, id).parts.map((part) => part.part_size)
    expect(item(queue, 's').multipart).toBe(false)
    expect(sizes('s')).toEqual([8 * MiB])
    expect(item(queue, 'm').multipart).toBe(true)
    expect(sizes('m')).toEqual([8 * MiB, 1])
    expect(sizes('e')).toEqual([8 * MiB, 8 * MiB])
    expect(sizes('l')).toEqual([16 * MiB, 1])
    expect(item(queue, 'l').parts.map((part) => part.offset)).toEqual([0, 16 * MiB])
  })
})

describe('the road of a single-part file', () => {
  it('goes start, hashing, hash_done, register, offer, uploading with percent, complete, done', () => {
    let queue = run(emptyUploadQueue, [{ type: 'add', files: [file('f')] }])
    expect(uploadsToStart(queue, T0)).toEqual(['f'])
    queue = run(queue, [{ type: 'start', id: 'f' }])
    expect(item(queue)).toMatchObject({ status: 'start', tries: 1 })
    expect(nextUploadStep(item(queue), T0)).toEqual({ kind: 'hash', part_nums: [1] })
    queue = run(queue, [{ type: 'hash_started', id: 'f' }])
    expect(item(queue).status).toBe('hashing')
    expect(uploadStatusText(item(queue))).toBe('Hashing')
    expect(nextUploadStep(item(queue), T0)).toEqual({ kind: 'busy' })
    queue = run(queue, [{ type: 'hash_progress', id: 'f', hashed_bytes: 500 }])
    expect(item(queue).progress).toBe(50)
    queue = run(queue, [{ type: 'hashed', id: 'f', hash: HASH }])
    expect(item(queue)).toMatchObject({ status: 'hash_done', hash: HASH, progress: 0 })
    expect(item(queue).parts[0]?.part_hash).toBe(HASH)
    expect(nextUploadStep(item(queue), T0)).toEqual({ kind: 'register' })
    queue = run(queue, [{ type: 'request_started', id: 'f', request: 'register' }])
    expect(nextUploadStep(item(queue), T0)).toEqual({ kind: 'busy' })
    queue = run(queue, [{ type: 'registered', id: 'f', media_id: 7 }])
    expect(item(queue).media_id).toBe(7)
    expect(nextUploadStep(item(queue), T0)).toEqual({ kind: 'offer' })
    queue = run(queue, [
      { type: 'request_started', id: 'f', request: 'offer' },
      { type: 'offer', id: 'f', s3_bucket_id: 3, skip_upload: false, signed_opts: signed(1) },
    ])
    expect(item(queue)).toMatchObject({ status: 'uploading', s3_bucket_id: 3, progress: 0 })
    expect(nextUploadStep(item(queue), T0)).toEqual({ kind: 'put', part_nums: [1] })
    queue = run(queue, [
      { type: 'part_started', id: 'f', part_num: 1 },
      { type: 'part_progress', id: 'f', part_num: 1, sent_bytes: 420 },
    ])
    expect(item(queue).progress).toBe(42)
    expect(uploadStatusText(item(queue))).toBe('42%')
    queue = run(queue, [{ type: 'part_sent', id: 'f', part_num: 1 }])
    expect(nextUploadStep(item(queue), T0)).toEqual({ kind: 'complete' })
    queue = run(queue, [
      { type: 'request_started', id: 'f', request: 'complete' },
      { type: 'completed', id: 'f' },
    ])
    expect(item(queue)).toMatchObject({ status: 'done', is_done: true, skip: false, progress: 100 })
    // The Status column shows a word, never the state's identifier.
    expect(uploadStatusText(item(queue))).toBe('Done')
    expect(nextUploadStep(item(queue), T0)).toEqual({ kind: 'none' })
    expect(uploadSummary(queue).text).toBe('Success')
  })

  it('skip on the offer is done at once and counts as success', () => {
    const queue = run(emptyUploadQueue, [
      { type: 'add', files: [file('f')] },
      { type: 'start', id: 'f' },
      { type: 'hashed', id: 'f', hash: HASH },
      { type: 'request_started', id: 'f', request: 'register' },
      { type: 'registered', id: 'f', media_id: 7 },
      { type: 'request_started', id: 'f', request: 'offer' },
      { type: 'offer', id: 'f', s3_bucket_id: 0, skip_upload: true, signed_opts: null },
    ])
    expect(item(queue)).toMatchObject({ status: 'done', skip: true, is_done: true, progress: 100 })
    expect(uploadSummary(queue)).toMatchObject({ text: 'Success', succeeded: 1, skipped: 1, failed: 0 })
  })

  it('a failed PUT of a single-part file is a failure of the file, retried after the file interval', () => {
    const queue = run(uploadingSingle(), [
      { type: 'part_started', id: 'f', part_num: 1 },
      { type: 'part_failed', id: 'f', part_num: 1, error: 'timeout' },
    ])
    expect(item(queue)).toMatchObject({
      status: 'waiting_retry',
      last_err: 'timeout',
      next_try_at: T0 + UPLOAD_FILE_RETRY_INTERVAL_MS,
    })
    expect(item(queue).parts[0]?.sending).toBe(false)
  })

  it('an offer without signed_opts and without skip is a failure', () => {
    const queue = run(emptyUploadQueue, [
      { type: 'add', files: [file('f')] },
      { type: 'start', id: 'f' },
      { type: 'hashed', id: 'f', hash: HASH },
      { type: 'request_started', id: 'f', request: 'register' },
      { type: 'registered', id: 'f', media_id: 7 },
      { type: 'request_started', id: 'f', request: 'offer' },
      { type: 'offer', id: 'f', s3_bucket_id: 0, skip_upload: false, signed_opts: null },
    ])
    expect(item(queue).status).toBe('waiting_retry')
    expect(uploadStatusText(item(queue))).toBe('Waiting to retry')
  })
})

describe('registering', () => {
  const registering = () =>
    run(emptyUploadQueue, [
      { type: 'add', files: [file('f')] },
      { type: 'start', id: 'f' },
      { type: 'hashed', id: 'f', hash: HASH },
      { type: 'request_started', id: 'f', request: 'register' },
    ])

  it('a 409 is fatal: Failed with the conflict message, never retried', () => {
    const queue = run(registering(), [{ type: 'register_failed', id: 'f', status: 409, error: '409' }])
    expect(item(queue)).toMatchObject({
      status: 'error',
      fatal_err: UPLOAD_CONFLICT_MESSAGE,
      last_err: UPLOAD_CONFLICT_MESSAGE,
      tries: 1,
    })
    expect(UPLOAD_CONFLICT_MESSAGE).toBe('Different file already exists in the volume.')
    expect(uploadStatusText(item(queue))).toBe('Failed')
    expect(uploadsToStart(queue, T0 + 3_600_000)).toEqual([])
    const summary = uploadSummary(queue)
    expect(summary).toMatchObject({ text: 'Done - 1 Failed', failed: 1, fatal: 1, show_retry: false })
    expect(run(queue, [{ type: 'retry' }])).toBe(queue)
  })

  it('another failure waits for a retry', () => {
    const queue = run(registering(), [{ type: 'register_failed', id: 'f', status: 500, error: '500' }])
    expect(item(queue)).toMatchObject({ status: 'waiting_retry', fatal_err: null, last_err: '500' })
  })

  it('an answer with no register in flight changes nothing', () => {
    const queue = run(emptyUploadQueue, [
      { type: 'add', files: [file('f')] },
      { type: 'start', id: 'f' },
      { type: 'hashed', id: 'f', hash: HASH },
    ])
    expect(run(queue, [{ type: 'registered', id: 'f', media_id: 1 }])).toBe(queue)
    expect(run(queue, [{ type: 'register_failed', id: 'f', status: 409, error: '409' }])).toBe(queue)
  })
})

describe('retries of a file', () => {
  it('waits UPLOAD_FILE_RETRY_INTERVAL_MS, then starts again with one more try, keeping the hash', () => {
    const failed = run(uploadingSingle(), [{ type: 'failed', id: 'f', error: 'Network failure' }], T0)
    expect(item(failed).status).toBe('waiting_retry')
    expect(nextUploadRetryAt(failed)).toBe(T0 + UPLOAD_FILE_RETRY_INTERVAL_MS)
    expect(uploadsToStart(failed, T0 + UPLOAD_FILE_RETRY_INTERVAL_MS - 1)).toEqual([])
    expect(run(failed, [{ type: 'start', id: 'f' }], T0 + UPLOAD_FILE_RETRY_INTERVAL_MS - 1)).toBe(failed)
    expect(uploadsToStart(failed, T0 + UPLOAD_FILE_RETRY_INTERVAL_MS)).toEqual(['f'])
    const again = run(failed, [{ type: 'start', id: 'f' }], T0 + UPLOAD_FILE_RETRY_INTERVAL_MS)
    expect(item(again)).toMatchObject({ status: 'start', tries: 2, hash: HASH, media_id: 7 })
  })

  it(`fails for good after ${UPLOAD_FILE_TRIES} tries, and Retry then shows`, () => {
    let queue = run(emptyUploadQueue, [{ type: 'add', files: [file('f')] }])
    let now = T0
    for (let attempt = 1; attempt <= UPLOAD_FILE_TRIES; attempt++) {
      queue = run(queue, [{ type: 'start', id: 'f' }], now)
      expect(item(queue).tries).toBe(attempt)
      queue = run(queue, [{ type: 'failed', id: 'f', error: 'xhr_error' }], now)
      now += UPLOAD_FILE_RETRY_INTERVAL_MS
    }
    expect(item(queue)).toMatchObject({ status: 'error', fatal_err: null, tries: UPLOAD_FILE_TRIES })
    expect(uploadsToStart(queue, now + 3_600_000)).toEqual([])
    expect(uploadSummary(queue)).toMatchObject({ text: 'Done - 1 Failed', show_retry: true })
    const retried = run(queue, [{ type: 'retry' }])
    expect(item(retried)).toMatchObject({ status: 'idle', tries: 0, next_try_at: null })
    expect(uploadSummary(retried).text).toBe('Running')
  })

  it('a fatal failure reported by the runner is not retried', () => {
    const queue = run(uploadingSingle(), [{ type: 'failed', id: 'f', error: 'gone', fatal: true }])
    expect(item(queue)).toMatchObject({ status: 'error', fatal_err: 'gone' })
  })

  it('failed only applies to an active item', () => {
    const queue = run(emptyUploadQueue, [{ type: 'add', files: [file('f')] }])
    expect(run(queue, [{ type: 'failed', id: 'f', error: 'x' }])).toBe(queue)
  })
})

describe('multipart', () => {
  it('asks for each missing part digest, then the plan, and combines only with every digest', () => {
    let queue = run(emptyUploadQueue, [
      { type: 'add', files: [file('f', 20 * MiB)] },
      { type: 'start', id: 'f' },
    ])
    expect(nextUploadStep(item(queue), T0)).toEqual({ kind: 'hash', part_nums: [1, 2] })
    queue = run(queue, [
      { type: 'hash_started', id: 'f' },
      { type: 'part_hashed', id: 'f', part_num: 1, part_hash: '1'.repeat(64) },
    ])
    expect(run(queue, [{ type: 'hashed', id: 'f', hash: HASH }])).toBe(queue)
    queue = run(queue, [
      { type: 'part_hashed', id: 'f', part_num: 2, part_hash: '2'.repeat(64) },
      { type: 'hashed', id: 'f', hash: HASH },
      { type: 'request_started', id: 'f', request: 'register' },
      { type: 'registered', id: 'f', media_id: 7 },
    ])
    expect(nextUploadStep(item(queue), T0)).toEqual({ kind: 'plan' })
  })

  it('sends parts, counts percent over all parts, and completes', () => {
    let queue = uploadingMultipart()
    expect(item(queue)).toMatchObject({ status: 'uploading', upload_id: 'u1', plan_fetched_at: T0 })
    expect(nextUploadStep(item(queue), T0)).toEqual({ kind: 'put', part_nums: [1, 2] })
    queue = run(queue, [
      { type: 'part_started', id: 'f', part_num: 1 },
      { type: 'part_started', id: 'f', part_num: 2 },
      { type: 'part_sent', id: 'f', part_num: 2 },
    ])
    expect(item(queue).progress).toBe(20)
    expect(nextUploadStep(item(queue), T0)).toEqual({ kind: 'busy' })
    queue = run(queue, [{ type: 'part_progress', id: 'f', part_num: 1, sent_bytes: 8 * MiB }])
    expect(item(queue).progress).toBe(60)
    queue = run(queue, [{ type: 'part_sent', id: 'f', part_num: 1 }])
    expect(item(queue).progress).toBe(100)
    expect(nextUploadStep(item(queue), T0)).toEqual({ kind: 'complete' })
    queue = run(queue, [
      { type: 'request_started', id: 'f', request: 'complete' },
      { type: 'completed', id: 'f' },
    ])
    expect(item(queue)).toMatchObject({ status: 'done', is_done: true })
  })

  it('marks parts the plan reports stored as done and never sends them', () => {
    const queue = run(emptyUploadQueue, [
      { type: 'add', files: [file('f', 20 * MiB)] },
      { type: 'start', id: 'f' },
      { type: 'hash_started', id: 'f' },
      { type: 'part_hashed', id: 'f', part_num: 1, part_hash: '1'.repeat(64) },
      { type: 'part_hashed', id: 'f', part_num: 2, part_hash: '2'.repeat(64) },
      { type: 'hashed', id: 'f', hash: HASH },
      { type: 'request_started', id: 'f', request: 'register' },
      { type: 'registered', id: 'f', media_id: 7 },
      { type: 'request_started', id: 'f', request: 'plan' },
      {
        type: 'part_plan',
        id: 'f',
        upload_id: 'u1',
        s3_bucket_id: 0,
        skip_upload: false,
        parts: [
          { part_num: 1, skip_upload: true, signed_opts: null },
          { part_num: 2, skip_upload: false, signed_opts: signed(2) },
        ],
      },
    ])
    expect(item(queue).parts.map((part) => part.done)).toEqual([true, false])
    expect(item(queue).progress).toBe(80)
    expect(nextUploadStep(item(queue), T0)).toEqual({ kind: 'put', part_nums: [2] })
    // A part already stored cannot be started again.
    expect(run(queue, [{ type: 'part_started', id: 'f', part_num: 1 }])).toBe(queue)
  })

  it('a whole-file skip in the plan is done as skipped', () => {
    const planning = run(emptyUploadQueue, [
      { type: 'add', files: [file('f', 20 * MiB)] },
      { type: 'start', id: 'f' },
    ])
    // A digest reported before hashing started belongs to no hashing run: ignored.
    expect(run(planning, [{ type: 'part_hashed', id: 'f', part_num: 1, part_hash: HASH }])).toBe(planning)
    const hashed = run(planning, [
      { type: 'hash_started', id: 'f' },
      { type: 'part_hashed', id: 'f', part_num: 1, part_hash: '1'.repeat(64) },
      { type: 'part_hashed', id: 'f', part_num: 2, part_hash: '2'.repeat(64) },
      { type: 'hashed', id: 'f', hash: HASH },
      { type: 'request_started', id: 'f', request: 'register' },
      { type: 'registered', id: 'f', media_id: 7 },
      { type: 'request_started', id: 'f', request: 'plan' },
      { type: 'part_plan', id: 'f', upload_id: '', s3_bucket_id: 0, skip_upload: true, parts: [] },
    ])
    expect(item(hashed)).toMatchObject({ status: 'done', skip: true, is_done: true })
  })

  it(`retries a part ${UPLOAD_PART_RETRY_INTERVAL_MS} ms later, and fails the file after ${UPLOAD_PART_TRIES} sends`, () => {
    let queue = uploadingMultipart()
    let now = T0
    for (let attempt = 1; attempt < UPLOAD_PART_TRIES; attempt++) {
      queue = run(
        queue,
        [
          { type: 'part_started', id: 'f', part_num: 2 },
          { type: 'part_failed', id: 'f', part_num: 2, error: 'bad_status' },
        ],
        now,
      )
      const part = item(queue).parts[1]
      expect(part).toMatchObject({
        tries: attempt,
        sending: false,
        next_try_at: now + UPLOAD_PART_RETRY_INTERVAL_MS,
      })
      expect(item(queue).status).toBe('uploading')
      expect(nextUploadStep(item(queue), now)).toEqual({ kind: 'put', part_nums: [1] })
      now += UPLOAD_PART_RETRY_INTERVAL_MS
    }
    queue = run(
      queue,
      [
        { type: 'part_started', id: 'f', part_num: 1 },
        { type: 'part_started', id: 'f', part_num: 2 },
        { type: 'part_failed', id: 'f', part_num: 2, error: 'timeout' },
      ],
      now,
    )
    expect(item(queue)).toMatchObject({ status: 'waiting_retry', last_err: 'timeout' })
    expect(item(queue).parts.every((part) => !part.sending)).toBe(true)
  })

  it('waits for the part retry time when nothing else can be sent', () => {
    const queue = run(uploadingMultipart(), [
      { type: 'part_started', id: 'f', part_num: 1 },
      { type: 'part_sent', id: 'f', part_num: 1 },
      { type: 'part_started', id: 'f', part_num: 2 },
      { type: 'part_failed', id: 'f', part_num: 2, error: 'xhr_error' },
    ])
    expect(nextUploadStep(item(queue), T0)).toEqual({
      kind: 'wait',
      until: T0 + UPLOAD_PART_RETRY_INTERVAL_MS,
    })
    expect(nextUploadStep(item(queue), T0 + UPLOAD_PART_RETRY_INTERVAL_MS)).toEqual({
      kind: 'put',
      part_nums: [2],
    })
  })

  it(`fetches the plan again once it is older than ${PART_PLAN_MAX_AGE_MS} ms, after parts in flight settle`, () => {
    let queue = uploadingMultipart()
    expect(nextUploadStep(item(queue), T0 + PART_PLAN_MAX_AGE_MS)).toEqual({ kind: 'put', part_nums: [1, 2] })
    expect(nextUploadStep(item(queue), T0 + PART_PLAN_MAX_AGE_MS + 1)).toEqual({ kind: 'plan' })
    queue = run(queue, [{ type: 'part_started', id: 'f', part_num: 1 }])
    expect(nextUploadStep(item(queue), T0 + PART_PLAN_MAX_AGE_MS + 1)).toEqual({ kind: 'busy' })
  })

  it(`sends at most ${UPLOAD_PARALLEL_PARTS} parts at once`, () => {
    // 200 MiB in 16 MiB parts: 13 parts.
    const size = 200 * MiB
    let queue = run(emptyUploadQueue, [
      { type: 'add', files: [file('f', size)] },
      { type: 'start', id: 'f' },
    ])
    const partNums = item(queue).parts.map((part) => part.part_num)
    expect(partNums).toHaveLength(13)
    queue = run(queue, [
      { type: 'hash_started', id: 'f' },
      ...partNums.map((n): UploadEvent => ({ type: 'part_hashed', id: 'f', part_num: n, part_hash: HASH })),
      { type: 'hashed', id: 'f', hash: HASH },
      { type: 'request_started', id: 'f', request: 'register' },
      { type: 'registered', id: 'f', media_id: 1 },
      { type: 'request_started', id: 'f', request: 'plan' },
      {
        type: 'part_plan',
        id: 'f',
        upload_id: 'u',
        s3_bucket_id: 0,
        skip_upload: false,
        parts: partNums.map((n) => ({ part_num: n, skip_upload: false, signed_opts: signed(n) })),
      },
    ])
    const first = nextUploadStep(item(queue), T0)
    expect(first).toEqual({ kind: 'put', part_nums: partNums.slice(0, UPLOAD_PARALLEL_PARTS) })
    queue = run(
      queue,
      partNums.slice(0, 9).map((n): UploadEvent => ({ type: 'part_started', id: 'f', part_num: n })),
    )
    expect(nextUploadStep(item(queue), T0)).toEqual({ kind: 'put', part_nums: [10] })
  })

  it('a 412 on complete is not finished yet: asked again a part interval later, then a file failure', () => {
    let queue = run(uploadingMultipart(), [
      { type: 'part_started', id: 'f', part_num: 1 },
      { type: 'part_started', id: 'f', part_num: 2 },
      { type: 'part_sent', id: 'f', part_num: 1 },
      { type: 'part_sent', id: 'f', part_num: 2 },
    ])
    let now = T0
    for (let answer = 1; answer < UPLOAD_PART_TRIES; answer++) {
      queue = run(
        queue,
        [
          { type: 'request_started', id: 'f', request: 'complete' },
          { type: 'complete_not_finished', id: 'f' },
        ],
        now,
      )
      expect(item(queue)).toMatchObject({ status: 'uploading', is_done: false, complete_tries: answer })
      expect(item(queue).parts.every((part) => part.done)).toBe(true)
      expect(nextUploadStep(item(queue), now)).toEqual({
        kind: 'wait',
        until: now + UPLOAD_PART_RETRY_INTERVAL_MS,
      })
      now += UPLOAD_PART_RETRY_INTERVAL_MS
      expect(nextUploadStep(item(queue), now)).toEqual({ kind: 'complete' })
    }
    queue = run(
      queue,
      [
        { type: 'request_started', id: 'f', request: 'complete' },
        { type: 'complete_not_finished', id: 'f' },
      ],
      now,
    )
    expect(item(queue)).toMatchObject({ status: 'waiting_retry', last_err: 'not_finished' })
    // The parts stay sent across the file's retry.
    expect(item(queue).parts.every((part) => part.done)).toBe(true)
  })

  it('content that hashes differently on a later try forgets what was sent', () => {
    const sent = run(uploadingMultipart(), [
      { type: 'part_started', id: 'f', part_num: 1 },
      { type: 'part_sent', id: 'f', part_num: 1 },
      { type: 'failed', id: 'f', error: 'x' },
    ])
    const retried = run(
      sent,
      [
        { type: 'start', id: 'f' },
        { type: 'hash_started', id: 'f' },
        { type: 'hashed', id: 'f', hash: 'b'.repeat(64) },
      ],
      T0 + UPLOAD_FILE_RETRY_INTERVAL_MS,
    )
    expect(item(retried)).toMatchObject({ status: 'hash_done', media_id: null, upload_id: null })
    expect(item(retried).parts.some((part) => part.done)).toBe(false)
  })
})

describe('the queue', () => {
  it(`starts at most ${UPLOAD_PARALLEL_FILES} files at once, in order`, () => {
    const files = Array.from({ length: 12 }, (_, index) => file(`f${index}`))
    let queue = run(emptyUploadQueue, [{ type: 'add', files }])
    const first = uploadsToStart(queue, T0)
    expect(first).toEqual(files.slice(0, UPLOAD_PARALLEL_FILES).map((entry) => entry.id))
    queue = run(
      queue,
      first.map((id): UploadEvent => ({ type: 'start', id })),
    )
    expect(uploadsToStart(queue, T0)).toEqual([])
    queue = run(queue, [{ type: 'failed', id: 'f0', error: 'x', fatal: true }])
    expect(uploadsToStart(queue, T0)).toEqual(['f10'])
  })

  it('summarizes Running, Done - N Failed and Success, with Retry only when failures exceed fatal ones', () => {
    let queue = run(emptyUploadQueue, [{ type: 'add', files: [file('a'), file('b'), file('c')] }])
    expect(uploadSummary(queue)).toMatchObject({ text: 'Running', show_retry: false })
    queue = run(queue, [
      { type: 'start', id: 'a' },
      { type: 'start', id: 'b' },
      { type: 'start', id: 'c' },
      { type: 'failed', id: 'a', error: 'conflict', fatal: true },
      { type: 'failed', id: 'b', error: 'x' },
    ])
    // b waits for its retry: the run is not over.
    expect(uploadSummary(queue).text).toBe('Running')
    queue = run(queue, [
      { type: 'remove', id: 'b' },
      { type: 'remove', id: 'c' },
    ])
    expect(uploadSummary(queue)).toMatchObject({
      text: 'Done - 1 Failed',
      failed: 1,
      fatal: 1,
      show_retry: false,
    })
    expect(uploadSummary(emptyUploadQueue).text).toBe('Success')
  })

  it('removing an item drops it; removing an unknown one changes nothing', () => {
    const queue = run(emptyUploadQueue, [{ type: 'add', files: [file('a'), file('b')] }])
    expect(run(queue, [{ type: 'remove', id: 'a' }]).items.map((entry) => entry.id)).toEqual(['b'])
    expect(run(queue, [{ type: 'remove', id: 'zz' }])).toBe(queue)
    expect(run(queue, [{ type: 'start', id: 'zz' }])).toBe(queue)
  })

  it('Automated Retry falls due a file interval after the last retryable failure, only when on', () => {
    let queue = run(emptyUploadQueue, [{ type: 'add', files: [file('a'), file('b')] }])
    for (let attempt = 0; attempt < UPLOAD_FILE_TRIES; attempt++) {
      const now = T0 + attempt * UPLOAD_FILE_RETRY_INTERVAL_MS
      queue = run(
        queue,
        [
          { type: 'start', id: 'a' },
          { type: 'start', id: 'b' },
          { type: 'failed', id: 'a', error: 'x' },
        ],
        now,
      )
      if (attempt === 0) queue = run(queue, [{ type: 'failed', id: 'b', error: 'x', fatal: true }], now)
    }
    const lastFailure = T0 + (UPLOAD_FILE_TRIES - 1) * UPLOAD_FILE_RETRY_INTERVAL_MS
    expect(uploadSummary(queue)).toMatchObject({ text: 'Done - 2 Failed', show_retry: true })
    expect(autoRetryDueAt(queue)).toBeNull()
    queue = run(queue, [{ type: 'set_auto_retry', on: true }])
    expect(queue.auto_retry).toBe(true)
    expect(autoRetryDueAt(queue)).toBe(lastFailure + UPLOAD_FILE_RETRY_INTERVAL_MS)
    const retried = run(queue, [{ type: 'retry' }])
    expect(item(retried, 'a').status).toBe('idle')
    expect(item(retried, 'b').status).toBe('error')
    expect(autoRetryDueAt(retried)).toBeNull()
  })
})

describe('reloads', () => {
  it('puts interrupted items back to Waiting, keeping hashes, digests and sent parts', () => {
    const live = run(uploadingMultipart(), [
      { type: 'part_started', id: 'f', part_num: 1 },
      { type: 'part_sent', id: 'f', part_num: 1 },
      { type: 'part_started', id: 'f', part_num: 2 },
      { type: 'part_progress', id: 'f', part_num: 2, sent_bytes: 1000 },
    ])
    const restored = run(live, [{ type: 'restored', without_file: [] }])
    expect(item(restored)).toMatchObject({
      status: 'idle',
      hash: HASH,
      tries: 1,
      needs_file: false,
      pending: null,
    })
    expect(item(restored).parts.map((part) => [part.done, part.sending, part.sent_bytes])).toEqual([
      [true, false, 16 * MiB],
      [false, false, 0],
    ])
    // Part 2 may have reached the store after the last save: the plan is asked for again, and its list of
    // stored parts decides. Without a part in flight the plan fetched before is kept.
    expect(item(live).plan_fetched_at).not.toBeNull()
    expect(item(restored).plan_fetched_at).toBeNull()
    const quiet = run(uploadingMultipart(), [
      { type: 'part_started', id: 'f', part_num: 1 },
      { type: 'part_sent', id: 'f', part_num: 1 },
    ])
    const quietRestored = run(quiet, [{ type: 'restored', without_file: [] }])
    expect(item(quietRestored).plan_fetched_at).toBe(item(quiet).plan_fetched_at)
    // Starting again skips hashing (every digest is known) and sends only the missing part.
    const resumed = run(restored, [{ type: 'start', id: 'f' }])
    expect(nextUploadStep(item(resumed), T0)).toEqual({ kind: 'hash', part_nums: [] })
  })

  it('an item without a kept file waits for the same file: name, size, time and next part digest', () => {
    const live = run(uploadingMultipart(), [
      { type: 'part_started', id: 'f', part_num: 1 },
      { type: 'part_sent', id: 'f', part_num: 1 },
    ])
    const restored = run(live, [{ type: 'restored', without_file: ['f'] }])
    expect(item(restored).needs_file).toBe(true)
    expect(uploadsToStart(restored, T0)).toEqual([])
    expect(identityPart(item(restored))?.part_num).toBe(2)
    const same = { name: 'f.bin', file_size: 20 * MiB, mtime: 1_700_000_000_000, part_hash: '2'.repeat(64) }
    expect(isSameFile(item(restored), same)).toBe(true)
    for (const other of [
      { ...same, name: 'g.bin' },
      { ...same, file_size: 1 },
      { ...same, mtime: 1 },
      { ...same, part_hash: '1'.repeat(64) },
    ]) {
      expect(isSameFile(item(restored), other)).toBe(false)
      expect(run(restored, [{ type: 'file_chosen', id: 'f', file: other }])).toBe(restored)
    }
    const chosen = run(restored, [{ type: 'file_chosen', id: 'f', file: same }])
    expect(item(chosen).needs_file).toBe(false)
    expect(uploadsToStart(chosen, T0)).toEqual(['f'])
  })

  it('an item whose kept handle gives its file again resumes once the file is restored', () => {
    const live = run(uploadingMultipart(), [
      { type: 'part_started', id: 'f', part_num: 1 },
      { type: 'part_sent', id: 'f', part_num: 1 },
    ])
    const restored = run(live, [{ type: 'restored', without_file: ['f'] }])
    const allowed = run(restored, [{ type: 'file_restored', id: 'f' }])
    expect(item(allowed).needs_file).toBe(false)
    expect(uploadsToStart(allowed, T0)).toEqual(['f'])
    // An item that does not wait for its file is left as it is.
    expect(run(allowed, [{ type: 'file_restored', id: 'f' }])).toBe(allowed)
  })

  it('a finished item never asks for its file again', () => {
    const done = run(uploadingSingle(), [
      { type: 'part_started', id: 'f', part_num: 1 },
      { type: 'part_sent', id: 'f', part_num: 1 },
      { type: 'request_started', id: 'f', request: 'complete' },
      { type: 'completed', id: 'f' },
    ])
    expect(run(done, [{ type: 'restored', without_file: ['f'] }])).toBe(done)
  })

  it('an item never hashed matches on name, size and time alone', () => {
    const queue = run(emptyUploadQueue, [{ type: 'add', files: [file('f')] }])
    expect(identityPart(item(queue))).toBeUndefined()
    expect(
      isSameFile(item(queue), { name: 'f.bin', file_size: 1000, mtime: 1_700_000_000_000, part_hash: null }),
    ).toBe(true)
  })
})

describe('error texts', () => {
  it('says Network failure for a call that never arrived, and the kind or status otherwise', () => {
    expect(uploadErrorText(new ApiError('request_failure'))).toBe('Network failure')
    expect(uploadErrorText(new ApiError('timeout'))).toBe('timeout')
    expect(uploadErrorText(new ApiError(503))).toBe('503')
    // The upload capability taken while the page was open: its own message (000 section 6).
    expect(uploadErrorText(new ApiError(403, { error: 'upload_not_allowed' }))).toBe(
      'Sorry, you do not have permission to upload.',
    )
    expect(uploadErrorText({ ok: false, kind: 'bad_status', status: 403 })).toBe('bad_status')
    expect(uploadErrorText({ ok: false, kind: 'xhr_error' })).toBe('xhr_error')
  })
})
