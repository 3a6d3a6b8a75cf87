import 'fake-indexeddb/auto'
import { createHash } from 'node:crypto'
import { deleteDB } from 'idb'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { UploadRequest } from '../../server/contract/media.ts'
import { setTransport } from '../../src/api/client.ts'
import { ApiError } from '../../src/api/transport.ts'
import {
  PART_PLAN_MAX_AGE_MS,
  TRANSFER_MIN_TIMEOUT_MS,
  REQUESTS_PER_HOST,
  UPLOAD_MAX_REQUESTS_IN_FLIGHT,
  UPLOAD_PARALLEL_FILES,
  UPLOAD_PARALLEL_PARTS,
  UPLOAD_CONFLICT_MESSAGE,
  UPLOAD_FILE_RETRY_INTERVAL_MS,
  UPLOAD_FILE_TRIES,
  UPLOAD_PART_RETRY_INTERVAL_MS,
  UPLOAD_PART_TRIES,
  planParts,
  transferTimeoutMs,
} from '../../src/transfers/limits.ts'
import { TRANSFERS_DB_NAME, openQueueStore, type QueueStore } from '../../src/transfers/queueStore.ts'
import type { UploadItem } from '../../src/transfers/uploadModel.ts'
import { uploadSummary } from '../../src/transfers/uploadSelectors.ts'
import { UploadRunner, type PickedUpload } from '../../src/transfers/uploadRunner.ts'
import type { TransferResult } from '../../workers/transferCore.ts'
import {
  BUCKET_ID,
  FIRST_MEDIA_ID,
  type FakeTransport,
  FakeWorkers,
  GRANT_ID,
  GRANT_PATH,
  MemoryQueueStore,
  ORG_ID,
  RecordingStore,
  STORE_URL,
  T0,
  advance,
  deferred,
  sentTo,
  settle,
  signedPut,
  until,
  uploadHandle,
  uploadServer,
  useFakeClock,
  type Deferred,
} from './transferFakes.ts'

const MiB = 1024 * 1024
const MTIME = Date.UTC(2025, 5, 1, 12, 0, 0)

const MEDIA = `${GRANT_PATH}/media`
const OFFER = `${GRANT_PATH}/upload`
const CONFIRM = `${GRANT_PATH}/s3_object`
const PLAN = `${GRANT_PATH}/multipart`
const COMPLETE = `${GRANT_PATH}/multipart_complete`

/** Bytes that change from one 64 KiB block to the next, so every part has a digest of its own. */
function content(size: number, seed: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size)
  const block = 64 * 1024
  for (let at = 0; at < size; at += block) bytes.fill((at / block) * 31 + seed, at, at + block)
  return bytes
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** A multipart file's parts and hash as the server expects them, computed apart from the runner. */
function digestsOf(bytes: Uint8Array) {
  const parts = planParts(bytes.length).map((part) => ({
    ...part,
    part_hash: sha256(bytes.subarray(part.offset, part.offset + part.part_size)),
  }))
  const joined = Buffer.concat(parts.map((part) => Buffer.from(part.part_hash, 'hex')))
  const partList = parts.map(({ part_num, part_hash, part_size }) => ({ part_num, part_hash, part_size }))
  return { parts, partList, hash: createHash('sha256').update(joined).digest('hex') }
}

function fileOf(data: BlobPart[] | Uint8Array<ArrayBuffer>, name: string, lastModified = MTIME): File {
  return new File(data instanceof Uint8Array ? [data] : data, name, { lastModified })
}

function picked(file: File, handle: FileSystemFileHandle | null = null): PickedUpload {
  return {
    file,
    handle,
    folder: '',
    media_path: `/Clips/${file.name}`,
    org_id: ORG_ID,
    media_grant_id: GRANT_ID,
  }
}

const started: Array<{ runner: UploadRunner; workers: FakeWorkers }> = []
const stores: QueueStore[] = []
let ids = 0

interface StartOptions {
  api?: FakeTransport
  workers?: FakeWorkers
  store?: QueueStore
  journal?: string[]
}

/** A runner over fakes; the store records every queue it finished saving. */
function start(options: StartOptions = {}) {
  const journal = options.journal ?? []
  const api = options.api ?? uploadServer(journal)
  const workers = options.workers ?? new FakeWorkers(4, journal)
  const store = new RecordingStore(options.store ?? new MemoryQueueStore())
  setTransport(api)
  const runner = new UploadRunner({
    pool: workers.pool,
    store,
    onChange: () => undefined,
    newId: () => `item-${++ids}`,
  })
  started.push({ runner, workers })
  return { runner, api, workers, store, journal }
}

async function openStore(): Promise<QueueStore> {
  const store = await openQueueStore()
  stores.push(store)
  return store
}

function itemNamed(runner: UploadRunner, name: string): UploadItem {
  const found = runner.state.items.find((item) => item.name === name)
  if (!found) throw new Error(`no item ${name}`)
  return found
}

const isDone = (runner: UploadRunner, name: string) => () => itemNamed(runner, name).status === 'done'

/**
 * Runs the upload of a multipart file until its first part is stored and that is saved, its other parts
 * still in flight, then stops it as a closed tab stops: the runner and its workers go at once.
 */
async function interruptedUpload(
  file: File,
  options: { store: QueueStore; api: FakeTransport; handle?: FileSystemFileHandle },
) {
  const first = start(options)
  // The first part is stored once the plan is on disk (so only its own save records it); the others hang.
  const planSaved = () => first.store.savedUploads.some((queue) => queue.items[0]?.status === 'uploading')
  first.workers.onPut = async (call) => {
    if (call.offset !== 0) return new Promise<TransferResult>(() => undefined)
    await until(planSaved, 'the part plan to be saved')
    return { ok: true }
  }
  await first.runner.restore()
  first.runner.apply({ type: 'add', files: [picked(file, options.handle ?? null)] })
  await until(
    () => first.store.savedUploads.some((queue) => queue.items[0]?.parts[0]?.done === true),
    'the first part to be saved as stored',
  )
  first.runner.stop()
  first.workers.pool.close()
  return first
}

beforeEach(() => {
  useFakeClock()
})

afterEach(async () => {
  setTransport(undefined)
  for (const { runner, workers } of started.splice(0)) {
    runner.stop()
    workers.pool.close()
  }
  for (const store of stores.splice(0)) store.close()
  await deleteDB(TRANSFERS_DB_NAME)
})

describe('the upload runner', () => {
  it('sends a single-part file: hash, register, offer, one PUT, confirm, done, saved at once', async () => {
    const bytes = content(3 * MiB + 123, 1)
    const file = fileOf(bytes, 'clip.mov')
    const hash = sha256(bytes)
    const { runner, api, workers, store, journal } = start()
    await runner.restore()
    runner.apply({ type: 'add', files: [picked(file)] })
    await until(isDone(runner, 'clip.mov'), 'the upload to finish')

    expect(journal).toEqual([`hash 0`, `POST ${MEDIA}`, `POST ${OFFER}`, 'put 0', `POST ${CONFIRM}`])
    expect(api.to('POST', MEDIA).map((call) => call.body)).toEqual([
      { media_path: '/Clips/clip.mov', file_size: bytes.length, file_hash: hash, ctime: MTIME, mtime: MTIME },
    ])
    expect(api.to('POST', OFFER).map((call) => call.body)).toEqual([
      { file_list: [{ file_hash: hash, file_size: bytes.length }] },
    ])
    expect(workers.puts).toHaveLength(1)
    expect(workers.puts[0]?.file).toBe(file)
    expect(workers.puts[0]).toMatchObject({
      offset: 0,
      size: bytes.length,
      signed: sentTo(`${STORE_URL}/${hash}`),
      timeoutMs: TRANSFER_MIN_TIMEOUT_MS,
    })
    expect(api.to('POST', CONFIRM).map((call) => call.body)).toEqual([
      { file_hash: hash, file_size: bytes.length, s3_bucket_id: BUCKET_ID },
    ])
    expect(itemNamed(runner, 'clip.mov')).toMatchObject({
      status: 'done',
      progress: 100,
      skip: false,
      is_done: true,
      hash,
      media_id: FIRST_MEDIA_ID,
      s3_bucket_id: BUCKET_ID,
      tries: 1,
      last_err: null,
    })
    expect(uploadSummary(runner.state).text).toBe('Success')
    // Saved without waiting for the save interval: the clock has not moved.
    await until(() => store.savedUploads.at(-1)?.items[0]?.status === 'done', 'the finished file to be saved')
    expect(Date.now()).toBe(T0)
  })

  it('sends every part of a multipart file once and completes it with the combined hash', async () => {
    const bytes = content(33 * MiB, 2)
    const expected = digestsOf(bytes)
    expect(expected.parts.map((part) => part.part_size)).toEqual([16 * MiB, 16 * MiB, 1 * MiB])
    const { runner, api, workers, journal } = start()
    await runner.restore()
    runner.apply({ type: 'add', files: [picked(fileOf(bytes, 'take.mov'))] })
    await until(isDone(runner, 'take.mov'), 'the upload to finish')

    // One hashing task per part, then the hash of their digests in order.
    const hashed = workers.hashes.flatMap((call) => call.parts).sort((a, b) => a.offset - b.offset)
    expect(workers.hashes.every((call) => call.parts.length === 1)).toBe(true)
    expect(hashed).toEqual(expected.parts.map((part) => ({ offset: part.offset, size: part.part_size })))
    expect(workers.combined).toEqual([expected.parts.map((part) => part.part_hash)])

    expect(api.to('POST', MEDIA).map((call) => call.body)).toEqual([
      {
        media_path: '/Clips/take.mov',
        file_size: bytes.length,
        file_hash: expected.hash,
        ctime: MTIME,
        mtime: MTIME,
      },
    ])
    expect(api.to('POST', PLAN).map((call) => call.body)).toEqual([
      { file_hash: expected.hash, file_size: bytes.length, part_list: expected.partList },
    ])
    const sends = workers.puts
      .map((call) => ({
        offset: call.offset,
        size: call.size,
        url: call.signed.url,
        timeout: call.timeoutMs,
      }))
      .sort((a, b) => a.offset - b.offset)
    expect(sends).toEqual(
      expected.parts.map((part) => ({
        offset: part.offset,
        size: part.part_size,
        url: `${STORE_URL}/${expected.hash}?partNumber=${part.part_num}`,
        timeout: transferTimeoutMs(part.part_size),
      })),
    )
    expect(api.to('POST', COMPLETE).map((call) => call.body)).toEqual([
      {
        file_hash: expected.hash,
        file_size: bytes.length,
        s3_bucket_id: BUCKET_ID,
        part_list: expected.partList,
        upload_id: `upload-${expected.hash.slice(0, 8)}`,
      },
    ])
    expect(api.to('POST', OFFER)).toEqual([])
    expect(api.to('POST', CONFIRM)).toEqual([])
    // Every part goes after the plan, and the completion after every part.
    const sent = journal.flatMap((entry, index) => (entry.startsWith('put ') ? [index] : []))
    expect(Math.min(...sent)).toBeGreaterThan(journal.indexOf(`POST ${PLAN}`))
    expect(Math.max(...sent)).toBeLessThan(journal.indexOf(`POST ${COMPLETE}`))
    const item = itemNamed(runner, 'take.mov')
    expect(item).toMatchObject({ status: 'done', hash: expected.hash, skip: false, multipart: true })
    expect(item.parts.map((part) => part.done)).toEqual([true, true, true])
  })

  describe('concurrency (000 section 9)', () => {
    /**
     * Holds every send, so the requests in flight can be counted; the answer lets the held sends go, and
     * the ones after them, until every item of the runner is done.
     */
    function holdSends(workers: FakeWorkers) {
      const held: Array<Deferred<TransferResult>> = []
      workers.onPut = () => {
        const answer = deferred<TransferResult>()
        held.push(answer)
        return answer.promise
      }
      return async (runner: { state: { items: ReadonlyArray<{ status: string }> } }) => {
        while (runner.state.items.some((item) => item.status !== 'done')) {
          for (const answer of held.splice(0)) answer.resolve({ ok: true })
          await settle(5)
        }
      }
    }

    it('sends 10 parts of one file at once over two hosts, with only one hashing worker', async () => {
      const { runner, workers } = start({ api: uploadServer([], { hosts: 2 }), workers: new FakeWorkers(1) })
      const releaseAll = holdSends(workers)
      const file = fileOf(content(12 * 16 * MiB, 30), 'large.bin')
      await runner.restore()
      runner.apply({ type: 'add', files: [picked(file)] })
      await until(() => workers.putsInFlight === UPLOAD_PARALLEL_PARTS, '10 parts in flight', 10_000)
      await settle()
      // No more than the spec's 10 parts of a file, although the cap would allow more.
      expect(workers.putsInFlight).toBe(UPLOAD_PARALLEL_PARTS)
      await releaseAll(runner)
      expect(workers.peakPutsPerFile.get(file)).toBe(UPLOAD_PARALLEL_PARTS)
      expect(workers.puts).toHaveLength(12)
    }, 20_000)

    it('never has more requests in flight than the caps over several multipart files spread over 4 hosts', async () => {
      const { runner, workers } = start({ api: uploadServer([], { hosts: 4 }) })
      const releaseAll = holdSends(workers)
      // Three files of 10 parts ask for 30 requests, more than the cap over all hosts.
      const files = [1, 2, 3].map((seed) => fileOf(content(10 * 16 * MiB, 40 + seed), `big-${seed}.bin`))
      await runner.restore()
      runner.apply({ type: 'add', files: files.map((file) => picked(file)) })
      await until(() => workers.putsInFlight === UPLOAD_MAX_REQUESTS_IN_FLIGHT, 'the cap in flight', 10_000)
      await settle()
      expect(workers.putsInFlight).toBe(UPLOAD_MAX_REQUESTS_IN_FLIGHT)
      await releaseAll(runner)
      expect(workers.peakPutsInFlight).toBe(UPLOAD_MAX_REQUESTS_IN_FLIGHT)
      expect([...workers.peakPutsPerHost.values()]).toEqual(Array(4).fill(REQUESTS_PER_HOST))
      expect(Math.max(...workers.peakPutsPerFile.values())).toBe(UPLOAD_PARALLEL_PARTS)
      expect(workers.puts).toHaveLength(30)
    }, 20_000)

    it("keeps a file's parts to one host's 6 connections when the store has one host, and to its 10 with two", async () => {
      for (const hosts of [1, 2]) {
        const { runner, workers } = start({ api: uploadServer([], { hosts }) })
        const releaseAll = holdSends(workers)
        await runner.restore()
        runner.apply({ type: 'add', files: [picked(fileOf(content(12 * 16 * MiB, 45 + hosts), 'one.bin'))] })
        const expected = hosts === 1 ? REQUESTS_PER_HOST : UPLOAD_PARALLEL_PARTS
        await until(() => workers.putsInFlight === expected, `${expected} parts in flight`, 10_000)
        await settle()
        expect(workers.putsInFlight).toBe(expected)
        await releaseAll(runner)
        expect(workers.peakPutsInFlight).toBe(expected)
        expect(workers.puts).toHaveLength(12)
      }
    }, 30_000)

    it('sends 10 single-part files at once out of 12 over two hosts, and 6 over one', async () => {
      for (const hosts of [2, 1]) {
        const { runner, workers } = start({ api: uploadServer([], { hosts }), workers: new FakeWorkers(1) })
        const releaseAll = holdSends(workers)
        const files = Array.from({ length: 12 }, (_, index) =>
          fileOf(content(1000, 50 + index + hosts * 20), `f${index}.txt`),
        )
        await runner.restore()
        runner.apply({ type: 'add', files: files.map((file) => picked(file)) })
        const expected = hosts === 1 ? REQUESTS_PER_HOST : UPLOAD_PARALLEL_FILES
        await until(() => workers.filesSending === expected, `${expected} files in flight`)
        await settle()
        expect(workers.putsInFlight).toBe(expected)
        await releaseAll(runner)
        expect(workers.peakPutsInFlight).toBe(expected)
        expect(workers.puts).toHaveLength(12)
      }
    })

    it("hashes a multipart file's parts in parallel across the pool, each part whole on one worker", async () => {
      const { runner, workers } = start({ workers: new FakeWorkers(4) })
      const bytes = content(6 * 16 * MiB, 60)
      await runner.restore()
      runner.apply({ type: 'add', files: [picked(fileOf(bytes, 'parts.bin'))] })
      await until(isDone(runner, 'parts.bin'), 'the file to finish', 10_000)
      expect(workers.peakHashesInFlight).toBe(4)
      expect(workers.hashes.every((call) => call.parts.length === 1)).toBe(true)
      expect(new Set(workers.hashes.map((call) => call.worker)).size).toBe(4)
      expect(itemNamed(runner, 'parts.bin').hash).toBe(digestsOf(bytes).hash)
    }, 20_000)
  })

  it('counts files the store already holds as done, without sending a byte', async () => {
    const api = uploadServer()
    api.answer('POST', OFFER, ({ body }) => ({
      upload_list: (body as UploadRequest).file_list.map((file) => ({
        ...file,
        s3_bucket_id: BUCKET_ID,
        skip_upload: true,
        signed_opts: null,
      })),
    }))
    api.answer('POST', PLAN, () => ({
      upload_id: 'upload-held',
      s3_bucket_id: BUCKET_ID,
      skip_upload: true,
      upload_list: [],
    }))
    const { runner, workers } = start({ api })
    await runner.restore()
    runner.apply({
      type: 'add',
      files: [
        picked(fileOf(content(1000, 3), 'small.txt')),
        picked(fileOf(content(9 * MiB, 4), 'large.bin')),
      ],
    })
    await until(() => runner.state.items.every((item) => item.status === 'done'), 'both files to be done')

    expect(workers.puts).toEqual([])
    expect(api.to('POST', CONFIRM)).toEqual([])
    expect(api.to('POST', COMPLETE)).toEqual([])
    for (const name of ['small.txt', 'large.bin']) {
      expect(itemNamed(runner, name)).toMatchObject({
        status: 'done',
        skip: true,
        is_done: true,
        progress: 100,
      })
    }
    expect(uploadSummary(runner.state)).toMatchObject({ text: 'Success', succeeded: 2 })
  })

  it('takes a 409 on registering as fatal and never tries the file again', async () => {
    const api = uploadServer()
    api.answer('POST', MEDIA, () => {
      throw new ApiError(409, { error: 'different_file' })
    })
    const { runner, workers } = start({ api })
    await runner.restore()
    runner.apply({ type: 'add', files: [picked(fileOf(content(1000, 5), 'taken.txt'))] })
    await until(() => itemNamed(runner, 'taken.txt').status === 'error', 'the file to fail')

    expect(UPLOAD_CONFLICT_MESSAGE).toBe('Different file already exists in the volume.')
    expect(itemNamed(runner, 'taken.txt')).toMatchObject({
      fatal_err: UPLOAD_CONFLICT_MESSAGE,
      last_err: UPLOAD_CONFLICT_MESSAGE,
      next_try_at: null,
      tries: 1,
    })
    // Neither the file's own retries, nor Retry, nor Automated Retry try it again.
    runner.apply({ type: 'retry' })
    runner.apply({ type: 'set_auto_retry', on: true })
    await advance(2 * UPLOAD_FILE_TRIES * UPLOAD_FILE_RETRY_INTERVAL_MS)
    expect(api.to('POST', MEDIA)).toHaveLength(1)
    expect(workers.hashes).toHaveLength(1)
    expect(api.to('POST', OFFER)).toEqual([])
    expect(workers.puts).toEqual([])
    expect(itemNamed(runner, 'taken.txt').status).toBe('error')
    expect(uploadSummary(runner.state)).toMatchObject({ text: 'Done - 1 Failed', show_retry: false })
  })

  it('tries registering again 10 s after any other failure', async () => {
    const api = uploadServer()
    let refusals = 1
    api.answer('POST', MEDIA, () => {
      if (refusals-- > 0) throw new ApiError(503)
      return { media_id: 555 }
    })
    const { runner } = start({ api })
    await runner.restore()
    runner.apply({ type: 'add', files: [picked(fileOf(content(1000, 6), 'later.txt'))] })
    await until(() => itemNamed(runner, 'later.txt').status === 'waiting_retry', 'the first try to fail')
    expect(itemNamed(runner, 'later.txt')).toMatchObject({
      last_err: '503',
      fatal_err: null,
      tries: 1,
      next_try_at: T0 + UPLOAD_FILE_RETRY_INTERVAL_MS,
    })

    await advance(UPLOAD_FILE_RETRY_INTERVAL_MS - 1)
    expect(api.to('POST', MEDIA)).toHaveLength(1)
    await advance(1)
    await until(isDone(runner, 'later.txt'), 'the second try to finish')
    expect(api.to('POST', MEDIA).map((call) => call.at)).toEqual([T0, T0 + UPLOAD_FILE_RETRY_INTERVAL_MS])
    expect(itemNamed(runner, 'later.txt')).toMatchObject({ tries: 2, media_id: 555 })
  })

  it('sends a failed part again after 1 s, and the file succeeds in the same try', async () => {
    const bytes = content(9 * MiB, 7)
    const { runner, api, workers } = start()
    let failures = 1
    workers.onPut = (call) =>
      call.offset === 8 * MiB && failures-- > 0
        ? { ok: false, kind: 'bad_status', status: 503 }
        : { ok: true }
    await runner.restore()
    runner.apply({ type: 'add', files: [picked(fileOf(bytes, 'parts.bin'))] })
    await until(() => {
      const [first, second] = itemNamed(runner, 'parts.bin').parts
      return first?.done === true && second?.next_try_at !== null
    }, 'the second part to fail')
    const item = itemNamed(runner, 'parts.bin')
    expect(item).toMatchObject({ status: 'uploading', last_err: 'bad_status', tries: 1 })
    expect(item.parts[1]).toMatchObject({
      done: false,
      sending: false,
      tries: 1,
      next_try_at: T0 + UPLOAD_PART_RETRY_INTERVAL_MS,
    })

    await advance(UPLOAD_PART_RETRY_INTERVAL_MS - 1)
    expect(workers.putsAt(8 * MiB)).toHaveLength(1)
    await advance(1)
    await until(isDone(runner, 'parts.bin'), 'the upload to finish')
    expect(workers.putsAt(8 * MiB).map((call) => call.at)).toEqual([T0, T0 + UPLOAD_PART_RETRY_INTERVAL_MS])
    expect(workers.putsAt(0)).toHaveLength(1)
    expect(itemNamed(runner, 'parts.bin').tries).toBe(1)
    expect(api.to('POST', PLAN)).toHaveLength(1)
    expect(api.to('POST', COMPLETE)).toHaveLength(1)
  })

  it('asks again 1 s after a 412 on confirming, without sending again', async () => {
    const api = uploadServer()
    let notYet = 1
    api.answer('POST', CONFIRM, () => {
      if (notYet-- > 0) throw new ApiError(412, { error: 'not_finished' })
      return undefined
    })
    const { runner, workers } = start({ api })
    await runner.restore()
    runner.apply({ type: 'add', files: [picked(fileOf(content(5000, 8), 'slow.txt'))] })
    await until(() => itemNamed(runner, 'slow.txt').complete_after !== null, 'the 412')
    expect(itemNamed(runner, 'slow.txt')).toMatchObject({
      status: 'uploading',
      complete_tries: 1,
      complete_after: T0 + UPLOAD_PART_RETRY_INTERVAL_MS,
    })

    await advance(UPLOAD_PART_RETRY_INTERVAL_MS - 1)
    expect(api.to('POST', CONFIRM)).toHaveLength(1)
    await advance(1)
    await until(isDone(runner, 'slow.txt'), 'the upload to finish')
    expect(api.to('POST', CONFIRM).map((call) => call.at)).toEqual([T0, T0 + UPLOAD_PART_RETRY_INTERVAL_MS])
    expect(workers.puts).toHaveLength(1)
    expect(itemNamed(runner, 'slow.txt').tries).toBe(1)
  })

  it('after five 412 answers to completing, the file retries later without sending its parts again', async () => {
    const api = uploadServer()
    let answers = 0
    api.answer('POST', COMPLETE, () => {
      if (++answers <= UPLOAD_PART_TRIES) throw new ApiError(412, { error: 'parts_missing' })
      return undefined
    })
    const { runner, workers } = start({ api })
    await runner.restore()
    runner.apply({ type: 'add', files: [picked(fileOf(content(9 * MiB, 9), 'late.bin'))] })
    for (let answer = 1; answer < UPLOAD_PART_TRIES; answer++) {
      await until(() => itemNamed(runner, 'late.bin').complete_tries === answer, `412 number ${answer}`)
      await advance(UPLOAD_PART_RETRY_INTERVAL_MS)
    }
    await until(() => itemNamed(runner, 'late.bin').status === 'waiting_retry', 'the file to give up')
    const gaveUpAt = T0 + (UPLOAD_PART_TRIES - 1) * UPLOAD_PART_RETRY_INTERVAL_MS
    expect(api.to('POST', COMPLETE).map((call) => call.at)).toEqual(
      Array.from({ length: UPLOAD_PART_TRIES }, (_, n) => T0 + n * UPLOAD_PART_RETRY_INTERVAL_MS),
    )
    expect(itemNamed(runner, 'late.bin')).toMatchObject({
      last_err: 'not_finished',
      next_try_at: gaveUpAt + UPLOAD_FILE_RETRY_INTERVAL_MS,
    })

    await advance(UPLOAD_FILE_RETRY_INTERVAL_MS)
    await until(isDone(runner, 'late.bin'), 'the retry to finish')
    expect(workers.puts).toHaveLength(2)
    expect(api.to('POST', PLAN)).toHaveLength(2)
    expect(api.to('POST', COMPLETE)).toHaveLength(UPLOAD_PART_TRIES + 1)
    expect(itemNamed(runner, 'late.bin').tries).toBe(2)
  })

  it('a failed single PUT fails the file, which starts again after 10 s without registering again', async () => {
    const { runner, api, workers } = start()
    let failures = 1
    workers.onPut = () => (failures-- > 0 ? { ok: false, kind: 'timeout' } : { ok: true })
    await runner.restore()
    runner.apply({ type: 'add', files: [picked(fileOf(content(2000, 10), 'once.txt'))] })
    await until(() => itemNamed(runner, 'once.txt').status === 'waiting_retry', 'the PUT to fail')
    expect(itemNamed(runner, 'once.txt')).toMatchObject({
      last_err: 'timeout',
      tries: 1,
      media_id: FIRST_MEDIA_ID,
      next_try_at: T0 + UPLOAD_FILE_RETRY_INTERVAL_MS,
    })

    await advance(UPLOAD_FILE_RETRY_INTERVAL_MS - 1)
    expect(workers.puts).toHaveLength(1)
    expect(workers.hashes).toHaveLength(1)
    await advance(1)
    await until(isDone(runner, 'once.txt'), 'the second try to finish')
    expect(workers.puts.map((call) => call.at)).toEqual([T0, T0 + UPLOAD_FILE_RETRY_INTERVAL_MS])
    expect(api.to('POST', MEDIA)).toHaveLength(1)
    expect(api.to('POST', OFFER)).toHaveLength(2)
    expect(itemNamed(runner, 'once.txt').tries).toBe(2)
  })

  it('asks for a new part plan before sending again once the signed URLs are old', async () => {
    const api = uploadServer()
    let plans = 0
    api.answer('POST', PLAN, ({ body }) => {
      const request = body as { file_hash: string; part_list: Array<{ part_num: number }> }
      plans++
      return {
        upload_id: 'upload-stale',
        s3_bucket_id: BUCKET_ID,
        skip_upload: false,
        upload_list: request.part_list.map((part) => ({
          part_num: part.part_num,
          skip_upload: false,
          signed_opts: signedPut(
            `${STORE_URL}/${request.file_hash}?partNumber=${part.part_num}&plan=${plans}`,
          ),
        })),
      }
    })
    const { runner, workers } = start({ api })
    const slow = deferred<TransferResult>()
    let held = true
    workers.onPut = (call) => {
      if (call.offset !== 8 * MiB || !held) return { ok: true }
      held = false
      return slow.promise
    }
    await runner.restore()
    runner.apply({ type: 'add', files: [picked(fileOf(content(9 * MiB, 21), 'stale.bin'))] })
    await until(() => workers.putsAt(8 * MiB).length === 1, 'the second part to be sending')
    // The second part takes longer than a plan lives, then fails.
    await advance(PART_PLAN_MAX_AGE_MS + 1)
    slow.resolve({ ok: false, kind: 'timeout' })
    const failedAt = Date.now()
    await until(() => itemNamed(runner, 'stale.bin').parts[1]?.next_try_at !== null, 'the part to fail')
    await advance(UPLOAD_PART_RETRY_INTERVAL_MS)
    await until(isDone(runner, 'stale.bin'), 'the upload to finish')
    // A new plan as soon as no part is in flight; the part is sent on its own time, to the new URL.
    expect(api.to('POST', PLAN).map((call) => call.at)).toEqual([T0, failedAt])
    const resent = workers.putsAt(8 * MiB)
    expect(resent.map((call) => call.at)).toEqual([T0, failedAt + UPLOAD_PART_RETRY_INTERVAL_MS])
    expect(resent.map((call) => call.signed.url.endsWith('&plan=2'))).toEqual([false, true])
    expect(workers.putsAt(0)).toHaveLength(1)
    expect(api.to('POST', COMPLETE)).toHaveLength(1)
  })

  describe('a file that fails every try', () => {
    async function failedFiveTimes() {
      const harness = start()
      let storeDown = true
      harness.workers.onPut = () => (storeDown ? { ok: false, kind: 'xhr_error' } : { ok: true })
      await harness.runner.restore()
      harness.runner.apply({ type: 'add', files: [picked(fileOf(content(3000, 11), 'flaky.txt'))] })
      const flaky = () => itemNamed(harness.runner, 'flaky.txt')
      for (let attempt = 1; attempt < UPLOAD_FILE_TRIES; attempt++) {
        await until(() => flaky().status === 'waiting_retry' && flaky().tries === attempt, `try ${attempt}`)
        await advance(UPLOAD_FILE_RETRY_INTERVAL_MS)
      }
      await until(() => flaky().status === 'error', 'the file to be Failed')
      expect(flaky()).toMatchObject({ tries: UPLOAD_FILE_TRIES, fatal_err: null, last_err: 'xhr_error' })
      expect(harness.workers.puts).toHaveLength(UPLOAD_FILE_TRIES)
      expect(uploadSummary(harness.runner.state)).toMatchObject({ text: 'Done - 1 Failed', show_retry: true })
      return { ...harness, flaky, storeUp: () => (storeDown = false) }
    }

    it('is Failed after 5 tries and stays so until Retry starts it over', async () => {
      const { runner, workers, flaky, storeUp } = await failedFiveTimes()
      await advance(10 * UPLOAD_FILE_RETRY_INTERVAL_MS)
      expect(workers.puts).toHaveLength(UPLOAD_FILE_TRIES)
      storeUp()
      runner.apply({ type: 'retry' })
      await until(() => flaky().status === 'done', 'the retried file to finish')
      expect(workers.puts).toHaveLength(UPLOAD_FILE_TRIES + 1)
      expect(flaky().tries).toBe(1)
    })

    it('is started again by Automated Retry once its retry time comes', async () => {
      const { runner, workers, flaky, storeUp } = await failedFiveTimes()
      const due = flaky().next_try_at ?? 0
      storeUp()
      runner.apply({ type: 'set_auto_retry', on: true })
      await advance(due - Date.now() - 1)
      expect(workers.puts).toHaveLength(UPLOAD_FILE_TRIES)
      await advance(1)
      await until(() => flaky().status === 'done', 'the file to finish')
      expect(workers.puts.at(-1)?.at).toBe(due)
    })
  })

  it("'remove' cancels the item's work in the pool, forgets it, and leaves the other items running", async () => {
    const { runner, api, workers, store } = start()
    const held = new Map<Blob, Deferred<TransferResult>>()
    workers.onPut = (call) => {
      const answer = deferred<TransferResult>()
      held.set(call.file, answer)
      return answer.promise
    }
    const a = fileOf(content(1000, 12), 'a.txt')
    const bBytes = content(2000, 13)
    const b = fileOf(bBytes, 'b.txt')
    await runner.restore()
    runner.apply({ type: 'add', files: [picked(a), picked(b)] })
    await until(() => workers.puts.length === 2, 'both PUTs to start')
    const putOf = (file: File) => workers.puts.find((call) => call.file === file)

    runner.apply({ type: 'remove', id: itemNamed(runner, 'a.txt').id })
    // The request is aborted in its send worker, which goes on carrying the other item's.
    await until(() => putOf(a)?.aborted === true, "the removed item's send to be aborted")
    expect(putOf(b)?.aborted).toBe(false)
    expect(workers.workers.every((worker) => !worker.terminated)).toBe(true)
    expect(runner.state.items.map((item) => item.name)).toEqual(['b.txt'])
    await until(() => store.savedUploads.at(-1)?.items.length === 1, 'the removal to be saved')
    expect(store.savedUploads.at(-1)?.items.map((item) => item.name)).toEqual(['b.txt'])

    // A late answer for the removed item changes nothing.
    held.get(a)?.resolve({ ok: true })
    held.get(b)?.resolve({ ok: true })
    await until(isDone(runner, 'b.txt'), 'the other file to finish')
    expect(runner.state.items.map((item) => item.name)).toEqual(['b.txt'])
    expect(api.to('POST', CONFIRM).map((call) => (call.body as { file_hash: string }).file_hash)).toEqual([
      sha256(bBytes),
    ])
  })

  it("'clear_finished' forgets the done and Failed items and leaves the running one", async () => {
    const api = uploadServer()
    let mediaId = 300
    api.answer('POST', MEDIA, ({ body }) => {
      if ((body as { media_path: string }).media_path === '/Clips/conflict.txt') throw new ApiError(409)
      return { media_id: mediaId++ }
    })
    const { runner, workers } = start({ api })
    const busy = fileOf(content(1000, 14), 'busy.txt')
    const release = deferred<TransferResult>()
    workers.onPut = (call) => (call.file === busy ? release.promise : { ok: true })
    await runner.restore()
    runner.apply({
      type: 'add',
      files: [
        picked(fileOf(content(1000, 15), 'done.txt')),
        picked(fileOf(content(1000, 16), 'conflict.txt')),
        picked(busy),
      ],
    })
    await until(
      () =>
        itemNamed(runner, 'done.txt').status === 'done' &&
        itemNamed(runner, 'conflict.txt').status === 'error' &&
        workers.puts.some((call) => call.file === busy),
      'two files to finish and one to be sending',
    )

    runner.apply({ type: 'clear_finished' })
    expect(runner.state.items.map((item) => item.name)).toEqual(['busy.txt'])
    release.resolve({ ok: true })
    await until(isDone(runner, 'busy.txt'), 'the running file to finish')
    expect(workers.workers.every((worker) => !worker.terminated)).toBe(true)
  })

  describe('after a reload', () => {
    it('resumes a saved queue and never sends a stored part again', async () => {
      const bytes = content(33 * MiB, 17)
      const data = new Blob([bytes])
      const expected = digestsOf(bytes)
      const api = uploadServer()
      const first = await interruptedUpload(fileOf([data], 'reel.mov'), { store: await openStore(), api })
      expect(first.workers.putsAt(0)).toHaveLength(1)

      const second = start({ store: await openStore(), api })
      await second.runner.restore()
      const restored = itemNamed(second.runner, 'reel.mov')
      expect(restored).toMatchObject({
        status: 'idle',
        needs_file: true,
        hash: expected.hash,
        media_id: FIRST_MEDIA_ID,
      })
      expect(restored.parts.map((part) => part.done)).toEqual([true, false, false])
      expect(restored.parts.map((part) => part.part_hash)).toEqual(
        expected.parts.map((part) => part.part_hash),
      )
      expect(restored.parts.some((part) => part.sending)).toBe(false)

      second.runner.apply({
        type: 'file_chosen',
        id: restored.id,
        file: fileOf([data], 'reel.mov'),
        handle: null,
      })
      await until(isDone(second.runner, 'reel.mov'), 'the resumed upload to finish')
      // The server offered every part again; only the two the closed tab had not stored were sent.
      expect(second.workers.puts.map((call) => call.offset).sort((a, b) => a - b)).toEqual([
        16 * MiB,
        32 * MiB,
      ])
      expect(
        [...first.workers.puts, ...second.workers.puts].filter((call) => call.offset === 0),
      ).toHaveLength(1)
      // The part digests and the registration were kept: only the next part was hashed, to check the file.
      expect(second.workers.hashes.map((call) => call.parts)).toEqual([
        [{ offset: 16 * MiB, size: 16 * MiB }],
      ])
      expect(second.workers.combined).toEqual([expected.parts.map((part) => part.part_hash)])
      expect(api.to('POST', MEDIA)).toHaveLength(1)
      expect(api.to('POST', PLAN)).toHaveLength(2)
      expect(api.to('POST', COMPLETE).map((call) => call.body)).toEqual([
        {
          file_hash: expected.hash,
          file_size: bytes.length,
          s3_bucket_id: BUCKET_ID,
          part_list: expected.partList,
          upload_id: `upload-${expected.hash.slice(0, 8)}`,
        },
      ])
    })

    it('an item restored without its file waits for it and refuses a different file', async () => {
      const bytes = content(9 * MiB, 18)
      const data = new Blob([bytes])
      const api = uploadServer()
      await interruptedUpload(fileOf([data], 'reel.mov'), { store: await openStore(), api })
      const callsBefore = api.calls.length

      const second = start({ store: await openStore(), api })
      await second.runner.restore()
      const { id } = itemNamed(second.runner, 'reel.mov')
      // Nothing moves while the file is missing.
      await advance(10 * UPLOAD_FILE_RETRY_INTERVAL_MS)
      expect(itemNamed(second.runner, 'reel.mov')).toMatchObject({ status: 'idle', needs_file: true })
      expect(api.calls).toHaveLength(callsBefore)
      expect(second.workers.hashes).toEqual([])

      async function refused(file: File) {
        const checked = second.workers.hashesDone
        second.runner.apply({ type: 'file_chosen', id, file, handle: null })
        if (file.size === bytes.length) {
          await until(() => second.workers.hashesDone > checked, `${file.name} to be checked`)
        }
        await settle()
        expect(itemNamed(second.runner, 'reel.mov').needs_file).toBe(true)
      }
      await refused(fileOf([data], 'other.mov'))
      await refused(fileOf([data], 'reel.mov', MTIME + 1000))
      await refused(fileOf([data.slice(0, bytes.length - 1)], 'reel.mov'))
      // Same name, size and time, but not the bytes of the part to send next.
      await refused(fileOf([data.slice(0, 8 * MiB), new Uint8Array(1 * MiB)], 'reel.mov'))
      const nextPart = { offset: 8 * MiB, size: 1 * MiB }
      expect(second.workers.hashes.map((call) => call.parts)).toEqual([[nextPart], [nextPart], [nextPart]])
      expect(api.calls).toHaveLength(callsBefore)
      expect(second.workers.puts).toEqual([])

      const same = fileOf([data], 'reel.mov')
      second.runner.apply({ type: 'file_chosen', id, file: same, handle: null })
      await until(isDone(second.runner, 'reel.mov'), 'the upload to finish')
      expect(second.workers.puts.map((call) => call.offset)).toEqual([8 * MiB])
      expect(second.workers.puts[0]?.file).toBe(same)
    })

    it('of two files chosen at once for an item, only the one found the same is read', async () => {
      const bytes = content(9 * MiB, 19)
      const data = new Blob([bytes])
      const api = uploadServer()
      await interruptedUpload(fileOf([data], 'reel.mov'), { store: await openStore(), api })
      // One worker, so the two checks run one after the other, the same file's first.
      const second = start({ store: await openStore(), api, workers: new FakeWorkers(1) })
      await second.runner.restore()
      const { id } = itemNamed(second.runner, 'reel.mov')
      const same = fileOf([data], 'reel.mov')
      const other = fileOf([data.slice(0, 8 * MiB), new Uint8Array(1 * MiB)], 'reel.mov')
      second.runner.apply({ type: 'file_chosen', id, file: same, handle: null })
      second.runner.apply({ type: 'file_chosen', id, file: other, handle: null })
      await until(isDone(second.runner, 'reel.mov'), 'the upload to finish')
      // Both were checked, and the other refused: its next part is not the one the item holds.
      expect(second.workers.hashes).toHaveLength(2)
      expect(second.workers.hashes[0]?.file === same && second.workers.hashes[1]?.file === other).toBe(true)
      expect(second.workers.puts).toHaveLength(1)
      const readFrom = second.workers.puts[0]?.file
      expect(readFrom === same, 'the part is read from the file found the same').toBe(true)
    })

    it('an item whose kept handle lost its permission waits, and resumes once the user allows access', async () => {
      const bytes = content(9 * MiB, 21)
      const file = fileOf(bytes, 'asked.mov')
      const { handle, getFile } = uploadHandle(file)
      const memory = new MemoryQueueStore()
      const api = uploadServer()
      await interruptedUpload(file, { store: memory, api, handle })

      // The browser wants the user's permission again: the file is not read, the item waits.
      let permission: PermissionState = 'prompt'
      Object.assign(handle, { queryPermission: () => Promise.resolve(permission) })
      getFile.mockClear()
      const asked = start({ store: memory, api })
      await asked.runner.restore()
      expect(itemNamed(asked.runner, 'asked.mov').needs_file).toBe(true)
      expect(getFile).not.toHaveBeenCalled()

      // Told while the browser still asks, it keeps waiting; once access is given, it resumes.
      asked.runner.apply({ type: 'access_granted' })
      await settle()
      expect(itemNamed(asked.runner, 'asked.mov').needs_file).toBe(true)
      permission = 'granted'
      asked.runner.apply({ type: 'access_granted' })
      await until(isDone(asked.runner, 'asked.mov'), 'the upload after access was given')
      expect(asked.workers.puts.map((call) => call.offset)).toEqual([8 * MiB])
    })

    it('an item whose kept handle now gives a changed file waits for the file to be chosen again', async () => {
      const bytes = content(9 * MiB, 22)
      const file = fileOf(bytes, 'changed.mov')
      const { handle, getFile } = uploadHandle(file)
      const memory = new MemoryQueueStore()
      const api = uploadServer()
      await interruptedUpload(file, { store: memory, api, handle })

      getFile.mockResolvedValue(new File([bytes], 'changed.mov', { lastModified: file.lastModified + 1 }))
      const changed = start({ store: memory, api })
      await changed.runner.restore()
      expect(itemNamed(changed.runner, 'changed.mov').needs_file).toBe(true)
      changed.runner.apply({ type: 'access_granted' })
      await advance(60_000)
      expect(itemNamed(changed.runner, 'changed.mov').needs_file).toBe(true)
      expect(changed.workers.puts).toEqual([])
    })

    it('an item whose file handle was kept resumes by itself, reading the file through it', async () => {
      const bytes = content(9 * MiB, 20)
      const file = fileOf(bytes, 'kept.mov')
      const { handle, getFile } = uploadHandle(file)
      const memory = new MemoryQueueStore()
      const api = uploadServer()
      await interruptedUpload(file, { store: memory, api, handle })

      const second = start({ store: memory, api })
      await second.runner.restore()
      expect(itemNamed(second.runner, 'kept.mov').needs_file).toBe(false)
      await until(isDone(second.runner, 'kept.mov'), 'the resumed upload to finish')
      expect(getFile).toHaveBeenCalled()
      expect(second.workers.puts.map((call) => call.offset)).toEqual([8 * MiB])
      expect(second.workers.puts[0]?.file).toBe(file)
      expect(second.workers.hashes).toEqual([])
      expect(api.to('POST', MEDIA)).toHaveLength(1)
    })
  })
})
