// In-process stand-ins for what the transfer runners drive, so their unit tests run in Node: an API that
// answers per URL and records every call, a real ItemTaskPool over fake transfer workers (hashing with the
// real worker code, recording every send, download and copy), a queue store kept in memory, a directory tree
// for downloads, the locks and channel of a tab alone, and helpers for vi's fake clock. Only setTimeout,
// clearTimeout and Date are faked, so hashing, Blob reads and IndexedDB (fake-indexeddb schedules with
// setImmediate) run for real while a test waits with until().
import type { Remote } from 'comlink'
import { vi } from 'vitest'
import type { MultipartRequest, SignedOpts, UploadRequest } from '../../server/contract/media.ts'
import { ApiError, type RequestOptions, type Transport } from '../../src/api/transport.ts'
import { WorkerPool } from '../../src/lib/workerPool.ts'
import { emptyDownloadQueue, type DownloadQueue } from '../../src/transfers/downloadModel.ts'
import type { ChannelLike, LockManagerLike, TransfersMessage } from '../../src/transfers/leader.ts'
import { ItemTaskPool, TRANSFER_IDLE_TIMEOUT_MS, createSendPool } from '../../src/transfers/pool.ts'
import type { QueueStore, RestoredDownloads, RestoredUploads } from '../../src/transfers/queueStore.ts'
import { emptyUploadQueue, type UploadQueue } from '../../src/transfers/uploadModel.ts'
import { inStagingScope, type StagingScope } from '../../workers/downloadFiles.ts'
import { combineDigests } from '../../workers/sha256.ts'
import type { TransferApi } from '../../workers/transfer.worker.ts'
import {
  contentHash,
  hashParts,
  type DownloadResult,
  type TransferError,
  type PartRange,
  type SignedRequest,
  type TransferResult,
} from '../../workers/transferCore.ts'

export const T0 = Date.UTC(2026, 0, 5, 9, 0, 0)

/** The clock of a runner test: only timers and Date are faked, so real I/O still completes. */
export function useFakeClock(now = T0): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now })
}

const nextMacrotask = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Waits (in real time) until check() holds, firing the timers due now on the fake clock on the way. */
export async function until(check: () => boolean, what: string, limitMs = 4_000): Promise<void> {
  const deadline = performance.now() + limitMs
  for (;;) {
    if (vi.isFakeTimers()) vi.advanceTimersByTime(0)
    if (check()) return
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await nextMacrotask()
  }
}

/** Lets everything already due happen, without moving the clock. */
export async function settle(rounds = 25): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    if (vi.isFakeTimers()) vi.advanceTimersByTime(0)
    await nextMacrotask()
  }
}

/** Moves the fake clock, running what falls due, then lets it settle. */
export async function advance(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms)
  await settle()
}

export interface Deferred<T> {
  promise: Promise<T>
  resolve: (value: T) => void
}

export function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => undefined
  const promise = new Promise<T>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

// The API.

export interface ApiCall {
  method: string
  path: string
  body: unknown
  options: RequestOptions
  at: number
}

type Route = (call: ApiCall) => unknown

/** A Transport that answers per method and path; a path it does not know answers 404. */
export class FakeTransport implements Transport {
  readonly calls: ApiCall[] = []
  private readonly routes = new Map<string, Route>()

  constructor(private readonly journal: string[] = []) {}

  answer(method: string, path: string, route: Route): this {
    this.routes.set(`${method} ${path}`, route)
    return this
  }

  async request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const call: ApiCall = {
      method: options.method ?? 'GET',
      path,
      body: options.body,
      options,
      at: Date.now(),
    }
    this.calls.push(call)
    this.journal.push(`${call.method} ${path}`)
    const route = this.routes.get(`${call.method} ${path}`)
    if (!route) throw new ApiError(404, { error: 'not_found' })
    return (await route(call)) as T
  }

  to(method: string, path: string): ApiCall[] {
    return this.calls.filter((call) => call.method === method && call.path === path)
  }
}

export const ORG_ID = 1
export const GRANT_ID = 2
export const GRANT_PATH = `/web/1/org/${ORG_ID}/media_grant/${GRANT_ID}`
export const BUCKET_ID = 7
export const STORE_URL = 'https://store.example/bucket'
export const SIGNED_HEADERS = { 'x-amz-meta-origin': 'media-console' }
export const FIRST_MEDIA_ID = 101

export function signedPut(url: string): SignedOpts {
  return { method: 'PUT', url, headers: SIGNED_HEADERS, expires_at: '2026-01-05T10:00:00Z' }
}

/** The signed request a worker is given for an offer: signed_opts without its expiry. */
export function sentTo(url: string): SignedRequest {
  return { method: 'PUT', url, headers: SIGNED_HEADERS }
}

/**
 * The store's address on its nth host (0-based): STORE_URL, then other names for the same store, as the
 * server's STORAGE_URLS or an S3 bucket's endpoint forms give them.
 */
export const storeUrlOn = (host: number) =>
  host === 0 ? STORE_URL : `https://store${host + 1}.example/bucket`

/**
 * The upload calls of one container, answered as the server does when the store holds nothing yet:
 * registration gives the next media id, an offer or a part plan signs a PUT for the file or for every part,
 * confirmations and completions succeed. Tests replace single routes with answer(). With several hosts,
 * URLs are spread over them as the server spreads them: single PUTs in turn, the parts of a plan by part
 * number.
 */
export function uploadServer(journal?: string[], { hosts = 1 }: { hosts?: number } = {}): FakeTransport {
  const api = new FakeTransport(journal)
  let mediaId = FIRST_MEDIA_ID
  let offers = 0
  api.answer('POST', `${GRANT_PATH}/media`, () => ({ media_id: mediaId++ }))
  api.answer('POST', `${GRANT_PATH}/upload`, ({ body }) => ({
    upload_list: (body as UploadRequest).file_list.map((file) => ({
      ...file,
      s3_bucket_id: BUCKET_ID,
      skip_upload: false,
      signed_opts: signedPut(`${storeUrlOn(offers++ % hosts)}/${file.file_hash}`),
    })),
  }))
  api.answer('POST', `${GRANT_PATH}/s3_object`, () => undefined)
  api.answer('POST', `${GRANT_PATH}/multipart`, ({ body }) => {
    const request = body as MultipartRequest
    return {
      upload_id: `upload-${request.file_hash.slice(0, 8)}`,
      s3_bucket_id: BUCKET_ID,
      skip_upload: false,
      upload_list: request.part_list.map((part) => ({
        part_num: part.part_num,
        skip_upload: false,
        signed_opts: signedPut(
          `${storeUrlOn((part.part_num - 1) % hosts)}/${request.file_hash}?partNumber=${part.part_num}`,
        ),
      })),
    }
  })
  api.answer('POST', `${GRANT_PATH}/multipart_complete`, () => undefined)
  return api
}

// The file system of downloads.

export class FakeFileHandle {
  readonly kind = 'file'
  bytes = new Uint8Array(0)

  constructor(readonly name: string) {}

  /** Bytes written to this file, over all writes. */
  written = 0

  write(at: number, data: Uint8Array): void {
    const next = new Uint8Array(Math.max(at + data.length, this.bytes.length))
    next.set(this.bytes)
    next.set(data, at)
    this.bytes = next
    this.written += data.length
  }

  truncate(size: number): void {
    this.bytes = this.bytes.slice(0, size)
  }
}

export class FakeDirectoryHandle {
  readonly kind = 'directory'
  readonly entries = new Map<string, FakeDirectoryHandle | FakeFileHandle>()

  constructor(readonly name: string) {}

  async getDirectoryHandle(name: string, options?: { create?: boolean }): Promise<FakeDirectoryHandle> {
    const entry = this.entries.get(name)
    if (entry instanceof FakeDirectoryHandle) return entry
    if (entry || !options?.create) throw new DOMException(`no directory ${name}`, 'NotFoundError')
    const made = new FakeDirectoryHandle(name)
    this.entries.set(name, made)
    return made
  }

  async getFileHandle(name: string, options?: { create?: boolean }): Promise<FakeFileHandle> {
    const entry = this.entries.get(name)
    if (entry instanceof FakeFileHandle) return entry
    if (entry || !options?.create) throw new DOMException(`no file ${name}`, 'NotFoundError')
    const made = new FakeFileHandle(name)
    this.entries.set(name, made)
    return made
  }

  /** The file at a relative path ('a/b.bin'), or undefined. */
  file(path: string): FakeFileHandle | undefined {
    const [first = '', ...rest] = path.split('/').filter(Boolean)
    const entry = this.entries.get(first)
    if (rest.length === 0) return entry instanceof FakeFileHandle ? entry : undefined
    return entry instanceof FakeDirectoryHandle ? entry.file(rest.join('/')) : undefined
  }

  /** Puts a file at a relative path, making its folders. */
  async put(path: string, bytes: Uint8Array): Promise<FakeFileHandle> {
    const [first = '', ...rest] = path.split('/').filter(Boolean)
    if (rest.length > 0)
      return (await this.getDirectoryHandle(first, { create: true })).put(rest.join('/'), bytes)
    const file = await this.getFileHandle(first, { create: true })
    file.bytes = bytes.slice()
    return file
  }

  get handle(): FileSystemDirectoryHandle {
    return this as unknown as FileSystemDirectoryHandle
  }
}

/** A file handle the browser kept for an upload: getFile() gives the file again. */
export function uploadHandle(file: File) {
  const getFile = vi.fn(async () => file)
  return { handle: { kind: 'file', name: file.name, getFile } as unknown as FileSystemFileHandle, getFile }
}

// The transfer workers.

export interface FakeWorker {
  id: number
  terminated: boolean
  /** A send worker (carries many sends at once) rather than a hashing one. */
  sender: boolean
}

export interface HashCall {
  worker: number
  file: Blob
  parts: PartRange[]
}

export interface PutCall {
  worker: number
  file: Blob
  offset: number
  size: number
  signed: SignedRequest
  timeoutMs: number
  at: number
  onProgress?: (sentBytes: number) => void
  sendId?: string
  /** abortSend was called for this send while it was in flight. */
  aborted: boolean
}

export interface DownloadCall {
  worker: number
  url: string
  /** The queue item's key of its staging file, and that file. */
  key: string
  file: FakeFileHandle
  fromByte: number
  timeoutMs: number
  at: number
  onStart?: (fromByte: number) => void
  onProgress?: (bytesReceived: number) => void
}

/** One range request of a ranged download, as a lane of the worker makes it. */
export interface RangeCall {
  worker: number
  key: string
  file: FakeFileHandle
  index: number
  start: number
  from: number
  end: number
  url: string
  timeoutMs: number
  at: number
  /** Tells the range's bytes written from its start. */
  progress: (bytes: number) => void
}

/** How a fake range ends: its bytes written from the range's start. */
export type RangeOutcome = ({ ok: true } | ({ ok: false } & TransferError)) & { bytes: number }

export interface CopyCall {
  worker: number
  from: FakeFileHandle
  to: FakeFileHandle
}

/**
 * Fake transfer workers behind a real ItemTaskPool, WorkerPool and ConcurrentWorkerPool. Hashing runs the
 * worker's own code on the real Blob; sends succeed unless onPut says otherwise, and answer 'aborted' at
 * once when abortSend is called for them; downloads serve what `served` holds for a URL, honouring the
 * Range start as a store does (206), unless onDownload says otherwise. The requests and hash tasks in
 * flight are counted, with their peaks.
 */
export class FakeWorkers {
  readonly workers: FakeWorker[] = []
  readonly hashes: HashCall[] = []
  hashesDone = 0
  hashesInFlight = 0
  peakHashesInFlight = 0
  putsInFlight = 0
  peakPutsInFlight = 0
  /** The most sends of one file (by its Blob) in flight at once. */
  readonly peakPutsPerFile = new Map<Blob, number>()
  private readonly putsPerFile = new Map<Blob, number>()
  /** The most sends to one host (scheme, name and port) in flight at once. */
  readonly peakPutsPerHost = new Map<string, number>()
  private readonly putsPerHost = new Map<string, number>()
  private readonly abortSends = new Map<string, () => void>()
  readonly combined: string[][] = []
  readonly puts: PutCall[] = []
  readonly downloads: DownloadCall[] = []
  readonly ranges: RangeCall[] = []
  /** Range requests in flight now, by host, over every file, and their peaks. */
  readonly rangesPerHost = new Map<string, number>()
  readonly peakRangesPerHost = new Map<string, number>()
  /** Range requests in flight now by staging key, and their peaks. */
  readonly rangesPerFile = new Map<string, number>()
  readonly peakRangesPerFile = new Map<string, number>()
  /** Each hash check of a staged file: its key and whether it held. */
  readonly verified: Array<{ key: string; good: boolean }> = []
  readonly copies: CopyCall[] = []
  /** Staged downloads put into their folders, by key. */
  readonly placed: string[] = []
  /** The keys each sweep of the staging files kept. */
  readonly sweeps: string[][] = []
  /** Whose staging files each sweep was for. */
  readonly sweepScopes: StagingScope[] = []
  /** The origin's private file system, where downloads are staged: a reloaded page's workers share it. */
  staging = new FakeDirectoryHandle('staging')
  readonly served = new Map<string, Uint8Array>()
  onPut: (call: PutCall) => TransferResult | Promise<TransferResult> = () => ({ ok: true })
  onDownload: (call: DownloadCall) => Promise<DownloadResult> = (call) => this.serve(call)
  onRange: (call: RangeCall) => Promise<RangeOutcome> = (call) => this.serveRange(call)
  readonly pool: ItemTaskPool<Remote<TransferApi>>

  constructor(
    maxWorkers = 4,
    private readonly journal: string[] = [],
  ) {
    this.pool = new ItemTaskPool(
      new WorkerPool({
        create: () => this.create(false),
        maxWorkers,
        idleTimeoutMs: TRANSFER_IDLE_TIMEOUT_MS,
      }),
      createSendPool(() => this.create(true)),
    )
  }

  /** The number of files with sends in flight now. */
  get filesSending(): number {
    return this.putsPerFile.size
  }

  /** Sends of the part that starts at this offset. */
  putsAt(offset: number): PutCall[] {
    return this.puts.filter((call) => call.offset === offset)
  }

  /** The default download: the bytes served for the URL from fromByte on, written where the store says. */
  async serve(call: DownloadCall): Promise<DownloadResult> {
    const content = this.served.get(call.url)
    if (!content) return { ok: false, kind: 'bad_status', status: 404, bytes_received: call.fromByte }
    call.file.truncate(call.fromByte)
    call.onStart?.(call.fromByte)
    call.file.write(call.fromByte, content.subarray(call.fromByte))
    call.onProgress?.(content.length)
    return { ok: true, bytes_received: content.length }
  }

  /** The default range: the bytes served for the URL from `from` to `end`, written at their offsets (206). */
  async serveRange(call: RangeCall): Promise<RangeOutcome> {
    const content = this.served.get(call.url)
    if (!content) return { ok: false, kind: 'bad_status', status: 404, bytes: call.from - call.start }
    call.file.write(call.from, content.subarray(call.from, call.end))
    return { ok: true, bytes: call.end - call.start }
  }

  private countRange(host: string, key: string, by: number): void {
    for (const [now, peak, name] of [
      [this.rangesPerHost, this.peakRangesPerHost, host],
      [this.rangesPerFile, this.peakRangesPerFile, key],
    ] as const) {
      const value = (now.get(name) ?? 0) + by
      now.set(name, value)
      peak.set(name, Math.max(peak.get(name) ?? 0, value))
    }
  }

  private startPut(file: Blob, host: string): void {
    const onHost = (this.putsPerHost.get(host) ?? 0) + 1
    this.putsPerHost.set(host, onHost)
    this.peakPutsPerHost.set(host, Math.max(this.peakPutsPerHost.get(host) ?? 0, onHost))
    this.putsInFlight++
    this.peakPutsInFlight = Math.max(this.peakPutsInFlight, this.putsInFlight)
    const ofFile = (this.putsPerFile.get(file) ?? 0) + 1
    this.putsPerFile.set(file, ofFile)
    this.peakPutsPerFile.set(file, Math.max(this.peakPutsPerFile.get(file) ?? 0, ofFile))
  }

  private endPut(file: Blob, host: string): void {
    this.putsPerHost.set(host, (this.putsPerHost.get(host) ?? 1) - 1)
    this.putsInFlight--
    const ofFile = (this.putsPerFile.get(file) ?? 1) - 1
    if (ofFile === 0) this.putsPerFile.delete(file)
    else this.putsPerFile.set(file, ofFile)
  }

  private create(sender: boolean) {
    const worker: FakeWorker = { id: this.workers.length + 1, terminated: false, sender }
    this.workers.push(worker)
    const api: TransferApi = {
      hashParts: async (file, parts, onProgress) => {
        this.hashes.push({ worker: worker.id, file, parts })
        this.journal.push(`hash ${parts.map((part) => part.offset).join(',')}`)
        this.hashesInFlight++
        this.peakHashesInFlight = Math.max(this.peakHashesInFlight, this.hashesInFlight)
        try {
          // A macrotask first, as a real read of the file takes: the other hash tasks start meanwhile.
          await new Promise<void>((resolve) => setImmediate(resolve))
          const digests = await hashParts(file, parts, onProgress)
          this.hashesDone++
          return digests
        } finally {
          this.hashesInFlight--
        }
      },
      combinedHash: (digests) => {
        this.combined.push(digests)
        return combineDigests(digests)
      },
      putPart: async (file, offset, size, signed, timeoutMs, onProgress, sendId) => {
        const at = Date.now()
        const call: PutCall = {
          worker: worker.id,
          file,
          offset,
          size,
          signed,
          timeoutMs,
          at,
          onProgress,
          aborted: false,
        }
        if (sendId !== undefined) call.sendId = sendId
        this.puts.push(call)
        this.journal.push(`put ${offset}`)
        this.startPut(file, new URL(signed.url).origin)
        const aborted = new Promise<TransferResult>((resolve) => {
          if (sendId !== undefined)
            this.abortSends.set(sendId, () => {
              call.aborted = true
              resolve({ ok: false, kind: 'aborted' })
            })
        })
        try {
          onProgress?.(Math.floor(size / 2))
          return await Promise.race([this.onPut(call), aborted])
        } finally {
          if (sendId !== undefined) this.abortSends.delete(sendId)
          this.endPut(file, new URL(signed.url).origin)
        }
      },
      abortSend: (sendId) => {
        this.abortSends.get(sendId)?.()
      },
      downloadState: async (place, key, fileSize) => {
        const target = (place.dir as unknown as FakeDirectoryHandle).file(place.path)
        const whole = target?.bytes.length === fileSize
        if (whole) this.staging.entries.delete(key)
        return { whole, staged: whole ? 0 : (this.staging.file(key)?.bytes.length ?? 0) }
      },
      download: async (url, key, fromByte, timeoutMs, onStart, onProgress) => {
        const file = await this.staging.getFileHandle(key, { create: true })
        const call = {
          worker: worker.id,
          url,
          key,
          file,
          fromByte,
          timeoutMs,
          at: Date.now(),
          onStart,
          onProgress,
        }
        this.downloads.push(call)
        return this.onDownload(call)
      },
      downloadRanges: async (key, fileSize, lanes, timeoutMs, next, report) => {
        const file = await this.staging.getFileHandle(key, { create: true })
        if (file.bytes.length > fileSize) file.truncate(fileSize)
        const lane = async () => {
          for (;;) {
            const job = await next()
            if (!job) return
            const host = new URL(job.url).host
            const call: RangeCall = {
              worker: worker.id,
              key,
              file,
              ...job,
              timeoutMs,
              at: Date.now(),
              progress: (bytes) => void report({ index: job.index, bytes, final: false }),
            }
            this.ranges.push(call)
            this.countRange(host, key, 1)
            let outcome: RangeOutcome
            try {
              // A macrotask first, as a real request takes: the other lanes ask for their ranges meanwhile.
              await new Promise<void>((resolve) => setImmediate(resolve))
              outcome = await this.onRange(call)
            } finally {
              // The request is over before its end is told, as in the worker.
              this.countRange(host, key, -1)
            }
            await report({ index: job.index, final: true, ...outcome })
          }
        }
        await Promise.all(Array.from({ length: lanes }, lane))
        // No part digested on the way: verification hashes every part, as after a reload.
        return []
      },
      verifyDownload: async (key, fileSize, fileHash, knownPartDigests) => {
        if (fileSize === 0) await this.staging.getFileHandle(key, { create: true })
        const staged = this.staging.file(key)
        const good =
          staged !== undefined &&
          staged.bytes.length === fileSize &&
          (await contentHash(new Blob([staged.bytes.slice()]), undefined, knownPartDigests)) === fileHash
        if (!good) this.staging.entries.delete(key)
        this.verified.push({ key, good })
        return good
      },
      placeDownload: async (key, place) => {
        const staged = this.staging.file(key)
        if (!staged) throw new DOMException(`no staged file ${key}`, 'NotFoundError')
        await (place.dir as unknown as FakeDirectoryHandle).put(place.path, staged.bytes)
        this.staging.entries.delete(key)
        this.placed.push(key)
      },
      copy: async (from, to, onProgress) => {
        const source = (from.dir as unknown as FakeDirectoryHandle).file(from.path)
        if (!source) throw new DOMException(`no file ${from.path}`, 'NotFoundError')
        const target = await (to.dir as unknown as FakeDirectoryHandle).put(to.path, source.bytes)
        this.copies.push({ worker: worker.id, from: source, to: target })
        onProgress?.(target.bytes.length)
      },
      sweepDownloads: async (keep, scope = 'console') => {
        this.sweeps.push([...keep])
        this.sweepScopes.push(scope)
        for (const key of [...this.staging.entries.keys()])
          if (inStagingScope(key, scope) && !keep.includes(key)) this.staging.entries.delete(key)
      },
    }
    return {
      api: api as unknown as Remote<TransferApi>,
      terminate: () => {
        worker.terminated = true
      },
    }
  }
}

// Leadership of a queue.

/** The Web Locks of a browser with one tab: every lock is granted at once, and held until it is released. */
export const oneTabLocks: LockManagerLike = {
  request: (_name, _options, callback) => callback(undefined),
}

/** The channel to the other tabs of a browser with one tab: what the tab posts is recorded, with when. */
export class RecordingChannel implements ChannelLike {
  onmessage: ((event: MessageEvent) => void) | null = null
  readonly posted: Array<{ at: number; message: TransfersMessage<unknown, unknown> }> = []

  postMessage(message: unknown): void {
    this.posted.push({ at: Date.now(), message: message as TransfersMessage<unknown, unknown> })
  }

  close(): void {}

  /** The states published to the followers, with when. */
  states(): Array<{ at: number; state: unknown }> {
    return this.posted.flatMap(({ at, message }) =>
      message.type === 'state' ? [{ at, state: message.state }] : [],
    )
  }
}

// The queue store.

/** A QueueStore in memory: queues are structured-cloned as IndexedDB would, handles kept as they are. */
export class MemoryQueueStore implements QueueStore {
  private uploads: UploadQueue = emptyUploadQueue
  private uploadHandles = new Map<string, FileSystemFileHandle>()
  private downloads: DownloadQueue = emptyDownloadQueue
  private downloadHandles = new Map<string, FileSystemDirectoryHandle>()

  async loadUploads(): Promise<RestoredUploads> {
    return { queue: structuredClone(this.uploads), handles: new Map(this.uploadHandles) }
  }

  async saveUploads(queue: UploadQueue, handles: ReadonlyMap<string, FileSystemFileHandle> = new Map()) {
    this.uploadHandles = keptHandles(queue.items, handles, this.uploadHandles)
    this.uploads = structuredClone(queue)
  }

  async loadDownloads(): Promise<RestoredDownloads> {
    return { queue: structuredClone(this.downloads), handles: new Map(this.downloadHandles) }
  }

  async saveDownloads(
    queue: DownloadQueue,
    handles: ReadonlyMap<string, FileSystemDirectoryHandle> = new Map(),
  ) {
    this.downloadHandles = keptHandles(queue.items, handles, this.downloadHandles)
    this.downloads = structuredClone(queue)
  }

  close(): void {}
}

function keptHandles<H>(
  items: ReadonlyArray<{ id: string }>,
  given: ReadonlyMap<string, H>,
  kept: ReadonlyMap<string, H>,
): Map<string, H> {
  const handles = new Map<string, H>()
  for (const { id } of items) {
    const handle = given.get(id) ?? kept.get(id)
    if (handle) handles.set(id, handle)
  }
  return handles
}

/** A store that remembers every queue it finished saving, to wait for a given state to be on disk. */
export class RecordingStore implements QueueStore {
  readonly savedUploads: UploadQueue[] = []
  readonly savedDownloads: DownloadQueue[] = []
  /** When each save of either queue was asked for, on the (fake) clock. */
  readonly saveTimes: number[] = []

  constructor(readonly inner: QueueStore) {}

  loadUploads(): Promise<RestoredUploads> {
    return this.inner.loadUploads()
  }

  async saveUploads(queue: UploadQueue, handles?: ReadonlyMap<string, FileSystemFileHandle>) {
    this.saveTimes.push(Date.now())
    await this.inner.saveUploads(queue, handles)
    this.savedUploads.push(queue)
  }

  loadDownloads(): Promise<RestoredDownloads> {
    return this.inner.loadDownloads()
  }

  async saveDownloads(queue: DownloadQueue, handles?: ReadonlyMap<string, FileSystemDirectoryHandle>) {
    this.saveTimes.push(Date.now())
    await this.inner.saveDownloads(queue, handles)
    this.savedDownloads.push(queue)
  }

  close(): void {
    this.inner.close()
  }
}
