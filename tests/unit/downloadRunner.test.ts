import { createHash } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../src/api/transport.ts'
import {
  downloadSummary,
  type DownloadItem,
  type NewDownloadFile,
} from '../../src/transfers/downloadModel.ts'
import { DownloadRunner, type UrlFailure } from '../../src/transfers/downloadRunner.ts'
import {
  DOWNLOAD_FAILED_MESSAGE,
  DOWNLOAD_FILE_TRIES,
  DOWNLOAD_PARALLEL_FILES,
  DOWNLOAD_RANGE_TRIES,
  DOWNLOAD_RANGES_PER_FILE,
  REQUESTS_PER_HOST,
  DOWNLOAD_RETRY_INTERVAL_MS,
  DOWNLOAD_URL_MAX_AGE_MS,
  NOT_UPLOADED_MESSAGE,
  transferTimeoutMs,
} from '../../src/transfers/limits.ts'
import { SAVE_INTERVAL_MS } from '../../src/transfers/queueEngine.ts'
import type { QueueStore } from '../../src/transfers/queueStore.ts'
import type { DownloadResult } from '../../workers/transferCore.ts'
import type { StagingScope } from '../../workers/downloadFiles.ts'
import {
  FakeDirectoryHandle,
  FakeWorkers,
  GRANT_ID,
  MemoryQueueStore,
  ORG_ID,
  RecordingStore,
  T0,
  advance,
  deferred,
  settle,
  until,
  useFakeClock,
  type DownloadCall,
} from './transferFakes.ts'

const ORIGIN = 'https://console.example'

/** The signed address the server gives for a file: relative, as the local store's are. */
const addressOf = (mediaId: number) => `/storage/${mediaId}?signature=abc`
const urlOf = (mediaId: number) => `${ORIGIN}${addressOf(mediaId)}`

function content(size: number, seed: number): Uint8Array<ArrayBuffer> {
  return Uint8Array.from({ length: size }, (_, index) => (index * 7 + seed) & 255)
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

function fileOf(id: string, bytes: Uint8Array, mediaId: number, path = `Shoot/${id}.bin`): NewDownloadFile {
  return {
    id,
    org_id: ORG_ID,
    media_grant_id: GRANT_ID,
    media_id: mediaId,
    path,
    file_size: bytes.length,
    file_hash: sha256(bytes),
  }
}

/** As the download manager classifies: 404 is content never uploaded. */
function classifyUrlError(error: unknown): UrlFailure {
  return error instanceof ApiError && error.status === 404 ? 'not_found' : 'other'
}

const started: Array<{ runner: DownloadRunner; workers: FakeWorkers }> = []

/** The tab goes while a file is being put in its folder: placing never ends. */
function placingNeverEnds(workers: FakeWorkers): void {
  const run = workers.pool.run.bind(workers.pool)
  vi.spyOn(workers.pool, 'run').mockImplementation((id, task) =>
    run(id, (api) => {
      const never = () => new Promise<never>(() => undefined)
      const get = (target: typeof api, name: string | symbol) =>
        name === 'placeDownload' ? never : Reflect.get(target, name)
      return task(new Proxy(api, { get }))
    }),
  )
}

/** The workers of a reloaded page: new ones, over the same private file system. */
function sharingStaging(before: FakeWorkers): FakeWorkers {
  const workers = new FakeWorkers()
  workers.staging = before.staging
  return workers
}

/** A runner over fakes: the server gives addresses unless `missing` holds the media id or `answer` says. */
function start(
  options: {
    store?: QueueStore
    root?: FakeDirectoryHandle
    workers?: FakeWorkers
    rangeBytes?: number
    classify?: (error: unknown) => UrlFailure
    stagingScope?: StagingScope
  } = {},
) {
  const store = new RecordingStore(options.store ?? new MemoryQueueStore())
  const root = options.root ?? new FakeDirectoryHandle('Downloads')
  const workers = options.workers ?? new FakeWorkers()
  const server = {
    missing: new Set<number>(),
    urlCalls: [] as Array<{ id: string; at: number }>,
    answer: async (item: DownloadItem): Promise<string | string[]> => {
      if (server.missing.has(item.media_id)) throw new ApiError(404, { error: 'not_found' })
      return addressOf(item.media_id)
    },
  }
  const runner = new DownloadRunner({
    store,
    pool: workers.pool,
    getUrls: async (item) => {
      server.urlCalls.push({ id: item.id, at: Date.now() })
      const answer = await server.answer(item)
      return typeof answer === 'string' ? [answer] : answer
    },
    classifyUrlError: options.classify ?? classifyUrlError,
    onChange: () => undefined,
    ...(options.rangeBytes === undefined ? {} : { rangeBytes: options.rangeBytes }),
    ...(options.stagingScope === undefined ? {} : { stagingScope: options.stagingScope }),
  })
  started.push({ runner, workers })
  const item = (id: string): DownloadItem => {
    const found = runner.state.items.find((each) => each.id === id)
    if (!found) throw new Error(`no item ${id}`)
    return found
  }
  const add = (...files: NewDownloadFile[]) => runner.apply({ type: 'add', files, dir: root.handle })
  const serve = (mediaId: number, bytes: Uint8Array) => workers.served.set(urlOf(mediaId), bytes)
  return { runner, store, root, workers, server, item, add, serve }
}

/** Downloads that wait for release() before they are served. */
function holdDownloads(workers: FakeWorkers) {
  const held: Array<{ call: DownloadCall; release: () => void }> = []
  let inFlight = 0
  let most = 0
  workers.onDownload = async (call) => {
    inFlight++
    most = Math.max(most, inFlight)
    call.onStart?.(call.fromByte)
    const gate = deferred<undefined>()
    held.push({ call, release: () => gate.resolve(undefined) })
    await gate.promise
    inFlight--
    return workers.serve(call)
  }
  return { held, most: () => most }
}

beforeEach(() => {
  useFakeClock()
  vi.stubGlobal('location', { href: `${ORIGIN}/download` })
})

afterEach(() => {
  for (const { runner, workers } of started.splice(0)) {
    runner.stop()
    workers.pool.close()
  }
  vi.unstubAllGlobals()
})

describe('the download runner', () => {
  it('fetches a file from its address into a staging file, then puts it in its folder whole', async () => {
    const bytes = content(5000, 1)
    const { runner, root, workers, server, store, item, add, serve } = start()
    serve(11, bytes)
    await runner.restore()
    await add(fileOf('a', bytes, 11, 'Shoot/Day 1/a.bin'))
    await until(() => item('a').status === 'done', 'the download to finish')

    expect(server.urlCalls.map((call) => call.id)).toEqual(['a'])
    expect(workers.downloads).toHaveLength(1)
    // The address is made absolute against the page.
    expect(workers.downloads[0]).toMatchObject({
      url: urlOf(11),
      fromByte: 0,
      timeoutMs: transferTimeoutMs(5000),
    })
    expect(workers.downloads[0]?.key).toBe('a')
    expect(workers.placed).toEqual(['a'])
    expect(root.file('Shoot/Day 1/a.bin')?.bytes).toEqual(bytes)
    // Placed, the staging file is gone.
    expect(workers.staging.entries.size).toBe(0)
    expect(item('a')).toMatchObject({
      status: 'done',
      percent: 100,
      bytes_received: 5000,
      skip: false,
      tries: 1,
      error: null,
    })
    await advance(SAVE_INTERVAL_MS)
    expect(store.savedDownloads.at(-1)?.items.map((each) => each.status)).toEqual(['done'])
  })

  it('downloads four files at a time, and the next as soon as one finishes', async () => {
    const { runner, workers, server, item, add, serve } = start()
    const ids = ['f1', 'f2', 'f3', 'f4', 'f5', 'f6']
    const files = ids.map((id, index) => {
      const bytes = content(1000 + index, index)
      serve(20 + index, bytes)
      return fileOf(id, bytes, 20 + index)
    })
    const { held, most } = holdDownloads(workers)
    await runner.restore()
    await add(...files)
    await until(() => workers.downloads.length === DOWNLOAD_PARALLEL_FILES, 'four downloads to start')
    await settle()
    expect(workers.downloads).toHaveLength(DOWNLOAD_PARALLEL_FILES)
    expect(server.urlCalls.map((call) => call.id)).toEqual(['f1', 'f2', 'f3', 'f4'])
    expect(ids.map((id) => item(id).status)).toEqual([
      'downloading',
      'downloading',
      'downloading',
      'downloading',
      'waiting',
      'waiting',
    ])

    held[1]?.release()
    await until(() => workers.downloads.length === 5, 'the fifth download to start')
    await settle()
    expect(item('f2').status).toBe('done')
    expect(workers.downloads).toHaveLength(5)
    expect(workers.downloads[4]?.url).toBe(urlOf(24))

    for (const each of held) each.release()
    await until(() => workers.downloads.length === 6, 'the last download to start')
    held[5]?.release()
    await until(() => ids.every((id) => item(id).status === 'done'), 'every download to finish')
    expect(most()).toBe(DOWNLOAD_PARALLEL_FILES)
    expect(downloadSummary(runner.state)).toMatchObject({ text: 'Success', succeeded: 6 })
  })

  it('takes an address not found as fatal: Not Uploaded, never tried again', async () => {
    const bytes = content(100, 2)
    const { runner, workers, server, item, add } = start()
    server.missing.add(12)
    await runner.restore()
    await add(fileOf('gone', bytes, 12))
    await until(() => item('gone').status === 'error', 'the download to fail')

    expect(item('gone')).toMatchObject({
      fatal: true,
      error: NOT_UPLOADED_MESSAGE,
      next_try_at: null,
      tries: 1,
    })
    await runner.apply({ type: 'retry' })
    await advance(10 * DOWNLOAD_RETRY_INTERVAL_MS)
    expect(server.urlCalls).toHaveLength(1)
    expect(workers.downloads).toEqual([])
    expect(item('gone').status).toBe('error')
    expect(downloadSummary(runner.state)).toMatchObject({ text: 'Done - 1 Failed', show_retry: false })
  })

  it('fails a file at once when its share link refuses it for good, in the words given, never asking again', async () => {
    const bytes = content(100, 2)
    const { runner, workers, server, item, add, serve } = start({
      classify: (error) =>
        error instanceof ApiError && error.code === 'link_expired'
          ? { refused: 'This link has expired.' }
          : 'other',
    })
    serve(12, bytes)
    server.answer = async () => {
      throw new ApiError(410, { error: 'link_expired' })
    }
    await runner.restore()
    await add({ ...fileOf('late', bytes, 12), share_token: 'token', link_session: 'visit' })
    await until(() => item('late').status === 'error', 'the download to fail')

    expect(item('late')).toMatchObject({ fatal: true, error: 'This link has expired.', tries: 1 })
    await runner.apply({ type: 'retry' })
    await advance(10 * DOWNLOAD_RETRY_INTERVAL_MS)
    expect(server.urlCalls).toHaveLength(1)
    expect(workers.downloads).toEqual([])
    expect(downloadSummary(runner.state)).toMatchObject({ text: 'Done - 1 Failed', show_retry: false })
  })

  it("sweeps only its own queue's staging files", async () => {
    const { runner, workers } = start({ stagingScope: 'link' })
    await runner.restore()
    await until(() => workers.sweepScopes.length === 1, 'the sweep when the queue is taken over')
    expect(workers.sweepScopes).toEqual(['link'])
  })

  it('asks again 10 s after an address that could not be had for another reason', async () => {
    const bytes = content(300, 3)
    const { runner, server, item, add, serve } = start()
    serve(13, bytes)
    const given = server.answer
    let refusals = 1
    server.answer = async (each) => {
      if (refusals-- > 0) throw new ApiError(503)
      return given(each)
    }
    await runner.restore()
    await add(fileOf('later', bytes, 13))
    await until(() => item('later').next_try_at !== null, 'the first try to fail')
    expect(item('later')).toMatchObject({
      status: 'waiting',
      fatal: false,
      error: DOWNLOAD_FAILED_MESSAGE,
      next_try_at: T0 + DOWNLOAD_RETRY_INTERVAL_MS,
    })

    await advance(DOWNLOAD_RETRY_INTERVAL_MS - 1)
    expect(server.urlCalls).toHaveLength(1)
    await advance(1)
    await until(() => item('later').status === 'done', 'the second try to finish')
    expect(server.urlCalls.map((call) => call.at)).toEqual([T0, T0 + DOWNLOAD_RETRY_INTERVAL_MS])
    expect(item('later').tries).toBe(2)
  })

  it('tries a failing download every 10 s, from the bytes it has, and stops at 5 tries until Retry', async () => {
    const bytes = content(10_000, 4)
    const { runner, root, workers, item, add, serve } = start()
    serve(14, bytes)
    let linkDown = true
    // Each try writes 1000 bytes more, then the connection drops.
    workers.onDownload = async (call) => {
      if (!linkDown) return workers.serve(call)
      call.file.truncate(call.fromByte)
      call.onStart?.(call.fromByte)
      const end = call.fromByte + 1000
      call.file.write(call.fromByte, bytes.subarray(call.fromByte, end))
      call.onProgress?.(end)
      return { ok: false, kind: 'xhr_error', bytes_received: end }
    }
    await runner.restore()
    await add(fileOf('slow', bytes, 14))
    for (let attempt = 1; attempt < DOWNLOAD_FILE_TRIES; attempt++) {
      await until(() => item('slow').tries === attempt && item('slow').status === 'waiting', `try ${attempt}`)
      await advance(DOWNLOAD_RETRY_INTERVAL_MS - 1)
      expect(workers.downloads).toHaveLength(attempt)
      await advance(1)
    }
    await until(() => item('slow').status === 'error', 'the download to fail for good')

    expect(workers.downloads.map((call) => call.at - T0)).toEqual([0, 10_000, 20_000, 30_000, 40_000])
    expect(workers.downloads.map((call) => call.fromByte)).toEqual([0, 1000, 2000, 3000, 4000])
    expect(item('slow')).toMatchObject({
      fatal: false,
      error: DOWNLOAD_FAILED_MESSAGE,
      tries: DOWNLOAD_FILE_TRIES,
      bytes_received: 5000,
      percent: 50,
    })
    await advance(10 * DOWNLOAD_RETRY_INTERVAL_MS)
    expect(workers.downloads).toHaveLength(DOWNLOAD_FILE_TRIES)
    expect(downloadSummary(runner.state).show_retry).toBe(true)

    linkDown = false
    await runner.apply({ type: 'retry' })
    await until(() => item('slow').status === 'done', 'the retried download to finish')
    expect(workers.downloads.at(-1)?.fromByte).toBe(5000)
    expect(root.file('Shoot/slow.bin')?.bytes).toEqual(bytes)
  })

  describe('an address that expired', () => {
    /** The server numbers its addresses, so a test tells a fresh one from the one before: '...&n=2'. */
    function numbering(server: ReturnType<typeof start>['server']) {
      let asked = 0
      server.answer = async (each) => `${addressOf(each.media_id)}&n=${++asked}`
    }
    const numberOf = (call: DownloadCall) => Number(new URL(call.url).searchParams.get('n'))
    /** What the store sends for a numbered address: the file's bytes, as if for the plain address. */
    const served = (workers: FakeWorkers, call: DownloadCall, mediaId: number) =>
      workers.serve({ ...call, url: urlOf(mediaId) })

    it('asks for a fresh one when the store refuses it (403), and resumes in the same try', async () => {
      const bytes = content(3000, 21)
      const { runner, root, workers, server, item, add, serve } = start()
      serve(16, bytes)
      numbering(server)
      workers.onDownload = async (call) => {
        // The first address: the link drops after 1000 bytes. The second: refused, as an expired one is.
        if (numberOf(call) === 1) {
          call.onStart?.(0)
          call.file.write(0, bytes.subarray(0, 1000))
          return { ok: false, kind: 'xhr_error', bytes_received: 1000 }
        }
        if (numberOf(call) === 2) return { ok: false, kind: 'bad_status', status: 403, bytes_received: 1000 }
        return served(workers, call, 16)
      }
      await runner.restore()
      await add(fileOf('renewed', bytes, 16))
      await until(() => item('renewed').next_try_at !== null, 'the first try to fail')
      await advance(DOWNLOAD_RETRY_INTERVAL_MS)
      await until(() => item('renewed').status === 'done', 'the second try to finish')

      const second = T0 + DOWNLOAD_RETRY_INTERVAL_MS
      expect(server.urlCalls.map((call) => call.at)).toEqual([T0, second, second])
      expect(workers.downloads.map((call) => [numberOf(call), call.fromByte, call.at])).toEqual([
        [1, 0, T0],
        [2, 1000, second],
        [3, 1000, second],
      ])
      expect(item('renewed')).toMatchObject({ tries: 2, error: null })
      expect(root.file('Shoot/renewed.bin')?.bytes).toEqual(bytes)
    })

    it('counts a second refusal in the same try as a failed try, asked again 10 s later', async () => {
      const bytes = content(500, 22)
      const { runner, workers, server, item, add } = start()
      numbering(server)
      workers.onDownload = async (call) => ({
        ok: false,
        kind: 'bad_status',
        status: 403,
        bytes_received: call.fromByte,
      })
      await runner.restore()
      await add(fileOf('refused', bytes, 17))
      await until(() => item('refused').next_try_at !== null, 'the try to fail')
      expect(server.urlCalls.map((call) => call.at)).toEqual([T0, T0])
      expect(workers.downloads.map(numberOf)).toEqual([1, 2])
      expect(item('refused')).toMatchObject({
        status: 'waiting',
        tries: 1,
        error: DOWNLOAD_FAILED_MESSAGE,
        next_try_at: T0 + DOWNLOAD_RETRY_INTERVAL_MS,
      })
      await advance(DOWNLOAD_RETRY_INTERVAL_MS)
      await until(() => workers.downloads.length === 4, 'the next try and its renewal')
      expect(server.urlCalls).toHaveLength(4)
    })

    it('asks again for one that aged past its lifetime while the download waited for a worker', async () => {
      const young = content(400, 23)
      const old = content(600, 24)
      const { runner, workers, server, item, add, serve } = start()
      serve(18, young)
      serve(19, old)
      numbering(server)
      workers.onDownload = (call) => served(workers, call, call.url.includes('/storage/18?') ? 18 : 19)
      // Each item's download (its second task, after the look at what is on disk) waits for its gate, as
      // a task waits for a worker that hashing holds.
      const gates = new Map([
        ['young', deferred<undefined>()],
        ['old', deferred<undefined>()],
      ])
      const tasks = new Map<string, number>()
      const run = workers.pool.run.bind(workers.pool)
      vi.spyOn(workers.pool, 'run').mockImplementation((id, task) => {
        const count = (tasks.get(id) ?? 0) + 1
        tasks.set(id, count)
        const gate = gates.get(id)
        return count === 2 && gate ? gate.promise.then(() => run(id, task)) : run(id, task)
      })
      await runner.restore()
      await add(fileOf('young', young, 18), fileOf('old', old, 19))
      await until(() => server.urlCalls.length === 2, 'both addresses')
      await settle()

      await advance(DOWNLOAD_URL_MAX_AGE_MS - 1000)
      gates.get('young')?.resolve(undefined)
      await until(() => item('young').status === 'done', 'the download of an address still young')
      await advance(2000)
      gates.get('old')?.resolve(undefined)
      await until(() => item('old').status === 'done', 'the download of an address asked again')

      expect(server.urlCalls.map((call) => [call.id, call.at - T0])).toEqual([
        ['young', 0],
        ['old', 0],
        ['old', DOWNLOAD_URL_MAX_AGE_MS + 1000],
      ])
      expect(workers.downloads.map((call) => [call.key, numberOf(call)])).toEqual([
        ['young', 1],
        ['old', 3],
      ])
      expect(item('old')).toMatchObject({ tries: 1 })
    })

    it('is never kept: every try, and a resumption after a reload, asks for a new one', async () => {
      const bytes = content(5000, 25)
      const memory = new MemoryQueueStore()
      const root = new FakeDirectoryHandle('Downloads')
      const first = start({ store: memory, root })
      first.workers.onDownload = (call) => {
        call.onStart?.(0)
        call.file.write(0, bytes.subarray(0, 2000))
        call.onProgress?.(2000)
        return new Promise<DownloadResult>(() => undefined)
      }
      await first.runner.restore()
      await first.add(fileOf('kept', bytes, 26))
      await until(() => first.item('kept').bytes_received === 2000, 'the download to be under way')
      await advance(SAVE_INTERVAL_MS)
      first.runner.stop()
      first.workers.pool.close()
      expect(first.server.urlCalls).toHaveLength(1)

      const second = start({ store: memory, root, workers: sharingStaging(first.workers) })
      second.serve(26, bytes)
      await second.runner.restore()
      await until(() => second.item('kept').status === 'done', 'the resumed download')
      expect(second.server.urlCalls.map((call) => call.id)).toEqual(['kept'])
      expect(second.workers.downloads.map((call) => call.fromByte)).toEqual([2000])
    })
  })

  it('does not put a file whose body ended short in its folder: the next try asks for the rest', async () => {
    const bytes = content(4000, 20)
    const { runner, root, workers, item, add, serve } = start()
    serve(33, bytes)
    let short = true
    workers.onDownload = async (call) => {
      if (!short) return workers.serve(call)
      short = false
      call.onStart?.(call.fromByte)
      call.file.write(0, bytes.subarray(0, 2500))
      call.onProgress?.(2500)
      return { ok: true, bytes_received: 2500 }
    }
    await runner.restore()
    await add(fileOf('short', bytes, 33))
    await until(() => item('short').status === 'waiting', 'the short body to count as a failure')
    expect(root.file('Shoot/short.bin')).toBeUndefined()
    expect(workers.placed).toEqual([])
    await advance(DOWNLOAD_RETRY_INTERVAL_MS)
    await until(() => item('short').status === 'done', 'the next try')
    expect(workers.downloads.map((call) => call.fromByte)).toEqual([0, 2500])
    expect(root.file('Shoot/short.bin')?.bytes).toEqual(bytes)
  })

  it('fetches files that share a hash once and copies the others from it when it is done', async () => {
    const bytes = content(4000, 5)
    const { runner, root, workers, server, item, add, serve } = start()
    serve(31, bytes)
    const { held } = holdDownloads(workers)
    await runner.restore()
    await add(fileOf('a', bytes, 31, 'One/clip.bin'), fileOf('b', bytes, 32, 'Two/clip copy.bin'))
    await until(() => workers.downloads.length === 1, 'the download of the first')
    await settle()
    expect(item('b')).toMatchObject({ status: 'waiting', copy_of: 'a' })
    expect(workers.copies).toEqual([])

    held[0]?.release()
    await until(() => item('b').status === 'done', 'the copy')
    expect(server.urlCalls.map((call) => call.id)).toEqual(['a'])
    expect(workers.downloads).toHaveLength(1)
    expect(workers.copies).toHaveLength(1)
    expect(workers.copies[0]?.from).toBe(root.file('One/clip.bin'))
    expect(workers.copies[0]?.to).toBe(root.file('Two/clip copy.bin'))
    expect(root.file('Two/clip copy.bin')?.bytes).toEqual(bytes)
    expect(item('b')).toMatchObject({ percent: 100, skip: false, tries: 1 })
  })

  it('downloads a copy itself when the file it was to be copied from cannot be had', async () => {
    const bytes = content(700, 6)
    const { runner, root, workers, server, item, add, serve } = start()
    server.missing.add(41)
    serve(42, bytes)
    await runner.restore()
    await add(fileOf('a', bytes, 41), fileOf('b', bytes, 42))
    await until(() => item('b').status === 'done', 'the second file')
    expect(item('a')).toMatchObject({ status: 'error', fatal: true })
    expect(server.urlCalls.map((call) => call.id)).toEqual(['a', 'b'])
    expect(workers.copies).toEqual([])
    expect(workers.downloads.map((call) => call.url)).toEqual([urlOf(42)])
    expect(root.file('Shoot/b.bin')?.bytes).toEqual(bytes)
  })

  it('skips a file already there whole, without asking its address or copying it', async () => {
    const whole = content(900, 7)
    const shared = content(800, 8)
    const partial = content(600, 15)
    const { runner, root, workers, server, item, add, serve } = start()
    await root.put('Shoot/whole.bin', whole)
    await root.put('Shoot/copy.bin', shared)
    // A file there in part is fetched whole: nothing says its bytes are the right ones.
    await root.put('Shoot/partial.bin', partial.subarray(0, 100))
    serve(52, shared)
    serve(53, partial)
    await runner.restore()
    await add(
      fileOf('whole', whole, 51, 'Shoot/whole.bin'),
      fileOf('source', shared, 52, 'Shoot/source.bin'),
      fileOf('copy', shared, 54, 'Shoot/copy.bin'),
      fileOf('partial', partial, 53, 'Shoot/partial.bin'),
    )
    await until(
      () => runner.state.items.every((each) => each.status === 'done'),
      'every file to be done or skipped',
    )
    expect(item('whole')).toMatchObject({ skip: true, percent: 100 })
    expect(item('copy')).toMatchObject({ skip: true, copy_of: 'source' })
    expect(item('source').skip).toBe(false)
    expect(item('partial').skip).toBe(false)
    expect(server.urlCalls.map((call) => call.id).sort()).toEqual(['partial', 'source'])
    expect(workers.copies).toEqual([])
    expect(workers.downloads.find((call) => call.url === urlOf(53))?.fromByte).toBe(0)
    expect(root.file('Shoot/partial.bin')?.bytes).toEqual(partial)
    expect(downloadSummary(runner.state)).toMatchObject({ succeeded: 2, skipped: 2 })
  })

  it("'remove' cancels the item's work in the pool and leaves the others running", async () => {
    const first = content(100, 9)
    const second = content(200, 10)
    const { runner, workers, store, item, add, serve } = start()
    serve(61, first)
    serve(62, second)
    const { held } = holdDownloads(workers)
    await runner.restore()
    await add(fileOf('a', first, 61), fileOf('b', second, 62))
    await until(() => held.length === 2, 'both downloads to start')
    const workerOf = (url: string) =>
      workers.workers[(held.find((each) => each.call.url === url)?.call.worker ?? 0) - 1]

    await runner.apply({ type: 'remove', id: 'a' })
    expect(workerOf(urlOf(61))?.terminated).toBe(true)
    expect(workerOf(urlOf(62))?.terminated).toBe(false)
    expect(runner.state.items.map((each) => each.id)).toEqual(['b'])
    expect(store.savedDownloads.at(-1)?.items.map((each) => each.id)).toEqual(['b'])

    for (const each of held) each.release()
    await until(() => item('b').status === 'done', 'the other download')
    expect(runner.state.items.map((each) => each.id)).toEqual(['b'])
  })

  it('begins a new list once the last finished, and a list that runs takes what is added', async () => {
    const one = content(100, 11)
    const two = content(200, 12)
    const three = content(300, 13)
    const { runner, workers, store, item, add, serve } = start()
    serve(71, one)
    serve(72, two)
    serve(73, three)
    await runner.restore()
    await add(fileOf('one', one, 71))
    await until(() => item('one').status === 'done', 'the first list')

    const { held } = holdDownloads(workers)
    await add(fileOf('two', two, 72))
    expect(runner.state.items.map((each) => each.id)).toEqual(['two'])
    await until(() => held.length === 1, 'the second list to start')
    // While a list runs, what is added joins it.
    await add(fileOf('three', three, 73))
    expect(runner.state.items.map((each) => each.id)).toEqual(['two', 'three'])

    await runner.apply({ type: 'close' })
    expect(runner.state.items).toEqual([])
    expect(workers.workers[(held[0]?.call.worker ?? 0) - 1]?.terminated).toBe(true)
    expect(store.savedDownloads.at(-1)?.items).toEqual([])
  })

  describe('after a reload', () => {
    it('resumes a download from the bytes staged, not from more it had counted', async () => {
      const bytes = content(10_000, 14)
      const memory = new MemoryQueueStore()
      const root = new FakeDirectoryHandle('Downloads')
      const first = start({ store: memory, root })
      // The closed tab had counted 6000 bytes, but only 4000 reached the disk.
      first.workers.onDownload = (call) => {
        call.onStart?.(0)
        call.file.write(0, bytes.subarray(0, 4000))
        call.onProgress?.(6000)
        return new Promise<DownloadResult>(() => undefined)
      }
      await first.runner.restore()
      await first.add(fileOf('big', bytes, 81))
      await until(() => first.item('big').bytes_received === 6000, 'the download to be under way')
      await advance(SAVE_INTERVAL_MS)
      expect(first.store.savedDownloads.at(-1)?.items[0]).toMatchObject({
        status: 'downloading',
        bytes_received: 6000,
      })
      first.runner.stop()
      first.workers.pool.close()

      const second = start({ store: memory, root, workers: sharingStaging(first.workers) })
      second.serve(81, bytes)
      await second.runner.restore()
      await until(() => second.item('big').status === 'done', 'the resumed download')
      expect(second.workers.downloads.map((call) => call.fromByte)).toEqual([4000])
      expect(root.file('Shoot/big.bin')?.bytes).toEqual(bytes)
      expect(second.item('big').tries).toBe(2)
    })

    it('only puts the file in its folder when every byte was staged before the reload', async () => {
      const bytes = content(3000, 17)
      const memory = new MemoryQueueStore()
      const root = new FakeDirectoryHandle('Downloads')
      const first = start({ store: memory, root })
      // Every byte is staged, and the tab goes while the file is being put in its folder.
      first.workers.onDownload = async (call) => {
        call.onStart?.(0)
        call.file.write(0, bytes)
        call.onProgress?.(bytes.length)
        return { ok: true, bytes_received: bytes.length }
      }
      placingNeverEnds(first.workers)
      await first.runner.restore()
      await first.add(fileOf('placed', bytes, 97))
      await until(() => first.item('placed').bytes_received === 3000, 'every byte to be staged')
      await advance(SAVE_INTERVAL_MS)
      first.runner.stop()
      first.workers.pool.close()
      expect(root.file('Shoot/placed.bin')).toBeUndefined()

      const second = start({ store: memory, root, workers: sharingStaging(first.workers) })
      second.serve(97, bytes)
      await second.runner.restore()
      await until(() => second.item('placed').status === 'done', 'the placing after the reload')
      expect(second.workers.downloads).toEqual([])
      expect(second.workers.placed).toEqual(['placed'])
      expect(root.file('Shoot/placed.bin')?.bytes).toEqual(bytes)
    })

    it('drops the staged bytes of items no longer in the queue, and keeps those of unfinished ones', async () => {
      const bytes = content(2000, 18)
      const workers = new FakeWorkers()
      await workers.staging.put('left-by-a-closed-list', bytes.subarray(0, 500))
      const { runner, add } = start({ workers })
      workers.onDownload = (call) => {
        call.onStart?.(0)
        call.file.write(0, bytes.subarray(0, 700))
        return new Promise<DownloadResult>(() => undefined)
      }
      await runner.restore()
      await until(() => workers.sweeps.length === 1, 'the sweep when the queue is taken over')
      expect(workers.sweeps[0]).toEqual([])
      expect(workers.staging.file('left-by-a-closed-list')).toBeUndefined()

      await add(fileOf('kept', bytes, 98), fileOf('removed', content(900, 19), 99))
      await until(() => workers.downloads.length === 2, 'both downloads to start')
      await runner.apply({ type: 'remove', id: 'removed' })
      await until(() => workers.sweeps.length === 2, 'the sweep after the removal')
      expect(workers.sweeps[1]).toEqual(['kept'])
      expect(workers.staging.file('kept')?.bytes.length).toBe(700)
      expect(workers.staging.file('removed')).toBeUndefined()
    })

    it('holds every item back while the chosen directory needs the permission again', async () => {
      const bytes = content(2000, 16)
      const memory = new MemoryQueueStore()
      const root = new FakeDirectoryHandle('Downloads')
      const first = start({ store: memory, root })
      first.workers.onDownload = () => new Promise<DownloadResult>(() => undefined)
      await first.runner.restore()
      await first.add(fileOf('asked', bytes, 95))
      await until(() => first.workers.downloads.length === 1, 'the first try to begin')
      first.runner.stop()
      first.workers.pool.close()

      // After the restart the browser answers 'prompt' until the user allows access again.
      let permission: PermissionState = 'prompt'
      Object.assign(root, { queryPermission: () => Promise.resolve(permission) })
      const second = start({ store: memory, root })
      second.serve(95, bytes)
      await second.runner.restore()
      expect(second.runner.state.needs_access).toEqual(['Downloads'])
      await advance(DOWNLOAD_RETRY_INTERVAL_MS * 2)
      expect(second.workers.downloads).toEqual([])
      expect(second.item('asked').status).toBe('waiting')

      // Told while the answer is still 'prompt', it keeps waiting; once granted, it runs.
      await second.runner.apply({ type: 'access_granted' })
      expect(second.runner.state.needs_access).toEqual(['Downloads'])
      permission = 'granted'
      await second.runner.apply({ type: 'access_granted' })
      expect(second.runner.state.needs_access).toEqual([])
      await until(() => second.item('asked').status === 'done', 'the download after access was given')
      expect(root.file('Shoot/asked.bin')?.bytes).toEqual(bytes)
    })

    it('tries a download that was waiting for its retry when its time comes', async () => {
      const bytes = content(3000, 15)
      const memory = new MemoryQueueStore()
      const root = new FakeDirectoryHandle('Downloads')
      const first = start({ store: memory, root })
      first.workers.onDownload = async (call) => ({
        ok: false,
        kind: 'xhr_error',
        bytes_received: call.fromByte,
      })
      await first.runner.restore()
      await first.add(fileOf('again', bytes, 91))
      await until(() => first.item('again').next_try_at !== null, 'the first try to fail')
      await advance(SAVE_INTERVAL_MS)
      expect(first.store.savedDownloads.at(-1)?.items[0]).toMatchObject({
        status: 'waiting',
        tries: 1,
        next_try_at: T0 + DOWNLOAD_RETRY_INTERVAL_MS,
      })
      first.runner.stop()
      first.workers.pool.close()

      const second = start({ store: memory, root })
      second.serve(91, bytes)
      await second.runner.restore()
      await advance(DOWNLOAD_RETRY_INTERVAL_MS - SAVE_INTERVAL_MS - 1)
      expect(second.workers.downloads).toEqual([])
      await advance(1)
      await until(() => second.item('again').status === 'done', 'the retry after the reload')
      expect(second.workers.downloads.map((call) => call.at)).toEqual([T0 + DOWNLOAD_RETRY_INTERVAL_MS])
      expect(second.item('again').tries).toBe(2)
    })
  })
})

describe('a large file fetched as ranges at once', () => {
  /** A small range size, so a file of a few kilobytes comes in many ranges. */
  const R = 1000
  const hostUrl = (host: string, mediaId: number) => `https://${host}.store.example/${mediaId}?signature=abc`

  /** The server signs the content once per host; every host serves the same bytes. */
  function onHosts(setup: ReturnType<typeof start>, mediaId: number, bytes: Uint8Array, hosts: string[]) {
    for (const host of hosts) setup.workers.served.set(hostUrl(host, mediaId), bytes)
    const before = setup.server.answer
    setup.server.answer = async (each) =>
      each.media_id === mediaId ? hosts.map((host) => hostUrl(host, mediaId)) : before(each)
  }

  /** Ranges wait for releaseAll() before they are served. */
  function holdRanges(workers: FakeWorkers) {
    const held: Array<() => void> = []
    workers.onRange = async (call) => {
      const gate = deferred<undefined>()
      held.push(() => gate.resolve(undefined))
      await gate.promise
      return workers.serveRange(call)
    }
    return {
      held,
      releaseAll: () => {
        for (const release of held.splice(0)) release()
      },
    }
  }

  it('spreads the ranges over the hosts, within 8 per file, hashes the file and places it', async () => {
    const bytes = content(10 * R + 500, 31)
    const setup = start({ rangeBytes: R })
    const { runner, root, workers, item, add } = setup
    onHosts(setup, 40, bytes, ['a', 'b'])
    const { held, releaseAll } = holdRanges(workers)
    await runner.restore()
    await add(fileOf('big', bytes, 40))
    await until(() => held.length === DOWNLOAD_RANGES_PER_FILE, 'eight ranges in flight')
    await settle()
    // Eight at once, no more: the ninth waits for one of them.
    expect(held).toHaveLength(DOWNLOAD_RANGES_PER_FILE)
    expect(workers.peakRangesPerHost.get('a.store.example')).toBe(4)
    expect(workers.peakRangesPerHost.get('b.store.example')).toBe(4)
    while (item('big').status !== 'done') {
      releaseAll()
      await settle()
    }
    // Each range asked once, whole, from one worker (the one holding the staging file).
    expect(
      workers.ranges
        .map((call) => [call.index, call.from, call.end])
        .sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0)),
    ).toEqual(
      Array.from({ length: 11 }, (_, index) => [index, index * R, Math.min(bytes.length, (index + 1) * R)]),
    )
    expect(new Set(workers.ranges.map((call) => call.worker)).size).toBe(1)
    expect(workers.ranges[0]?.timeoutMs).toBe(transferTimeoutMs(R))
    expect(Math.max(...workers.peakRangesPerFile.values())).toBe(DOWNLOAD_RANGES_PER_FILE)
    expect(workers.verified).toEqual([{ key: 'big', good: true }])
    expect(root.file('Shoot/big.bin')?.bytes).toEqual(bytes)
    expect(item('big')).toMatchObject({
      status: 'done',
      tries: 1,
      bytes_received: bytes.length,
      percent: 100,
    })
    // Nothing of the ranges stays in the queue once the file is done.
    expect(item('big')).toMatchObject({ ranges_done: [], ranges_partial: [] })
  })

  it('never has more than 6 requests in flight to one host, over every download together', async () => {
    const setup = start({ rangeBytes: R })
    const { runner, workers, item, add } = setup
    const files = [1, 2, 3].map((n) => {
      const bytes = content(12 * R, 40 + n)
      onHosts(setup, 50 + n, bytes, ['one'])
      return fileOf(`f${n}`, bytes, 50 + n)
    })
    // And a small file in one GET to the same host, which takes a slot too.
    const small = content(500, 49)
    workers.served.set(hostUrl('one', 59), small)
    onHosts(setup, 59, small, ['one'])
    const { held, releaseAll } = holdRanges(workers)
    const gets = holdDownloads(workers)
    await runner.restore()
    await add(...files, fileOf('small', small, 59))
    await until(() => held.length + gets.held.length === REQUESTS_PER_HOST, 'the host to be full')
    await settle()
    expect(held.length + gets.held.length).toBe(REQUESTS_PER_HOST)
    for (
      let round = 0;
      round < 200 && ['f1', 'f2', 'f3', 'small'].some((id) => item(id).status !== 'done');
      round++
    ) {
      releaseAll()
      for (const get of gets.held.splice(0)) get.release()
      await settle()
    }
    expect(['f1', 'f2', 'f3', 'small'].map((id) => item(id).status)).toEqual(['done', 'done', 'done', 'done'])
    expect(workers.peakRangesPerHost.get('one.store.example')).toBe(REQUESTS_PER_HOST)
    // The slots are all given back.
    expect(runner.hostSlots.count('one.store.example')).toBe(0)
  })

  it('after a reload fetches only the ranges missing, a half-written one from what it wrote', async () => {
    const bytes = content(10 * R, 33)
    const memory = new MemoryQueueStore()
    const root = new FakeDirectoryHandle('Downloads')
    const first = start({ store: memory, root, rangeBytes: R })
    onHosts(first, 41, bytes, ['a'])
    // Ranges 0 to 3 arrive; range 4 writes half of itself and the tab goes; the others never answer.
    first.workers.onRange = async (call) => {
      if (call.index < 4) return first.workers.serveRange(call)
      if (call.index === 4) {
        call.file.write(call.from, bytes.subarray(call.from, call.from + R / 2))
        call.progress(R / 2)
      }
      return new Promise<never>(() => undefined)
    }
    await first.runner.restore()
    await first.add(fileOf('big', bytes, 41))
    await until(() => first.item('big').bytes_received === 4 * R + R / 2, 'four and a half ranges')
    await advance(SAVE_INTERVAL_MS)
    expect(first.store.savedDownloads.at(-1)?.items[0]).toMatchObject({
      range_bytes: R,
      ranges_partial: [[4, R / 2]],
    })
    expect([...(first.store.savedDownloads.at(-1)?.items[0]?.ranges_done ?? [])].sort()).toEqual([0, 1, 2, 3])
    first.runner.stop()
    first.workers.pool.close()

    const second = start({ store: memory, root, workers: sharingStaging(first.workers), rangeBytes: R })
    onHosts(second, 41, bytes, ['a'])
    await second.runner.restore()
    await until(() => second.item('big').status === 'done', 'the resumed download')
    expect(
      second.workers.ranges.map((call) => [call.index, call.from]).sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0)),
    ).toEqual([
      [4, 4 * R + R / 2],
      [5, 5 * R],
      [6, 6 * R],
      [7, 7 * R],
      [8, 8 * R],
      [9, 9 * R],
    ])
    expect(root.file('Shoot/big.bin')?.bytes).toEqual(bytes)
    // Over both runs, each byte was written once: at most 1.5 times the file.
    const staged = first.workers.ranges[0]?.file
    expect(staged?.written).toBe(bytes.length)
    expect(staged?.written ?? Infinity).toBeLessThanOrEqual(1.5 * bytes.length)
    expect(second.item('big').tries).toBe(2)
  })

  it('fails a file with a wrong byte as a bad file, drops its bytes and starts over on the next try', async () => {
    const bytes = content(5 * R, 34)
    const wrong = bytes.slice()
    wrong[3 * R + 7] = ((wrong[3 * R + 7] ?? 0) + 1) & 255
    const setup = start({ rangeBytes: R })
    const { runner, root, workers, item, add } = setup
    onHosts(setup, 42, wrong, ['a'])
    await runner.restore()
    await add(fileOf('bad', bytes, 42))
    await until(() => item('bad').next_try_at !== null, 'the first try to fail')
    expect(workers.verified).toEqual([{ key: 'bad', good: false }])
    expect(item('bad')).toMatchObject({
      status: 'waiting',
      error: DOWNLOAD_FAILED_MESSAGE,
      bytes_received: 0,
      range_bytes: null,
      ranges_done: [],
      ranges_partial: [],
    })
    expect(workers.staging.file('bad')).toBeUndefined()
    expect(root.file('Shoot/bad.bin')).toBeUndefined()

    onHosts(setup, 42, bytes, ['a'])
    await advance(DOWNLOAD_RETRY_INTERVAL_MS)
    await until(() => item('bad').status === 'done', 'the second try')
    // The second try fetched every range again, from its start.
    expect(
      workers.ranges
        .slice(5)
        .map((call) => call.from)
        .sort((a, b) => a - b),
    ).toEqual([0, R, 2 * R, 3 * R, 4 * R])
    expect(root.file('Shoot/bad.bin')?.bytes).toEqual(bytes)
  })

  it('fails a file fetched in one GET whose bytes are not its hash, as the same bad file', async () => {
    const bytes = content(800, 35)
    const { runner, root, workers, item, add, serve } = start({ rangeBytes: R })
    const wrong = bytes.slice()
    wrong[0] = ((wrong[0] ?? 0) + 1) & 255
    serve(43, wrong)
    await runner.restore()
    await add(fileOf('one', bytes, 43))
    await until(() => item('one').next_try_at !== null, 'the try to fail')
    expect(workers.downloads).toHaveLength(1)
    expect(workers.ranges).toHaveLength(0)
    expect(item('one')).toMatchObject({ error: DOWNLOAD_FAILED_MESSAGE, bytes_received: 0 })
    expect(workers.staging.file('one')).toBeUndefined()
    expect(root.file('Shoot/one.bin')).toBeUndefined()
  })

  it('renews the addresses of every host once when the store refuses one (403), in the same try', async () => {
    const bytes = content(6 * R, 36)
    const setup = start({ rangeBytes: R })
    const { runner, root, workers, server, item, add } = setup
    let asked = 0
    server.answer = async () => {
      asked++
      return ['a', 'b'].map((host) => `${hostUrl(host, 44)}&n=${asked}`)
    }
    workers.onRange = async (call) => {
      const url = new URL(call.url)
      if (url.searchParams.get('n') === '1' && call.index === 2) {
        return { ok: false, kind: 'bad_status', status: 403, bytes: 0 }
      }
      url.searchParams.delete('n')
      workers.served.set(url.href, bytes)
      return workers.serveRange({ ...call, url: url.href })
    }
    await runner.restore()
    await add(fileOf('renewed', bytes, 44))
    await until(() => item('renewed').status === 'done', 'the download')
    expect(asked).toBe(2)
    expect(item('renewed').tries).toBe(1)
    const second = workers.ranges.filter((call) => call.url.endsWith('&n=2')).map((call) => call.index)
    expect(second).toContain(2)
    expect(root.file('Shoot/renewed.bin')?.bytes).toEqual(bytes)
  })

  it('fails the try after a range failed DOWNLOAD_RANGE_TRIES times, keeping the ranges done', async () => {
    const bytes = content(4 * R, 37)
    const setup = start({ rangeBytes: R })
    const { runner, workers, item, add } = setup
    onHosts(setup, 45, bytes, ['a'])
    workers.onRange = async (call) =>
      call.index === 1 ? { ok: false, kind: 'xhr_error', bytes: 0 } : workers.serveRange(call)
    await runner.restore()
    await add(fileOf('flaky', bytes, 45))
    await until(() => item('flaky').next_try_at !== null, 'the try to fail')
    expect(workers.ranges.filter((call) => call.index === 1)).toHaveLength(DOWNLOAD_RANGE_TRIES)
    expect([...item('flaky').ranges_done].sort()).toEqual([0, 2, 3])
    expect(item('flaky')).toMatchObject({
      status: 'waiting',
      bytes_received: 3 * R,
      error: DOWNLOAD_FAILED_MESSAGE,
    })
    expect(runner.hostSlots.count('a.store.example')).toBe(0)
  })

  it('places an empty file, which has nothing to fetch, once it hashes to its own hash', async () => {
    const { runner, root, workers, item, add, serve } = start({ rangeBytes: R })
    serve(47, new Uint8Array(0))
    await runner.restore()
    await add(fileOf('empty', new Uint8Array(0), 47))
    await until(() => item('empty').status === 'done', 'the empty file')
    expect(workers.verified).toEqual([{ key: 'empty', good: true }])
    expect(root.file('Shoot/empty.bin')?.bytes).toEqual(new Uint8Array(0))
  })

  it("'remove' stops every range of the file and gives its hosts' slots back", async () => {
    const bytes = content(10 * R, 38)
    const setup = start({ rangeBytes: R })
    const { runner, workers, add } = setup
    onHosts(setup, 46, bytes, ['a', 'b'])
    const { held } = holdRanges(workers)
    await runner.restore()
    await add(fileOf('gone', bytes, 46))
    await until(() => held.length === DOWNLOAD_RANGES_PER_FILE, 'ranges in flight')
    await runner.apply({ type: 'remove', id: 'gone' })
    await settle()
    expect(workers.workers.filter((each) => !each.sender).some((each) => each.terminated)).toBe(true)
    expect(runner.hostSlots.count('a.store.example')).toBe(0)
    expect(runner.hostSlots.count('b.store.example')).toBe(0)
    expect(runner.state.items).toEqual([])
  })
})
