// The upload executor. It runs in the leading tab only (leader.ts): it restores the queue from IndexedDB,
// then on every step of its QueueEngine (queueEngine.ts) does what the pure model (uploadModel.ts) says is
// due, within its limits, and turns each answer into a model event. Bytes are read in slices by the
// transfer workers (hashing and sending), never whole on this thread. The engine holds the queue, saves it
// and wakes the runner for the earliest due retry or wait.
//
// Saving: at most about once a second while bytes move, and at once after every event that records work
// which must not be done twice (a part stored, a hash, a registration, a finished file), so that a reload
// never sends a completed part again.
import type { Remote } from 'comlink'
import type { SignedOpts } from '../../server/contract/media.ts'
import { registerMedia, type GrantRef } from '../api/media.ts'
import { ApiError } from '../api/transport.ts'
import { completeMultipart, confirmObject, offerUpload, planMultipart } from '../api/uploads.ts'
import type { TransferApi } from '../../workers/transfer.worker.ts'
import type { TransferResult } from '../../workers/transferCore.ts'
import { hasHandleAccess } from './handleAccess.ts'
import { storageHostOf, transferTimeoutMs } from './limits.ts'
import { hashPartsInParallel } from './partHashing.ts'
import { putPartTask, type ItemTaskPool } from './pool.ts'
import { QueueEngine, type QueueDefinition } from './queueEngine.ts'
import type { QueueStore } from './queueStore.ts'
import {
  emptyUploadQueue,
  type UploadDestination,
  type UploadEvent,
  type UploadItem,
  type UploadQueue,
} from './uploadModel.ts'
import { uploadReducer } from './uploadReducer.ts'
import {
  autoRetryDueAt,
  identityPart,
  nextUploadRetryAt,
  nextUploadStep,
  uploadsToStart,
} from './uploadSelectors.ts'
import { uploadErrorText } from './uploadText.ts'

/** A file the user picked, with where it goes; handle is kept where the browser gives one. */
export interface PickedUpload extends UploadDestination {
  file: File
  handle: FileSystemFileHandle | null
  /** The folder under the destination, '' for the destination itself. */
  folder: string
  /** Relative to the container: '/a/b/clip.mov'. */
  media_path: string
}

/** What a tab asks of the leader; Files and handles cross the BroadcastChannel as structured clones. */
export type UploadCommand =
  | { type: 'add'; files: PickedUpload[] }
  | { type: 'remove'; id: string }
  | { type: 'retry' }
  | { type: 'set_auto_retry'; on: boolean }
  | { type: 'file_chosen'; id: string; file: File; handle: FileSystemFileHandle | null }
  /** The user allowed access to kept handles again (in whichever tab): items whose file they give resume. */
  | { type: 'access_granted' }
  /** Close: forget every item that has finished, successfully or not. */
  | { type: 'clear_finished' }

export type TransferWorkers = ItemTaskPool<Remote<TransferApi>>

export interface UploadRunnerOptions {
  pool: TransferWorkers
  store: QueueStore
  /** Called whenever the queue changes (the manager publishes it, throttled by itself). */
  onChange: (queue: UploadQueue) => void
  now?: () => number
  newId?: () => string
}

/** The upload queue for the engine: the user's changes and every piece of work done are saved at once. */
export const uploadQueue: QueueDefinition<UploadQueue, UploadEvent> = {
  reduce: uploadReducer,
  saveAtOnce: new Set([
    'add',
    'remove',
    'retry',
    'set_auto_retry',
    'file_chosen',
    'file_restored',
    'part_hashed',
    'hashed',
    'registered',
    'register_failed',
    'offer',
    'part_plan',
    'part_sent',
    'part_failed',
    'completed',
    'failed',
  ]),
  progressOnly: new Set(['hash_progress', 'part_progress']),
}

function grantOf(item: UploadItem): GrantRef {
  return { orgId: item.org_id, mediaGrantId: item.media_grant_id }
}

function isAborted(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}

function toSignedRequest(signed: SignedOpts) {
  return { method: signed.method, url: signed.url, headers: signed.headers }
}

export class UploadRunner {
  private readonly engine: QueueEngine<UploadQueue, UploadEvent>
  private readonly files = new Map<string, File>()
  private readonly handles = new Map<string, FileSystemFileHandle>()
  private readonly now: () => number
  private readonly newId: () => string

  constructor(private readonly options: UploadRunnerOptions) {
    this.now = options.now ?? Date.now
    this.newId = options.newId ?? (() => crypto.randomUUID())
    this.engine = new QueueEngine(uploadQueue, {
      initial: emptyUploadQueue,
      save: (queue) => options.store.saveUploads(queue, this.handles),
      effects: (now) => this.startDue(now),
      onChange: options.onChange,
      now: this.now,
    })
  }

  get state(): UploadQueue {
    return this.engine.state
  }

  private get queue(): UploadQueue {
    return this.engine.state
  }

  /**
   * Restores the queue. An item resumes by itself when its kept handle still gives the same file without
   * asking; otherwise (no handle, the permission lost, the file changed on disk) it waits for the user to
   * allow access again or choose the file again.
   */
  async restore(): Promise<void> {
    const restored = await this.options.store.loadUploads()
    // Every handle stays kept, usable or not: allowing access again needs it.
    for (const [id, handle] of restored.handles) this.handles.set(id, handle)
    this.engine.load(restored.queue)
    const usable = await Promise.all(this.queue.items.map((item) => this.fileOfKeptHandle(item)))
    const withoutFile = this.queue.items.filter((_, index) => !usable[index]).map((item) => item.id)
    this.dispatch({ type: 'restored', without_file: withoutFile })
    this.engine.run()
  }

  /** The item's file from its kept handle, when the browser gives it without asking and it is unchanged. */
  private async fileOfKeptHandle(item: UploadItem): Promise<boolean> {
    // A finished item needs no file: it is not read.
    if (item.is_done || item.status === 'error') return true
    const handle = this.handles.get(item.id)
    if (!handle || !(await hasHandleAccess(handle, 'read'))) return false
    try {
      const file = await handle.getFile()
      if (file.size !== item.file_size || file.lastModified !== item.mtime) return false
      this.files.set(item.id, file)
      return true
    } catch {
      return false
    }
  }

  stop(): void {
    this.engine.stop()
  }

  apply(command: UploadCommand): void {
    switch (command.type) {
      case 'add':
        return this.add(command.files)
      case 'remove':
        // Removing cancels the item's work: its workers are terminated and its answers ignored.
        this.options.pool.cancel(command.id)
        this.files.delete(command.id)
        this.handles.delete(command.id)
        return this.dispatch({ type: 'remove', id: command.id })
      case 'retry':
        return this.dispatch({ type: 'retry' })
      case 'set_auto_retry':
        return this.dispatch({ type: 'set_auto_retry', on: command.on })
      case 'file_chosen':
        void this.fileChosen(command.id, command.file, command.handle)
        return
      case 'access_granted':
        void this.accessGranted()
        return
      case 'clear_finished':
        for (const item of this.queue.items) {
          if (item.status === 'done' || item.status === 'error') this.apply({ type: 'remove', id: item.id })
        }
        return
    }
  }

  private add(picked: PickedUpload[]): void {
    const byId = new Map(picked.map((each) => [this.newId(), each]))
    this.dispatch({
      type: 'add',
      files: [...byId].map(([id, each]) => ({
        id,
        name: each.file.name,
        folder: each.folder,
        media_path: each.media_path,
        file_size: each.file.size,
        mtime: each.file.lastModified,
        org_id: each.org_id,
        media_grant_id: each.media_grant_id,
      })),
    })
    // The model skipped empty files, dot paths and duplicates: keep only the files of items it took.
    const taken = new Set(this.queue.items.map((item) => item.id))
    for (const [id, each] of byId) {
      if (!taken.has(id)) continue
      this.files.set(id, each.file)
      if (each.handle) this.handles.set(id, each.handle)
    }
  }

  private async accessGranted(): Promise<void> {
    for (const item of this.queue.items.filter((each) => each.needs_file)) {
      if (await this.fileOfKeptHandle(item)) this.dispatch({ type: 'file_restored', id: item.id })
    }
  }

  /** A file chosen again after a reload counts only when it is the same: same name, size, time and bytes. */
  private async fileChosen(id: string, file: File, handle: FileSystemFileHandle | null): Promise<void> {
    const item = this.queue.items.find((candidate) => candidate.id === id)
    if (!item?.needs_file) return
    const part = identityPart(item)
    let partHash: string | null = null
    if (part && file.size === item.file_size) {
      try {
        const range = [{ offset: part.offset, size: part.part_size }]
        ;[partHash = null] = await this.options.pool.run(id, (api) => api.hashParts(file, range))
      } catch {
        return
      }
    }
    const identity = { name: file.name, file_size: file.size, mtime: file.lastModified, part_hash: partHash }
    // Only the choice that is found the same counts: another one checked meanwhile must not replace it.
    const waiting = this.current(id)?.needs_file === true
    this.dispatch({ type: 'file_chosen', id, file: identity })
    if (waiting && this.current(id)?.needs_file === false) {
      this.files.set(id, file)
      if (handle) this.handles.set(id, handle)
    }
  }

  private dispatch(event: UploadEvent): void {
    if (!this.engine.dispatch(event)) return
    if (event.type === 'remove' || event.type === 'completed') this.options.pool.forget(event.id)
  }

  /** The engine's step: starts what is due; returns when the next retry or wait falls due. */
  private startDue(now: number): Array<number | null> {
    const autoRetry = autoRetryDueAt(this.queue)
    if (autoRetry !== null && autoRetry <= now) this.dispatch({ type: 'retry' })
    for (const id of uploadsToStart(this.queue, now)) this.dispatch({ type: 'start', id })
    const waits: number[] = []
    for (const item of this.queue.items) {
      const step = nextUploadStep(item, now)
      if (step.kind === 'wait') waits.push(step.until)
      else this.act(item, step)
    }
    return [...waits, nextUploadRetryAt(this.queue), autoRetryDueAt(this.queue)]
  }

  private act(item: UploadItem, step: ReturnType<typeof nextUploadStep>): void {
    switch (step.kind) {
      case 'hash':
        return void this.hash(item, step.part_nums)
      case 'register':
        return void this.request(item, 'register', () => this.register(item))
      case 'offer':
        return void this.request(item, 'offer', () => this.offer(item))
      case 'plan':
        return void this.request(item, 'plan', () => this.plan(item))
      case 'put':
        for (const partNum of step.part_nums) void this.put(item, partNum)
        return
      case 'complete':
        return void this.request(item, 'complete', () => this.complete(item))
      default:
        return
    }
  }

  private async fileOf(id: string): Promise<File | undefined> {
    const file = this.files.get(id)
    if (file) return file
    const handle = this.handles.get(id)
    if (!handle) return undefined
    const fromHandle = await handle.getFile()
    this.files.set(id, fromHandle)
    return fromHandle
  }

  /** The item as the queue holds it now, when it is still there. */
  private current(id: string): UploadItem | undefined {
    return this.queue.items.find((item) => item.id === id)
  }

  private async hash(item: UploadItem, partNums: number[]): Promise<void> {
    this.dispatch({ type: 'hash_started', id: item.id })
    try {
      const file = await this.fileOf(item.id)
      if (!file) throw new Error('file_unavailable')
      const wanted = new Set(partNums)
      const parts = item.parts.filter((part) => wanted.has(part.part_num))
      // Progress counts the parts hashed before this run too.
      const before = item.parts
        .filter((part) => !wanted.has(part.part_num))
        .reduce((sum, part) => sum + part.part_size, 0)
      const digests = await hashPartsInParallel(this.options.pool, item.id, file, parts, {
        onProgress: (bytes) =>
          this.dispatch({ type: 'hash_progress', id: item.id, hashed_bytes: before + bytes }),
        onPart: (partNum, digest) => {
          if (item.multipart)
            this.dispatch({ type: 'part_hashed', id: item.id, part_num: partNum, part_hash: digest })
        },
      })
      if (!item.multipart) {
        if (digests[0]) this.dispatch({ type: 'hashed', id: item.id, hash: digests[0] })
        return
      }
      const all = this.current(item.id)?.parts.map((part) => part.part_hash)
      if (!all || all.some((hash) => hash === null)) return
      const hash = await this.options.pool.run(item.id, (api) => api.combinedHash(all as string[]))
      this.dispatch({ type: 'hashed', id: item.id, hash })
    } catch (error) {
      if (isAborted(error)) return
      this.dispatch({ type: 'failed', id: item.id, error: uploadErrorText(error) })
    }
  }

  /** One call to the server for an item; while it runs the model asks nothing else of the item. */
  private async request(
    item: UploadItem,
    kind: 'register' | 'offer' | 'plan' | 'complete',
    call: () => Promise<UploadEvent>,
  ) {
    this.dispatch({ type: 'request_started', id: item.id, request: kind })
    try {
      this.dispatch(await call())
    } catch (error) {
      if (kind === 'register') {
        const status = error instanceof ApiError ? error.status : undefined
        this.dispatch({
          type: 'register_failed',
          id: item.id,
          error: uploadErrorText(error),
          ...(status !== undefined ? { status } : {}),
        })
      } else if (kind === 'complete' && error instanceof ApiError && error.status === 412) {
        // Not finished yet: the model asks again shortly.
        this.dispatch({ type: 'complete_not_finished', id: item.id })
      } else {
        this.dispatch({ type: 'failed', id: item.id, error: uploadErrorText(error) })
      }
    }
  }

  private async register(item: UploadItem): Promise<UploadEvent> {
    const mediaId = await registerMedia(grantOf(item), {
      media_path: item.media_path,
      file_size: item.file_size,
      file_hash: item.hash ?? '',
      ctime: item.mtime,
      mtime: item.mtime,
    })
    return { type: 'registered', id: item.id, media_id: mediaId }
  }

  private async offer(item: UploadItem): Promise<UploadEvent> {
    const offer = await offerUpload(grantOf(item), {
      file_hash: item.hash ?? '',
      file_size: item.file_size,
    })
    return {
      type: 'offer',
      id: item.id,
      s3_bucket_id: offer.s3_bucket_id,
      skip_upload: offer.skip_upload,
      signed_opts: offer.signed_opts,
    }
  }

  private partList(item: UploadItem) {
    return item.parts.map((part) => ({
      part_num: part.part_num,
      part_hash: part.part_hash ?? '',
      part_size: part.part_size,
    }))
  }

  private async plan(item: UploadItem): Promise<UploadEvent> {
    const plan = await planMultipart(grantOf(item), {
      file_hash: item.hash ?? '',
      file_size: item.file_size,
      part_list: this.partList(item),
    })
    return {
      type: 'part_plan',
      id: item.id,
      upload_id: plan.upload_id,
      s3_bucket_id: plan.s3_bucket_id,
      skip_upload: plan.skip_upload,
      parts: plan.upload_list,
    }
  }

  private async complete(item: UploadItem): Promise<UploadEvent> {
    const file = {
      file_hash: item.hash ?? '',
      file_size: item.file_size,
      s3_bucket_id: item.s3_bucket_id ?? 0,
    }
    if (item.multipart) {
      await completeMultipart(grantOf(item), {
        ...file,
        part_list: this.partList(item),
        upload_id: item.upload_id ?? '',
      })
    } else {
      await confirmObject(grantOf(item), file)
    }
    return { type: 'completed', id: item.id }
  }

  /** Sends one part (the whole file for a single PUT) from a send worker, following signed_opts exactly. */
  private async put(item: UploadItem, partNum: number): Promise<void> {
    const part = item.parts.find((candidate) => candidate.part_num === partNum)
    if (!part?.signed_opts) return
    const signed = toSignedRequest(part.signed_opts)
    this.dispatch({ type: 'part_started', id: item.id, part_num: partNum })
    let result: TransferResult
    try {
      const file = await this.fileOf(item.id)
      if (!file) throw new Error('file_unavailable')
      const onProgress = (sent: number) =>
        this.dispatch({ type: 'part_progress', id: item.id, part_num: partNum, sent_bytes: sent })
      const range = { offset: part.offset, size: part.part_size }
      const timeoutMs = transferTimeoutMs(part.part_size)
      // Within the caps of requests in flight over all files and per host; the model keeps each file to
      // its parts limit.
      const task = putPartTask(file, range, signed, timeoutMs, onProgress)
      result = await this.options.pool.send(item.id, task, storageHostOf(signed.url))
    } catch (error) {
      if (isAborted(error)) return
      result = { ok: false, kind: 'xhr_error' }
    }
    if (result.ok) this.dispatch({ type: 'part_sent', id: item.id, part_num: partNum })
    else if (result.kind !== 'aborted')
      this.dispatch({ type: 'part_failed', id: item.id, part_num: partNum, error: result.kind })
  }
}
