// The download queue at work, in the tab that leads the 'downloads' queue (leader.ts). It restores the queue
// from IndexedDB, starts what downloadsToStart says, fetches each file through a transfer worker into a
// staging file of the origin's private file system and then puts it into the chosen directory whole
// (workers/downloadFiles.ts says why), copies files that share a hash from the one downloaded, and retries
// failures on time. Signed addresses live 15 minutes: each try asks for its own (none is saved, so a reload
// asks again too), and one that aged or that the store refuses is replaced within the try (fetchContent).
// The model (downloadModel.ts) decides every transition; this module only does the I/O and feeds it
// events. Its QueueEngine (queueEngine.ts) holds the queue, saves it and wakes the runner when a retry
// falls due.
//
// A large file is fetched as byte ranges at once (downloadRanges.ts): a RangeTry hands the ranges to the
// one worker that writes the file, spread over the hosts its addresses name, within the requests in flight
// per file and, with every other download of the tab, per host (HostSlots; a file in one GET takes a slot
// too). Every file, ranged or not, is hashed before it is placed: bytes that are not the file's fail the
// try as a bad file and are dropped.
import { proxy, type Remote } from 'comlink'
import type { DownloadResult, PartDigests } from '../../workers/transferCore.ts'
import type { DownloadPlace, TransferApi } from '../../workers/transfer.worker.ts'
import type { StagingScope } from '../../workers/downloadFiles.ts'
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
import { downloadWay, type DownloadWay } from './downloadPlan.ts'
import { HostSlots, RangeTry, type RangeReport } from './downloadRanges.ts'
import { hasHandleAccess } from './handleAccess.ts'
import {
  DOWNLOAD_RANGE_BYTES,
  DOWNLOAD_RANGES_PER_FILE,
  DOWNLOAD_URL_MAX_AGE_MS,
  DOWNLOAD_URL_RENEWALS_PER_TRY,
  STORE_REFUSED_STATUS,
  transferTimeoutMs,
} from './limits.ts'
import { progressCallback, type ItemTaskPool } from './pool.ts'
import { QueueEngine, type QueueDefinition } from './queueEngine.ts'
import type { QueueStore } from './queueStore.ts'

export type DownloadCommand =
  | { type: 'add'; files: NewDownloadFile[]; dir: FileSystemDirectoryHandle }
  | { type: 'retry' }
  | { type: 'remove'; id: string }
  | { type: 'close' }
  /** The user allowed access to the chosen directories again (in whichever tab): look again. */
  | { type: 'access_granted' }

/** The signed addresses of an item's content, one per storage host, and when they came (this runner's clock). */
interface SignedAddress {
  urls: string[]
  receivedAt: number
}

/**
 * Why a download address was not given: 'not_found' is fatal (the content was never uploaded), and so is
 * a refusal no later try would change (a share link that stopped or whose visit ended), in its words;
 * anything else fails the try.
 */
export type UrlFailure = 'not_found' | 'other' | { refused: string }

export interface DownloadRunnerOptions {
  store: QueueStore
  pool: ItemTaskPool<Remote<TransferApi>>
  /**
   * The signed addresses of an item's content, the same bytes once per storage host (at least one);
   * throws what classifyUrlError reads.
   */
  getUrls: (item: DownloadItem) => Promise<string[]>
  classifyUrlError: (error: unknown) => UrlFailure
  /** Called whenever the queue changes (the manager publishes it, throttled by itself). */
  onChange: (queue: DownloadQueue) => void
  now?: () => number
  /** The range size of new ranged downloads: DOWNLOAD_RANGE_BYTES, lower in end-to-end tests. */
  rangeBytes?: number
  /** Requests in flight per host, shared by every download of the tab. */
  hostSlots?: HostSlots
  /**
   * Whose staging files this queue sweeps: the console's, or a share link's (workers/downloadFiles.ts);
   * each queue keeps its hands off the other's, both being in the origin's one staging folder.
   */
  stagingScope?: StagingScope
}

/**
 * The download queue for the engine: the user's changes and the end of each try are saved at once, so a
 * reload neither counts a try twice nor tries again a file found missing or already done.
 */
export const downloadQueue: QueueDefinition<DownloadQueue, DownloadEvent> = {
  reduce: downloadReducer,
  saveAtOnce: new Set([
    'add',
    'remove',
    'retry',
    'access',
    'url_not_found',
    'url_refused',
    'already_present',
    'downloaded',
    'copied',
    'failed',
  ]),
  progressOnly: new Set(['progress', 'range_progress']),
}

/** The pool's name for the sweep of staging files, which belongs to no item. */
const SWEEP_TASK = 'sweep-staged-downloads'

export class DownloadRunner {
  private readonly engine: QueueEngine<DownloadQueue, DownloadEvent>
  private readonly handles = new Map<string, FileSystemDirectoryHandle>()
  private readonly now: () => number
  private readonly rangeBytes: number
  readonly hostSlots: HostSlots

  constructor(private readonly options: DownloadRunnerOptions) {
    this.now = options.now ?? Date.now
    this.rangeBytes = options.rangeBytes ?? DOWNLOAD_RANGE_BYTES
    this.hostSlots = options.hostSlots ?? new HostSlots()
    this.engine = new QueueEngine(downloadQueue, {
      initial: emptyDownloadQueue,
      save: (queue) => options.store.saveDownloads(queue, this.handles),
      effects: (now) => this.startDue(now),
      onChange: options.onChange,
      now: this.now,
    })
  }

  get state(): DownloadQueue {
    return this.engine.state
  }

  /** This tab now leads: what another tab left in flight resumes here. */
  async restore(): Promise<void> {
    const restored = await this.options.store.loadDownloads()
    this.engine.load(restored.queue)
    for (const [id, handle] of restored.handles) this.handles.set(id, handle)
    // Access first: the directories the browser no longer lets us write into hold their items back.
    await this.checkAccess()
    this.sweepStaging()
    this.engine.dispatch({ type: 'restored' })
    // A step even when restoring changed nothing (no item was in flight): one waiting for its retry, say.
    this.engine.run()
  }

  /** Directories of unfinished items the browser will not let this tab write into without asking. */
  private async checkAccess(): Promise<void> {
    const dirs = new Set<FileSystemDirectoryHandle>()
    for (const item of this.state.items) {
      const dir = this.handles.get(item.id)
      if (dir && item.status !== 'done' && item.status !== 'error') dirs.add(dir)
    }
    const denied: string[] = []
    for (const dir of dirs) {
      if (!(await hasHandleAccess(dir, 'readwrite')) && !denied.includes(dir.name)) denied.push(dir.name)
    }
    this.engine.dispatch({ type: 'access', needs_access: denied })
  }

  async apply(command: DownloadCommand): Promise<void> {
    switch (command.type) {
      case 'add':
        // A new download begins a new list once the last one has finished.
        if (downloadSummary(this.state).running === 0) this.clear()
        for (const file of command.files) this.handles.set(file.id, command.dir)
        this.engine.dispatch({ type: 'add', files: command.files })
        break
      case 'retry':
        this.engine.dispatch({ type: 'retry' })
        break
      case 'remove':
        this.options.pool.cancel(command.id)
        this.handles.delete(command.id)
        this.engine.dispatch({ type: 'remove', id: command.id })
        this.sweepStaging()
        break
      case 'close':
        this.clear()
        this.sweepStaging()
        break
      case 'access_granted':
        await this.checkAccess()
        break
    }
    // The user's changes are written at once, not on the next beat.
    await this.engine.saveNow()
  }

  stop(): void {
    this.engine.stop()
  }

  private clear(): void {
    for (const item of this.state.items) this.options.pool.cancel(item.id)
    this.handles.clear()
    this.engine.replace(emptyDownloadQueue)
  }

  /** The engine's step: starts what the model says may start; returns when the next retry falls due. */
  private startDue(now: number): Array<number | null> {
    for (const { id, action } of downloadsToStart(this.state, now)) {
      if (!this.engine.dispatch({ type: 'start', id })) continue
      const item = this.item(id)
      if (!item) continue
      const task = action === 'copy' ? this.copy(item) : this.download(item)
      // Whatever went wrong (a folder that cannot be made, a worker that died) is a failure to retry.
      void task
        .catch(() => this.engine.dispatch({ type: 'failed', id }))
        .finally(() => this.options.pool.forget(id))
    }
    return [nextDownloadRetryAt(this.state)]
  }

  /**
   * Drops the staged bytes of downloads no longer in the queue (removed, cleared, or left by a tab that
   * closed), keeping those of unfinished items: a file cut short resumes from them.
   */
  private sweepStaging(): void {
    const keep = this.state.items.filter((item) => item.status !== 'done').map((item) => item.id)
    const { pool } = this.options
    void pool
      .run(SWEEP_TASK, (api) => api.sweepDownloads(keep, this.options.stagingScope ?? 'console'))
      .catch(() => undefined)
      .finally(() => pool.forget(SWEEP_TASK))
  }

  private item(id: string): DownloadItem | undefined {
    return this.state.items.find((item) => item.id === id)
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
    const way: DownloadWay = downloadWay(
      item,
      await pool.run(id, (api) => api.downloadState(place, id, item.file_size)),
      this.rangeBytes,
    )
    if (way.kind === 'skip') {
      this.engine.dispatch({ type: 'already_present', id })
      return
    }
    let address: SignedAddress
    try {
      address = await this.askUrl(item)
    } catch (error) {
      const failure = this.options.classifyUrlError(error)
      if (failure === 'other') throw error
      this.engine.dispatch(
        failure === 'not_found'
          ? { type: 'url_not_found', id }
          : { type: 'url_refused', id, error: failure.refused },
      )
      return
    }
    this.engine.dispatch({ type: 'url_received', id })
    // The digests of parts the ranged fetch read back as they completed: verification hashes the others.
    let knownPartDigests: PartDigests = []
    if (way.kind === 'ranged') {
      this.engine.dispatch({
        type: 'ranges_started',
        id,
        range_bytes: way.range_bytes,
        progress: way.progress,
      })
      const digests = await this.fetchRanges(item, address, way.range_bytes)
      if (!digests) return
      knownPartDigests = digests
    } else if (way.from < item.file_size) {
      if (!(await this.fetchContent(item, address, way.from))) return
    } else {
      // Every byte is staged already (a reload cut the placing short): only the hash and the placing are left.
      this.engine.dispatch({ type: 'download_started', id, from_byte: way.from })
    }
    // One rule for every download: the bytes go into the folder only when they are the file's.
    const good = await pool.run(id, (api) =>
      api.verifyDownload(id, item.file_size, item.file_hash, knownPartDigests),
    )
    if (!good) {
      this.engine.dispatch({ type: 'failed', id, bad_file: true })
      return
    }
    await pool.run(id, (api) => api.placeDownload(id, place))
    this.engine.dispatch({ type: 'downloaded', id })
  }

  /** The signed addresses of the item's content, absolute against the page, and when they came. */
  private async askUrl(item: DownloadItem): Promise<SignedAddress> {
    const urls = (await this.options.getUrls(item)).map((url) => new URL(url, location.href).href)
    if (urls.length === 0) throw new Error('the server gave no address of this content')
    return { urls, receivedAt: this.now() }
  }

  /** A fresh address in place of one that expired; the item shows get_url meanwhile. */
  private async renewUrl(item: DownloadItem): Promise<SignedAddress> {
    this.engine.dispatch({ type: 'url_expired', id: item.id })
    const address = await this.askUrl(item)
    this.engine.dispatch({ type: 'url_received', id: item.id })
    return address
  }

  /**
   * Fetches the item's content into its staging file from fromByte on; answers whether every byte came
   * (a failure is dispatched). The address is used only while younger than DOWNLOAD_URL_MAX_AGE_MS when
   * the fetch starts: a task can wait for a worker (hashing shares them) longer than an address lives. A
   * store that refuses it (403: expired) gets DOWNLOAD_URL_RENEWALS_PER_TRY fresh addresses, the fetch
   * resuming after the bytes written, before the try counts as failed. A fetch that started in time may
   * run as long as it needs: the store checks the signature when the request arrives.
   */
  private async fetchContent(item: DownloadItem, first: SignedAddress, fromByte: number): Promise<boolean> {
    const { id } = item
    let address = first
    let from = fromByte
    for (let renewals = 0; ; renewals++) {
      const result: DownloadResult = await this.options.pool.run(id, async (api): Promise<DownloadResult> => {
        if (this.now() - address.receivedAt > DOWNLOAD_URL_MAX_AGE_MS) address = await this.renewUrl(item)
        // One request to its host, counted with the ranges of other downloads.
        const slot = await this.hostSlots.takeAny(address.urls)
        try {
          return await api.download(
            slot.url,
            id,
            from,
            transferTimeoutMs(item.file_size),
            progressCallback((from_byte) =>
              this.engine.dispatch({ type: 'download_started', id, from_byte }),
            ),
            progressCallback((bytes_received) =>
              this.engine.dispatch({ type: 'progress', id, bytes_received }),
            ),
          )
        } finally {
          this.hostSlots.release(slot.host)
        }
      })
      // The bytes written count even on failure: the next fetch resumes after them.
      this.engine.dispatch({ type: 'progress', id, bytes_received: result.bytes_received })
      // A body that ended short is not the file: the next try asks for the rest.
      if (result.ok && result.bytes_received === item.file_size) return true
      const refused = !result.ok && result.kind === 'bad_status' && result.status === STORE_REFUSED_STATUS
      if (!refused || renewals >= DOWNLOAD_URL_RENEWALS_PER_TRY) {
        this.engine.dispatch({ type: 'failed', id })
        return false
      }
      address = await this.renewUrl(item)
      from = result.bytes_received
    }
  }

  /**
   * Fetches the missing ranges of the item into its staging file, in the one worker that holds it;
   * answers whether every range came (a failure is dispatched). Addresses go as in fetchContent: renewed
   * when they aged before a request starts, and DOWNLOAD_URL_RENEWALS_PER_TRY times when the store
   * refuses one (403), for every host at once; the ranges resume after the bytes they wrote. When every
   * range came, answers the digests of the parts the worker took meanwhile (null: a failure).
   */
  private async fetchRanges(
    item: DownloadItem,
    first: SignedAddress,
    rangeBytes: number,
  ): Promise<PartDigests | null> {
    const { id } = item
    let address = first
    let renewals = 0
    const fresh = async (): Promise<string[]> => {
      address = await this.renewUrl(item)
      const now = this.item(id)
      if (now) {
        const progress = { done: now.ranges_done, partial: now.ranges_partial }
        this.engine.dispatch({ type: 'ranges_started', id, range_bytes: rangeBytes, progress })
      }
      return address.urls
    }
    const known = this.item(id) ?? item
    const ranges = new RangeTry({
      fileSize: item.file_size,
      rangeBytes,
      progress: { done: known.ranges_done, partial: known.ranges_partial },
      urls: address.urls,
      slots: this.hostSlots,
      renew: async () => {
        if (renewals >= DOWNLOAD_URL_RENEWALS_PER_TRY) return null
        renewals++
        return fresh()
      },
      aged: () => this.now() - address.receivedAt > DOWNLOAD_URL_MAX_AGE_MS,
      refresh: fresh,
      onRangeProgress: (index, bytes) => this.engine.dispatch({ type: 'range_progress', id, index, bytes }),
      onRangeDone: (index) => this.engine.dispatch({ type: 'range_done', id, index }),
    })
    let digests: PartDigests
    try {
      digests = await this.options.pool.run(id, (api) =>
        api.downloadRanges(
          id,
          item.file_size,
          DOWNLOAD_RANGES_PER_FILE,
          transferTimeoutMs(rangeBytes),
          proxy(() => ranges.next()),
          proxy((report: RangeReport) => ranges.report(report)),
        ),
      )
    } catch (error) {
      // The worker is gone (the item was removed, or it died): its requests give their slots back.
      ranges.abandon()
      throw error
    }
    // Every lane has stopped, so no range is held: the try's outcome is known.
    ranges.abandon()
    const outcome = await ranges.done
    if (outcome.ok) return digests
    this.engine.dispatch({ type: 'failed', id })
    return null
  }

  private async copy(item: DownloadItem): Promise<void> {
    const { id } = item
    const { pool } = this.options
    const source = this.state.items.find((each) => each.id === item.copy_of)
    if (!source) throw new Error('the file to copy from is gone')
    const [from, to] = [this.target(source), this.target(item)]
    if ((await pool.run(id, (api) => api.downloadState(to, id, item.file_size))).whole) {
      this.engine.dispatch({ type: 'already_present', id })
      return
    }
    await pool.run(id, (api) =>
      api.copy(
        from,
        to,
        progressCallback((bytes_received) => this.engine.dispatch({ type: 'progress', id, bytes_received })),
      ),
    )
    this.engine.dispatch({ type: 'copied', id })
  }
}
