// The download queue at work, in the tab that leads the 'downloads' queue (leader.ts). It restores the queue
// from IndexedDB, starts what downloadsToStart says, fetches each file through a transfer worker into a
// staging file of the origin's private file system and then puts it into the chosen directory whole
// (workers/downloadFiles.ts says why), copies files that share a hash from the one downloaded, and retries
// failures on time. The model (downloadModel.ts) decides every transition; this module only does the I/O
// and feeds it events.
import type { Remote } from 'comlink'
import type { DownloadResult } from '../../workers/transferCore.ts'
import type { DownloadPlace, TransferApi } from '../../workers/transfer.worker.ts'
import {
  downloadReducer,
  downloadsToStart,
  downloadSummary,
  emptyDownloadQueue,
  nextDownloadRetryAt,
  type DownloadEvent,
  type DownloadItem,
  type DownloadQueue,
  type NewDownloadFile,
} from './downloadModel.ts'
import { downloadStart } from './downloadPlan.ts'
import { hasHandleAccess } from './handleAccess.ts'
import { transferTimeoutMs } from './limits.ts'
import { progressCallback, type ItemTaskPool } from './pool.ts'
import type { QueueStore } from './queueStore.ts'

export type DownloadCommand =
  | { type: 'add'; files: NewDownloadFile[]; dir: FileSystemDirectoryHandle }
  | { type: 'retry' }
  | { type: 'remove'; id: string }
  | { type: 'close' }
  /** The user allowed access to the chosen directories again (in whichever tab): look again. */
  | { type: 'access_granted' }

/** Why a download address was not given: 'not_found' is fatal (the content was never uploaded). */
export type UrlFailure = 'not_found' | 'other'

export interface DownloadRunnerOptions {
  store: QueueStore
  pool: ItemTaskPool<Remote<TransferApi>>
  /** The signed address of an item's content; throws what classifyUrlError reads. */
  getUrl: (item: DownloadItem) => Promise<string>
  classifyUrlError: (error: unknown) => UrlFailure
  /** The queue changed (called at most every PUBLISH_INTERVAL_MS). */
  onChange: (queue: DownloadQueue) => void
  now?: () => number
}

/** Saving is about once a second: progress moves many times a second, and a reload loses at most that. */
export const SAVE_INTERVAL_MS = 1_000
/** Progress reaches the screens of every tab at most this often. */
export const PUBLISH_INTERVAL_MS = 100

/** The pool's name for the sweep of staging files, which belongs to no item. */
const SWEEP_TASK = 'sweep-staged-downloads'

export class DownloadRunner {
  private queueState: DownloadQueue = emptyDownloadQueue
  private readonly handles = new Map<string, FileSystemDirectoryHandle>()
  private readonly ready: Promise<void>
  private markReady: () => void = () => undefined
  private saveTimer: ReturnType<typeof setTimeout> | undefined
  private publishTimer: ReturnType<typeof setTimeout> | undefined
  private retryTimer: ReturnType<typeof setTimeout> | undefined
  private closed = false
  private readonly now: () => number

  constructor(private readonly options: DownloadRunnerOptions) {
    this.now = options.now ?? Date.now
    this.ready = new Promise((resolve) => {
      this.markReady = resolve
    })
  }

  get queue(): DownloadQueue {
    return this.queueState
  }

  /** This tab now leads: what another tab left in flight resumes here. */
  async lead(): Promise<void> {
    try {
      const restored = await this.options.store.loadDownloads()
      this.queueState = restored.queue
      for (const [id, handle] of restored.handles) this.handles.set(id, handle)
    } finally {
      this.markReady()
    }
    // Access first: the directories the browser no longer lets us write into hold their items back.
    await this.checkAccess()
    this.sweepStaging()
    // Restoring changes nothing when no item was in flight (one waiting for its retry, say): start them here.
    if (!this.dispatch({ type: 'restored' })) this.pump()
    this.publishNow()
  }

  /** Directories of unfinished items the browser will not let this tab write into without asking. */
  private async checkAccess(): Promise<void> {
    const dirs = new Set<FileSystemDirectoryHandle>()
    for (const item of this.queueState.items) {
      const dir = this.handles.get(item.id)
      if (dir && item.status !== 'done' && item.status !== 'error') dirs.add(dir)
    }
    const denied: string[] = []
    for (const dir of dirs) {
      if (!(await hasHandleAccess(dir, 'readwrite')) && !denied.includes(dir.name)) denied.push(dir.name)
    }
    this.dispatch({ type: 'access', needs_access: denied })
  }

  async command(command: DownloadCommand): Promise<void> {
    await this.ready
    switch (command.type) {
      case 'add':
        // A new download begins a new list once the last one has finished.
        if (downloadSummary(this.queueState).running === 0) this.clear()
        for (const file of command.files) this.handles.set(file.id, command.dir)
        this.dispatch({ type: 'add', files: command.files })
        break
      case 'retry':
        this.dispatch({ type: 'retry' })
        break
      case 'remove':
        this.options.pool.cancel(command.id)
        this.handles.delete(command.id)
        this.dispatch({ type: 'remove', id: command.id })
        this.sweepStaging()
        break
      case 'close':
        this.clear()
        this.changed()
        this.sweepStaging()
        break
      case 'access_granted':
        await this.checkAccess()
        break
    }
    // The user's changes are written at once, not on the next beat.
    await this.saveNow()
  }

  close(): void {
    this.closed = true
    clearTimeout(this.saveTimer)
    clearTimeout(this.publishTimer)
    clearTimeout(this.retryTimer)
  }

  private clear(): void {
    for (const item of this.queueState.items) this.options.pool.cancel(item.id)
    this.handles.clear()
    this.queueState = emptyDownloadQueue
  }

  /** Applies an event; false when it changed nothing. */
  private dispatch(event: DownloadEvent): boolean {
    const next = downloadReducer(this.queueState, event, this.now())
    if (next === this.queueState) return false
    this.queueState = next
    this.changed()
    // Progress makes nothing else due: only other events start items.
    if (event.type !== 'progress') this.pump()
    return true
  }

  private changed(): void {
    this.publishTimer ??= setTimeout(() => this.publishNow(), PUBLISH_INTERVAL_MS)
    this.saveTimer ??= setTimeout(() => void this.saveNow(), SAVE_INTERVAL_MS)
  }

  private publishNow(): void {
    clearTimeout(this.publishTimer)
    this.publishTimer = undefined
    if (!this.closed) this.options.onChange(this.queueState)
  }

  private async saveNow(): Promise<void> {
    clearTimeout(this.saveTimer)
    this.saveTimer = undefined
    if (this.closed) return
    try {
      await this.options.store.saveDownloads(this.queueState, this.handles)
    } catch {
      // The queue runs on in memory; the next change tries again.
    }
  }

  private pumping = false
  private pumpAgain = false

  /**
   * Starts what the model says may start. Each start is itself a change that asks for a pump, so a pump
   * inside a pump only asks for another pass: otherwise both would start the same items.
   */
  private pump(): void {
    if (this.pumping) {
      this.pumpAgain = true
      return
    }
    this.pumping = true
    try {
      do {
        this.pumpAgain = false
        for (const { id, action } of downloadsToStart(this.queueState, this.now())) {
          if (!this.dispatch({ type: 'start', id })) continue
          const item = this.item(id)
          if (!item) continue
          const task = action === 'copy' ? this.copy(item) : this.download(item)
          // Whatever went wrong (a folder that cannot be made, a worker that died) is a failure to retry.
          void task
            .catch(() => this.dispatch({ type: 'failed', id }))
            .finally(() => this.options.pool.forget(id))
        }
      } while (this.pumpAgain)
    } finally {
      this.pumping = false
    }
    this.scheduleRetry()
  }

  private scheduleRetry(): void {
    clearTimeout(this.retryTimer)
    const at = nextDownloadRetryAt(this.queueState)
    if (at === null || this.closed) return
    this.retryTimer = setTimeout(() => this.pump(), Math.max(0, at - this.now()))
  }

  /**
   * Drops the staged bytes of downloads no longer in the queue (removed, cleared, or left by a tab that
   * closed), keeping those of unfinished items: a file cut short resumes from them.
   */
  private sweepStaging(): void {
    const keep = this.queueState.items.filter((item) => item.status !== 'done').map((item) => item.id)
    const { pool } = this.options
    void pool
      .run(SWEEP_TASK, (api) => api.sweepDownloads(keep))
      .catch(() => undefined)
      .finally(() => pool.forget(SWEEP_TASK))
  }

  private item(id: string): DownloadItem | undefined {
    return this.queueState.items.find((item) => item.id === id)
  }

  private target(item: DownloadItem): DownloadPlace {
    const dir = this.handles.get(item.id)
    if (!dir) throw new Error('the directory of this download is not known')
    return { dir, path: item.path }
  }

  private async download(item: DownloadItem): Promise<void> {
    const { id } = item
    const { pool } = this.options
    const place = this.target(item)
    const start = downloadStart(
      item,
      await pool.run(id, (api) => api.downloadState(place, id, item.file_size)),
    )
    if (start === 'skip') {
      this.dispatch({ type: 'already_present', id })
      return
    }
    let url: string
    try {
      url = new URL(await this.options.getUrl(item), location.href).href
    } catch (error) {
      if (this.options.classifyUrlError(error) !== 'not_found') throw error
      this.dispatch({ type: 'url_not_found', id })
      return
    }
    this.dispatch({ type: 'url_received', id })
    if (start < item.file_size) {
      const result: DownloadResult = await pool.run(id, (api): Promise<DownloadResult> =>
        api.download(
          url,
          id,
          start,
          transferTimeoutMs(item.file_size),
          progressCallback((from_byte) => this.dispatch({ type: 'download_started', id, from_byte })),
          progressCallback((bytes_received) => this.dispatch({ type: 'progress', id, bytes_received })),
        ),
      )
      // The bytes written count even on failure: the next try resumes after them.
      this.dispatch({ type: 'progress', id, bytes_received: result.bytes_received })
      // A body that ended short is not the file: the next try asks for the rest.
      if (!result.ok || result.bytes_received !== item.file_size) {
        this.dispatch({ type: 'failed', id })
        return
      }
    } else {
      // Every byte is staged already (a reload cut the placing short): only the placing is left.
      this.dispatch({ type: 'download_started', id, from_byte: start })
    }
    await pool.run(id, (api) => api.placeDownload(id, place))
    this.dispatch({ type: 'downloaded', id })
  }

  private async copy(item: DownloadItem): Promise<void> {
    const { id } = item
    const { pool } = this.options
    const source = this.queueState.items.find((each) => each.id === item.copy_of)
    if (!source) throw new Error('the file to copy from is gone')
    const [from, to] = [this.target(source), this.target(item)]
    if ((await pool.run(id, (api) => api.downloadState(to, id, item.file_size))).whole) {
      this.dispatch({ type: 'already_present', id })
      return
    }
    await pool.run(id, (api) =>
      api.copy(
        from,
        to,
        progressCallback((bytes_received) => this.dispatch({ type: 'progress', id, bytes_received })),
      ),
    )
    this.dispatch({ type: 'copied', id })
  }
}
