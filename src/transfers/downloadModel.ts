// The download queue as a pure state machine (specification 000, sections 4, 8 and 9): (queue, event, now)
// -> queue, plus selectors for the runner. No I/O and no timers here.
//
// One item's road: waiting -> get_url -> start_download -> downloading (percent) -> done, or done with
// skip when the file is already there whole. Files that share a hash are fetched once: the first is the
// source, the others wait for it and are then copied (copying -> done); if the source fails they fall back
// to their own download. A failure goes back to waiting for DOWNLOAD_RETRY_INTERVAL_MS, up to
// DOWNLOAD_FILE_TRIES tries, keeping the bytes received so the next try resumes with a Range request.
// 'url_not_found' is fatal: 'Not Uploaded', never retried; so is 'url_refused', a share link's download whose
// link or visit has ended, with the page's words for it. An address the store refused or that aged past
// its lifetime ('url_expired') sends the item back to get_url within its try, keeping its bytes: the
// runner asks for a fresh one and resumes.
//
// A large file is fetched as byte ranges at once (downloadRanges.ts): the item keeps the range size it was
// planned with, the ranges done and the bytes known written of the others, so a reload fetches only what
// is missing; its staging file's size says nothing of that, its writes being at offsets. A file whose bytes
// do not hash to its file_hash fails as a bad file: its bytes are dropped and the next try starts over.
import {
  DOWNLOAD_FAILED_MESSAGE,
  DOWNLOAD_FILE_TRIES,
  DOWNLOAD_PARALLEL_FILES,
  DOWNLOAD_RETRY_INTERVAL_MS,
  DOWNLOAD_STATUS_WORDS,
  NOT_UPLOADED_MESSAGE,
  SKIPPED_STATUS,
} from './limits.ts'
import { rangeBytesReceived, type RangeProgress } from './downloadRanges.ts'
import { showsRetry, summarize, type TransferSummary } from './summary.ts'

export type DownloadStatus =
  'waiting' | 'get_url' | 'start_download' | 'downloading' | 'copying' | 'done' | 'error'

/** A member's download: its address is asked of the container the file is in, with the user's session. */
export interface ContainerSource {
  org_id: number
  media_grant_id: number
}

/**
 * A visitor's download through a share link, with no session: its address is asked of the link, with the
 * link session of the visit (an ended visit or a link that stopped fails the item: url_refused).
 */
export interface LinkSource {
  share_token: string
  link_session: string
}

export type DownloadSource = ContainerSource | LinkSource

export function isLinkDownload(source: DownloadSource): source is LinkSource {
  return 'share_token' in source
}

interface DownloadFile {
  id: string
  media_id: number
  /** Where the file goes, relative to the chosen directory. */
  path: string
  file_size: number
  file_hash: string
}

export type NewDownloadFile = DownloadFile & DownloadSource

interface DownloadItemState {
  // The item fields of the specification.
  status: DownloadStatus
  percent: number
  error: string | null

  fatal: boolean
  skip: boolean
  tries: number
  next_try_at: number | null
  /** Bytes already written: the next try asks for the rest with a Range request. */
  bytes_received: number
  /** The item with the same hash whose file this one is copied from, or null for a source. */
  copy_of: string | null
  /**
   * The range size a ranged download was planned with (ranges_done counts in it), or null for a file
   * fetched in one GET (bytes_received, and the staged size, say where it resumes).
   */
  range_bytes: number | null
  /** Indexes of the ranges written whole, in the order they finished. */
  ranges_done: number[]
  /** Bytes written from the start of ranges begun and not done: a reload resumes each after them. */
  ranges_partial: Array<[index: number, bytes: number]>
}

export type DownloadItem = NewDownloadFile & DownloadItemState

export interface DownloadQueue {
  items: DownloadItem[]
  /**
   * Names of chosen directories the browser wants the user's permission for again (a restored handle can
   * lose it); nothing starts until the user allows access.
   */
  needs_access: string[]
}

export const emptyDownloadQueue: DownloadQueue = { items: [], needs_access: [] }

export type DownloadEvent =
  | { type: 'add'; files: NewDownloadFile[] }
  | { type: 'remove'; id: string }
  | { type: 'retry' }
  | { type: 'restored' }
  /** Which directories need the user's permission again: none once it is given. */
  | { type: 'access'; needs_access: string[] }
  | { type: 'start'; id: string }
  | { type: 'url_received'; id: string }
  | { type: 'url_not_found'; id: string }
  /**
   * The address will not be given on any try (a share link that stopped, expired or was used up, or whose
   * visit ended): the item fails at once with this message, and Retry leaves it.
   */
  | { type: 'url_refused'; id: string; error: string }
  /** The address is no good any more (the store refused it, or it aged): a fresh one is asked for. */
  | { type: 'url_expired'; id: string }
  | { type: 'already_present'; id: string }
  | { type: 'download_started'; id: string; from_byte: number }
  /** A ranged download (re)starts: what it knew is kept when the range size is the same, else dropped. */
  | { type: 'ranges_started'; id: string; range_bytes: number; progress: RangeProgress }
  | { type: 'progress'; id: string; bytes_received: number }
  /** Bytes written from the start of a range of a ranged download. */
  | { type: 'range_progress'; id: string; index: number; bytes: number }
  | { type: 'range_done'; id: string; index: number }
  | { type: 'downloaded'; id: string }
  | { type: 'copied'; id: string }
  /** bad_file: the bytes did not hash to the file's hash; they are dropped and the next try starts over. */
  | { type: 'failed'; id: string; error?: string; bad_file?: boolean }

const ACTIVE: ReadonlySet<DownloadStatus> = new Set(['get_url', 'start_download', 'downloading', 'copying'])

export function isActiveDownload(item: DownloadItem): boolean {
  return ACTIVE.has(item.status)
}

function percent(bytes: number, size: number): number {
  return size > 0 ? Math.min(100, Math.floor((bytes / size) * 100)) : 100
}

export function newDownloadItem(file: NewDownloadFile, copyOf: string | null): DownloadItem {
  return {
    ...file,
    status: 'waiting',
    percent: 0,
    error: null,
    fatal: false,
    skip: false,
    tries: 0,
    next_try_at: null,
    bytes_received: 0,
    copy_of: copyOf,
    range_bytes: null,
    ranges_done: [],
    ranges_partial: [],
  }
}

/** An item saved before ranged downloads existed: a file fetched in one GET. */
function withRangeFields(item: DownloadItem): DownloadItem {
  const saved = item as Partial<DownloadItem> &
    Omit<DownloadItem, 'range_bytes' | 'ranges_done' | 'ranges_partial'>
  if (saved.ranges_done && saved.ranges_partial && saved.range_bytes !== undefined) return item
  return { ...item, range_bytes: null, ranges_done: [], ranges_partial: [] }
}

/** An item's bytes known written, from its ranges. */
function withRanges(item: DownloadItem, done: number[], partial: Array<[number, number]>): DownloadItem {
  const range_bytes = item.range_bytes ?? 0
  const bytes = rangeBytesReceived(item.file_size, range_bytes, { done, partial })
  return {
    ...item,
    ranges_done: done,
    ranges_partial: partial,
    bytes_received: bytes,
    percent: percent(bytes, item.file_size),
  }
}

/** Nothing of the file is kept: the next try starts over, in whichever way it is planned then. */
function forgetBytes(item: DownloadItem): DownloadItem {
  return { ...item, bytes_received: 0, percent: 0, range_bytes: null, ranges_done: [], ranges_partial: [] }
}

function isDue(item: DownloadItem, now: number): boolean {
  return item.status === 'waiting' && (item.next_try_at ?? 0) <= now
}

export type DownloadAction = 'download' | 'copy'

/** How a waiting item would start: copied once its source is done, downloaded itself if the source failed. */
function actionFor(queue: DownloadQueue, item: DownloadItem): DownloadAction | null {
  if (item.copy_of === null) return 'download'
  const source = queue.items.find((candidate) => candidate.id === item.copy_of)
  if (!source || source.status === 'error') return 'download'
  return source.status === 'done' ? 'copy' : null
}

function fail(item: DownloadItem, now: number, error: string = DOWNLOAD_FAILED_MESSAGE): DownloadItem {
  if (item.tries >= DOWNLOAD_FILE_TRIES) {
    return { ...item, status: 'error', error, next_try_at: now + DOWNLOAD_RETRY_INTERVAL_MS }
  }
  return { ...item, status: 'waiting', error, next_try_at: now + DOWNLOAD_RETRY_INTERVAL_MS }
}

function itemEvent(
  queue: DownloadQueue,
  item: DownloadItem,
  event: DownloadEvent,
  now: number,
): DownloadItem {
  switch (event.type) {
    case 'start': {
      if (!isDue(item, now)) return item
      const action = actionFor(queue, item)
      if (action === null) return item
      const status = action === 'copy' ? 'copying' : 'get_url'
      return { ...item, status, tries: item.tries + 1, next_try_at: null }
    }
    case 'url_received':
      return item.status === 'get_url' ? { ...item, status: 'start_download' } : item
    case 'url_expired':
      // Not a new try: the bytes written stay, and the fetch resumes after them with the fresh address.
      if (item.status !== 'start_download' && item.status !== 'downloading') return item
      return { ...item, status: 'get_url' }
    case 'url_not_found':
      if (item.status !== 'get_url') return item
      return { ...item, status: 'error', error: NOT_UPLOADED_MESSAGE, fatal: true, next_try_at: null }
    case 'url_refused':
      if (item.status !== 'get_url') return item
      return { ...item, status: 'error', error: event.error, fatal: true, next_try_at: null }
    case 'already_present':
      if (item.status !== 'waiting' && !isActiveDownload(item)) return item
      return {
        ...item,
        status: 'done',
        skip: true,
        percent: 100,
        bytes_received: item.file_size,
        error: null,
        next_try_at: null,
      }
    case 'download_started': {
      if (item.status !== 'start_download') return item
      // A server that ignores the Range header sends the whole file again: writing restarts at 0.
      const from = Math.max(0, Math.min(event.from_byte, item.file_size))
      return { ...item, status: 'downloading', bytes_received: from, percent: percent(from, item.file_size) }
    }
    case 'ranges_started': {
      if (item.status !== 'start_download') return item
      const planned = { ...item, status: 'downloading' as const, range_bytes: event.range_bytes }
      return withRanges(
        planned,
        [...event.progress.done],
        event.progress.partial.map(([index, bytes]): [number, number] => [index, bytes]),
      )
    }
    case 'range_progress': {
      // A renewal of the addresses shows get_url meanwhile; ranges of other hosts are still writing.
      if (!isActiveDownload(item) || item.status === 'copying' || item.range_bytes === null) return item
      if (item.ranges_done.includes(event.index)) return item
      const partial = item.ranges_partial.filter(([index]) => index !== event.index)
      if (event.bytes > 0) partial.push([event.index, event.bytes])
      return withRanges(item, item.ranges_done, partial)
    }
    case 'range_done': {
      if (!isActiveDownload(item) || item.status === 'copying' || item.range_bytes === null) return item
      if (item.ranges_done.includes(event.index)) return item
      const partial = item.ranges_partial.filter(([index]) => index !== event.index)
      return withRanges(item, [...item.ranges_done, event.index], partial)
    }
    case 'progress': {
      if (item.status !== 'downloading' && item.status !== 'copying') return item
      const bytes = Math.max(0, Math.min(event.bytes_received, item.file_size))
      return { ...item, bytes_received: bytes, percent: percent(bytes, item.file_size) }
    }
    case 'downloaded':
      if (item.status !== 'downloading') return item
      return {
        ...item,
        status: 'done',
        percent: 100,
        bytes_received: item.file_size,
        error: null,
        ranges_done: [],
        ranges_partial: [],
      }
    case 'copied':
      if (item.status !== 'copying') return item
      return { ...item, status: 'done', percent: 100, bytes_received: item.file_size, error: null }
    case 'failed': {
      if (!isActiveDownload(item)) return item
      return fail(event.bad_file ? forgetBytes(item) : item, now, event.error)
    }
    default:
      return item
  }
}

export function downloadReducer(queue: DownloadQueue, event: DownloadEvent, now: number): DownloadQueue {
  switch (event.type) {
    case 'add': {
      const sources = new Map<string, string>()
      for (const item of queue.items) if (item.copy_of === null) sources.set(item.file_hash, item.id)
      const added = event.files.map((file) => {
        const source = sources.get(file.file_hash) ?? null
        if (source === null) sources.set(file.file_hash, file.id)
        return newDownloadItem(file, source)
      })
      return added.length ? { ...queue, items: [...queue.items, ...added] } : queue
    }
    case 'remove': {
      const removed = queue.items.find((item) => item.id === event.id)
      if (!removed) return queue
      // The copies of a removed source turn to the first of them, which becomes a source itself.
      const heir = queue.items.find((item) => item.copy_of === event.id)
      const items = queue.items
        .filter((item) => item.id !== event.id)
        .map((item) => {
          if (item.copy_of !== event.id) return item
          return { ...item, copy_of: item === heir ? removed.copy_of : (heir?.id ?? null) }
        })
      return { ...queue, items }
    }
    case 'retry': {
      if (!showsRetry(downloadSummary(queue))) return queue
      const items = queue.items.map((item) =>
        item.status === 'error' && !item.fatal
          ? { ...item, status: 'waiting' as const, tries: 0, error: null, next_try_at: null }
          : item,
      )
      return { ...queue, items }
    }
    case 'access': {
      const same =
        event.needs_access.length === queue.needs_access.length &&
        event.needs_access.every((name, index) => name === queue.needs_access[index])
      return same ? queue : { ...queue, needs_access: event.needs_access }
    }
    case 'restored': {
      // Work in flight died with the tab; bytes written stay, so the next try resumes after them.
      const items = queue.items.map((saved) => {
        const item = withRangeFields(saved)
        return isActiveDownload(item) ? { ...item, status: 'waiting' as const } : item
      })
      return items.every((item, index) => item === queue.items[index]) ? queue : { ...queue, items }
    }
    default: {
      const index = queue.items.findIndex((item) => item.id === event.id)
      const item = queue.items[index]
      if (!item) return queue
      const next = itemEvent(queue, item, event, now)
      if (next === item) return queue
      const items = queue.items.slice()
      items[index] = next
      return { ...queue, items }
    }
  }
}

// Selectors.

/** Items to start now, in queue order, within the parallel limit, with how each starts. */
export function downloadsToStart(
  queue: DownloadQueue,
  now: number,
): Array<{ id: string; action: DownloadAction }> {
  // Without access to the chosen directory every write would fail: wait for the user to allow it.
  if (queue.needs_access.length > 0) return []
  const free = DOWNLOAD_PARALLEL_FILES - queue.items.filter(isActiveDownload).length
  const starts: Array<{ id: string; action: DownloadAction }> = []
  for (const item of queue.items) {
    if (starts.length >= free) break
    if (!isDue(item, now)) continue
    const action = actionFor(queue, item)
    if (action) starts.push({ id: item.id, action })
  }
  return starts
}

/** The byte a (re)started download asks from: the bytes already written, unless the file is whole. */
export function resumeFrom(item: DownloadItem): number {
  return item.bytes_received < item.file_size ? item.bytes_received : 0
}

/** The earliest moment a waiting retry falls due; null when none waits on time. */
export function nextDownloadRetryAt(queue: DownloadQueue): number | null {
  const times = queue.items
    .filter((item) => item.status === 'waiting' && item.next_try_at !== null)
    .map((item) => item.next_try_at ?? 0)
  return times.length ? Math.min(...times) : null
}

export type DownloadSummary = TransferSummary

export function downloadSummary(queue: DownloadQueue): DownloadSummary {
  return summarize(
    queue.items.map((item) => ({ status: item.status, fatal: item.fatal, skip: item.skip })),
    { skipIsSuccess: false },
  )
}

export function downloadStatusText(item: DownloadItem): string {
  if (item.status === 'done' && item.skip) return SKIPPED_STATUS
  if (item.status === 'downloading') return `${item.percent}%`
  return DOWNLOAD_STATUS_WORDS[item.status]
}
