// The upload queue as a pure state machine (specification 000, sections 4, 5 and 9): (queue, event, now) ->
// queue, plus selectors that tell the runner what to do next. No I/O and no timers here: the runner does the
// work, reports each outcome as an event, and asks the selectors when to wake up. An event that does not fit
// the item's state (a late answer for a removed or restarted item) leaves the queue unchanged.
//
// One item's road: idle (Waiting) -> start -> hashing -> hash_done -> register the media -> ask where to send
// the bytes (single PUT, or a part plan for multipart) -> uploading (percent) -> complete -> done. A failure
// goes to waiting_retry and is tried again after UPLOAD_FILE_RETRY_INTERVAL_MS, up to UPLOAD_FILE_TRIES
// tries; then, or at once for a fatal failure, error (Failed). Hashes, part digests and sent parts survive
// every retry and reload, so a part once stored is never sent again.
import type { SignedOpts } from '../../server/contract/media.ts'
import { ApiError } from '../api/transport.ts'
import { NO_UPLOAD_PERMISSION_MESSAGE } from '../lib/messages.ts'
import {
  NETWORK_FAILURE_MESSAGE,
  PART_PLAN_MAX_AGE_MS,
  UPLOAD_CONFLICT_MESSAGE,
  UPLOAD_FILE_RETRY_INTERVAL_MS,
  UPLOAD_FILE_TRIES,
  UPLOAD_PARALLEL_FILES,
  UPLOAD_PARALLEL_PARTS,
  UPLOAD_PART_RETRY_INTERVAL_MS,
  UPLOAD_PART_TRIES,
  UPLOAD_STATUS_WORDS,
  isMultipart,
  planParts,
} from './limits.ts'
import { countItems, showsRetry, summarize, type SummarizedItem, type TransferSummary } from './summary.ts'

export type UploadStatus =
  'idle' | 'start' | 'hashing' | 'hash_done' | 'uploading' | 'waiting_retry' | 'done' | 'error'

/** A call to the server in flight for an item; while one is, the item asks for nothing else. */
export type UploadRequestKind = 'register' | 'offer' | 'plan' | 'complete'

export interface UploadPart {
  part_num: number
  offset: number
  part_size: number
  /** SHA-256 hex of the part's bytes, once hashed; kept so a resumed upload need not hash it again. */
  part_hash: string | null
  /** The store holds this part: it is never sent again. */
  done: boolean
  /** Sends of this part in the current try of the file. */
  tries: number
  next_try_at: number | null
  sending: boolean
  sent_bytes: number
  signed_opts: SignedOpts | null
}

/** Where an item goes: the organization and the container its media_path is relative to. */
export interface UploadDestination {
  org_id: number
  media_grant_id: number
}

export interface UploadItem extends UploadDestination {
  id: string
  name: string
  /** The folder under the upload's target, '' for the target itself. */
  folder: string
  media_path: string
  file_size: number
  /** File.lastModified, epoch milliseconds: with name and size, what identifies the file again on resume. */
  mtime: number
  multipart: boolean

  // The item fields of the specification.
  status: UploadStatus
  /** Percent of the current phase (hashing, then uploading), 0-100. */
  progress: number
  hash: string | null
  fatal_err: string | null
  last_err: string | null
  skip: boolean
  is_done: boolean
  tries: number

  next_try_at: number | null
  pending: UploadRequestKind | null
  media_id: number | null
  s3_bucket_id: number | null
  upload_id: string | null
  /** The parts: one covering the whole file for a single-part upload, the planned parts otherwise. */
  parts: UploadPart[]
  /** When the current part plan (signed part URLs) was fetched; null when there is none. */
  plan_fetched_at: number | null
  /** 412 answers to the complete call in this try. */
  complete_tries: number
  complete_after: number | null
  /** Restored without a file the browser kept: the user must choose the same file again. */
  needs_file: boolean
}

export interface UploadQueue {
  items: UploadItem[]
  auto_retry: boolean
}

export const emptyUploadQueue: UploadQueue = { items: [], auto_retry: false }

export interface NewUploadFile extends UploadDestination {
  id: string
  name: string
  folder: string
  media_path: string
  file_size: number
  mtime: number
}

export interface PlannedPartOffer {
  part_num: number
  skip_upload: boolean
  signed_opts: SignedOpts | null
}

export type UploadEvent =
  | { type: 'add'; files: NewUploadFile[] }
  | { type: 'remove'; id: string }
  | { type: 'set_auto_retry'; on: boolean }
  | { type: 'retry' }
  | { type: 'restored'; without_file: string[] }
  | { type: 'file_chosen'; id: string; file: FileIdentity }
  /** The kept handle gives the file again, unchanged, now that the user allowed access: as on restore. */
  | { type: 'file_restored'; id: string }
  | { type: 'start'; id: string }
  | { type: 'hash_started'; id: string }
  | { type: 'hash_progress'; id: string; hashed_bytes: number }
  | { type: 'part_hashed'; id: string; part_num: number; part_hash: string }
  | { type: 'hashed'; id: string; hash: string }
  | { type: 'request_started'; id: string; request: UploadRequestKind }
  | { type: 'registered'; id: string; media_id: number }
  | { type: 'register_failed'; id: string; status?: number; error: string }
  | { type: 'offer'; id: string; s3_bucket_id: number; skip_upload: boolean; signed_opts: SignedOpts | null }
  | {
      type: 'part_plan'
      id: string
      upload_id: string
      s3_bucket_id: number
      skip_upload: boolean
      parts: PlannedPartOffer[]
    }
  | { type: 'part_started'; id: string; part_num: number }
  | { type: 'part_progress'; id: string; part_num: number; sent_bytes: number }
  | { type: 'part_sent'; id: string; part_num: number }
  | { type: 'part_failed'; id: string; part_num: number; error: string }
  | { type: 'completed'; id: string }
  | { type: 'complete_not_finished'; id: string }
  | { type: 'failed'; id: string; error: string; fatal?: boolean }

const ACTIVE: ReadonlySet<UploadStatus> = new Set(['start', 'hashing', 'hash_done', 'uploading'])

export function isActiveUpload(item: UploadItem): boolean {
  return ACTIVE.has(item.status)
}

// Section 5: a path is refused when any segment begins with a dot.
export function isUploadablePath(mediaPath: string): boolean {
  return !mediaPath.split('/').some((segment) => segment.startsWith('.'))
}

function initialParts(fileSize: number): UploadPart[] {
  const plan = isMultipart(fileSize) ? planParts(fileSize) : [{ part_num: 1, offset: 0, part_size: fileSize }]
  return plan.map((part) => ({
    ...part,
    part_hash: null,
    done: false,
    tries: 0,
    next_try_at: null,
    sending: false,
    sent_bytes: 0,
    signed_opts: null,
  }))
}

export function newUploadItem(file: NewUploadFile): UploadItem {
  return {
    ...file,
    multipart: isMultipart(file.file_size),
    status: 'idle',
    progress: 0,
    hash: null,
    fatal_err: null,
    last_err: null,
    skip: false,
    is_done: false,
    tries: 0,
    next_try_at: null,
    pending: null,
    media_id: null,
    s3_bucket_id: null,
    upload_id: null,
    parts: initialParts(file.file_size),
    plan_fetched_at: null,
    complete_tries: 0,
    complete_after: null,
    needs_file: false,
  }
}

function percent(part: number, whole: number): number {
  return whole > 0 ? Math.min(100, Math.floor((part / whole) * 100)) : 100
}

function sentProgress(item: UploadItem): number {
  const sent = item.parts.reduce((sum, part) => sum + (part.done ? part.part_size : part.sent_bytes), 0)
  return percent(sent, item.file_size)
}

function updatePart(item: UploadItem, partNum: number, change: (part: UploadPart) => UploadPart): UploadItem {
  let changed = false
  const parts = item.parts.map((part) => {
    if (part.part_num !== partNum) return part
    const next = change(part)
    changed ||= next !== part
    return next
  })
  return changed ? { ...item, parts } : item
}

/** A failure of the file: waiting_retry while tries remain and it is not fatal; error otherwise. */
function failItem(item: UploadItem, error: string, fatal: boolean, now: number): UploadItem {
  const parts = item.parts.map((part) => (part.sending ? { ...part, sending: false, sent_bytes: 0 } : part))
  const base = { ...item, parts, pending: null, last_err: error, complete_after: null }
  if (fatal) return { ...base, status: 'error', fatal_err: error, next_try_at: null }
  // An exhausted item keeps the time a retry may come, which Automated Retry waits for.
  const nextTryAt = now + UPLOAD_FILE_RETRY_INTERVAL_MS
  if (item.tries >= UPLOAD_FILE_TRIES) return { ...base, status: 'error', next_try_at: nextTryAt }
  return { ...base, status: 'waiting_retry', next_try_at: nextTryAt }
}

function finish(item: UploadItem, skip: boolean): UploadItem {
  return {
    ...item,
    status: 'done',
    progress: 100,
    skip,
    is_done: true,
    pending: null,
    next_try_at: null,
    complete_after: null,
    parts: item.parts.map((part) => ({ ...part, done: true, sending: false, signed_opts: null })),
  }
}

/** What a restored item was doing is lost with the tab: it waits to be started again, keeping its work. */
function settleRestored(item: UploadItem, withoutFile: boolean): UploadItem {
  const needsFile = withoutFile && !item.is_done && item.status !== 'error'
  if (!isActiveUpload(item) && needsFile === item.needs_file) return item
  // A part that was being sent when the tab went away may have reached the store after the last save: only
  // the store knows. The part plan is fetched again before anything is sent, and its list of stored parts
  // says which not to send again.
  const wasSending = item.parts.some((part) => part.sending)
  return {
    ...item,
    status: isActiveUpload(item) ? 'idle' : item.status,
    pending: null,
    needs_file: needsFile,
    plan_fetched_at: wasSending ? null : item.plan_fetched_at,
    parts: item.parts.map((part) => (part.sending ? { ...part, sending: false, sent_bytes: 0 } : part)),
  }
}

function itemEvent(item: UploadItem, event: UploadEvent, now: number): UploadItem {
  switch (event.type) {
    case 'file_chosen':
      return item.needs_file && isSameFile(item, event.file) ? { ...item, needs_file: false } : item
    case 'file_restored':
      return item.needs_file ? { ...item, needs_file: false } : item
    case 'start': {
      if (item.needs_file) return item
      const due =
        item.status === 'idle' || (item.status === 'waiting_retry' && (item.next_try_at ?? 0) <= now)
      if (!due) return item
      return {
        ...item,
        status: 'start',
        tries: item.tries + 1,
        next_try_at: null,
        pending: null,
        progress: 0,
        complete_tries: 0,
        complete_after: null,
        parts: item.parts.map((part) => ({
          ...part,
          tries: 0,
          next_try_at: null,
          sending: false,
          sent_bytes: 0,
        })),
      }
    }
    case 'hash_started':
      return item.status === 'start' ? { ...item, status: 'hashing', progress: 0 } : item
    case 'hash_progress':
      return item.status === 'hashing'
        ? { ...item, progress: percent(event.hashed_bytes, item.file_size) }
        : item
    case 'part_hashed':
      if (item.status !== 'hashing') return item
      return updatePart(item, event.part_num, (part) => ({ ...part, part_hash: event.part_hash }))
    case 'hashed': {
      if (item.status !== 'start' && item.status !== 'hashing') return item
      // A multipart hash is built from every part's digest: without them it cannot be right.
      if (item.multipart && item.parts.some((part) => part.part_hash === null)) return item
      const parts = item.multipart
        ? item.parts
        : item.parts.map((part) => ({ ...part, part_hash: event.hash }))
      // Content that changed since a previous try is a different object: what was sent of it is void.
      const changed = item.hash !== null && item.hash !== event.hash
      return {
        ...item,
        status: 'hash_done',
        hash: event.hash,
        progress: 0,
        ...(changed ? { media_id: null, upload_id: null, plan_fetched_at: null } : {}),
        parts: changed ? parts.map((part) => ({ ...part, done: false, signed_opts: null })) : parts,
      }
    }
    case 'request_started':
      if (item.pending !== null) return item
      if (item.status !== 'hash_done' && item.status !== 'uploading') return item
      return { ...item, pending: event.request }
    case 'registered':
      if (item.pending !== 'register') return item
      return { ...item, pending: null, media_id: event.media_id }
    case 'register_failed':
      if (item.pending !== 'register') return item
      // 409: the path holds different content; sending again would meet the same refusal.
      return event.status === 409
        ? failItem(item, UPLOAD_CONFLICT_MESSAGE, true, now)
        : failItem(item, event.error, false, now)
    case 'offer': {
      if (item.pending !== 'offer' || item.multipart) return item
      const offered = { ...item, pending: null, s3_bucket_id: event.s3_bucket_id }
      if (event.skip_upload) return finish(offered, true)
      if (!event.signed_opts) return failItem(offered, 'bad_status', false, now)
      return {
        ...updatePart(offered, 1, (part) => ({ ...part, signed_opts: event.signed_opts })),
        status: 'uploading',
        progress: sentProgress(offered),
      }
    }
    case 'part_plan': {
      if (item.pending !== 'plan' || !item.multipart) return item
      const planned = {
        ...item,
        pending: null,
        upload_id: event.upload_id,
        s3_bucket_id: event.s3_bucket_id,
        plan_fetched_at: now,
      }
      if (event.skip_upload) return finish(planned, true)
      const offers = new Map(event.parts.map((offer) => [offer.part_num, offer]))
      const parts = planned.parts.map((part) => {
        const offer = offers.get(part.part_num)
        if (!offer) return part
        return { ...part, done: part.done || offer.skip_upload, signed_opts: offer.signed_opts }
      })
      const next = { ...planned, parts, status: 'uploading' as const }
      return { ...next, progress: sentProgress(next) }
    }
    case 'part_started':
      if (item.status !== 'uploading') return item
      return updatePart(item, event.part_num, (part) =>
        part.done || part.sending || !part.signed_opts
          ? part
          : { ...part, sending: true, tries: part.tries + 1, sent_bytes: 0, next_try_at: null },
      )
    case 'part_progress': {
      if (item.status !== 'uploading') return item
      const next = updatePart(item, event.part_num, (part) =>
        part.sending ? { ...part, sent_bytes: Math.min(event.sent_bytes, part.part_size) } : part,
      )
      return next === item ? item : { ...next, progress: sentProgress(next) }
    }
    case 'part_sent': {
      if (item.status !== 'uploading') return item
      const next = updatePart(item, event.part_num, (part) =>
        part.sending
          ? { ...part, sending: false, done: true, sent_bytes: part.part_size, signed_opts: null }
          : part,
      )
      return next === item ? item : { ...next, progress: sentProgress(next) }
    }
    case 'part_failed': {
      if (item.status !== 'uploading') return item
      const part = item.parts.find((candidate) => candidate.part_num === event.part_num)
      if (!part?.sending) return item
      // A single-part file has no part retries of its own: its one PUT failing is the file failing.
      if (!item.multipart || part.tries >= UPLOAD_PART_TRIES) return failItem(item, event.error, false, now)
      const next = updatePart(item, event.part_num, (current) => ({
        ...current,
        sending: false,
        sent_bytes: 0,
        next_try_at: now + UPLOAD_PART_RETRY_INTERVAL_MS,
      }))
      return { ...next, last_err: event.error, progress: sentProgress(next) }
    }
    case 'completed':
      return item.pending === 'complete' ? finish(item, false) : item
    case 'complete_not_finished': {
      // 412: the store has not put the object together yet. Ask again shortly, as often as a part may be
      // sent; after that the file's own retry takes over.
      if (item.pending !== 'complete') return item
      const completeTries = item.complete_tries + 1
      if (completeTries >= UPLOAD_PART_TRIES) return failItem(item, 'not_finished', false, now)
      return {
        ...item,
        pending: null,
        complete_tries: completeTries,
        complete_after: now + UPLOAD_PART_RETRY_INTERVAL_MS,
      }
    }
    case 'failed':
      if (!isActiveUpload(item)) return item
      return failItem(item, event.error, event.fatal ?? false, now)
    default:
      return item
  }
}

export function uploadReducer(queue: UploadQueue, event: UploadEvent, now: number): UploadQueue {
  switch (event.type) {
    case 'add': {
      const taken = new Set(queue.items.map((item) => item.media_path.toLowerCase()))
      const added: UploadItem[] = []
      for (const file of event.files) {
        const key = file.media_path.toLowerCase()
        // Section 5: empty files and dot paths are skipped; duplicates are ignored case-insensitively.
        if (file.file_size <= 0 || !isUploadablePath(file.media_path) || taken.has(key)) continue
        taken.add(key)
        added.push(newUploadItem(file))
      }
      return added.length ? { ...queue, items: [...queue.items, ...added] } : queue
    }
    case 'remove': {
      const items = queue.items.filter((item) => item.id !== event.id)
      return items.length === queue.items.length ? queue : { ...queue, items }
    }
    case 'set_auto_retry':
      return queue.auto_retry === event.on ? queue : { ...queue, auto_retry: event.on }
    case 'retry': {
      if (!showsRetry(countItems(summarizedUploads(queue)))) return queue
      const items = queue.items.map((item) =>
        item.status === 'error' && item.fatal_err === null
          ? { ...item, status: 'idle' as const, tries: 0, next_try_at: null }
          : item,
      )
      return { ...queue, items }
    }
    case 'restored': {
      const without = new Set(event.without_file)
      const items = queue.items.map((item) => settleRestored(item, without.has(item.id)))
      return items.every((item, index) => item === queue.items[index]) ? queue : { ...queue, items }
    }
    default: {
      const index = queue.items.findIndex((item) => item.id === event.id)
      const item = queue.items[index]
      if (!item) return queue
      const next = itemEvent(item, event, now)
      if (next === item) return queue
      const items = queue.items.slice()
      items[index] = next
      return { ...queue, items }
    }
  }
}

// Selectors.

export interface FileIdentity {
  name: string
  file_size: number
  mtime: number
  /** SHA-256 hex of the chosen file's identityPart(item), or null when the item has no digest to match. */
  part_hash: string | null
}

/** The part whose digest proves a chosen file is the same: the next one to send, else the last hashed. */
export function identityPart(item: UploadItem): UploadPart | undefined {
  const hashed = item.parts.filter((part) => part.part_hash !== null)
  return hashed.find((part) => !part.done) ?? hashed.at(-1)
}

export function isSameFile(item: UploadItem, file: FileIdentity): boolean {
  if (file.name !== item.name || file.file_size !== item.file_size || file.mtime !== item.mtime) return false
  const part = identityPart(item)
  return part === undefined || part.part_hash === file.part_hash
}

/** Items to start now: Waiting ones and due retries, in queue order, within the parallel limit. */
export function uploadsToStart(queue: UploadQueue, now: number): string[] {
  const free = UPLOAD_PARALLEL_FILES - queue.items.filter(isActiveUpload).length
  if (free <= 0) return []
  return queue.items
    .filter(
      (item) =>
        !item.needs_file &&
        (item.status === 'idle' || (item.status === 'waiting_retry' && (item.next_try_at ?? 0) <= now)),
    )
    .slice(0, free)
    .map((item) => item.id)
}

export type UploadStep =
  | { kind: 'hash'; part_nums: number[] }
  | { kind: 'register' }
  | { kind: 'offer' }
  | { kind: 'plan' }
  | { kind: 'put'; part_nums: number[] }
  | { kind: 'complete' }
  | { kind: 'wait'; until: number }
  | { kind: 'busy' }
  | { kind: 'none' }

/** What the runner should do for one item now. */
export function nextUploadStep(item: UploadItem, now: number): UploadStep {
  if (item.pending !== null) return { kind: 'busy' }
  switch (item.status) {
    case 'start':
      return {
        kind: 'hash',
        part_nums: item.multipart
          ? item.parts.filter((part) => part.part_hash === null).map((part) => part.part_num)
          : [1],
      }
    case 'hashing':
      return { kind: 'busy' }
    case 'hash_done':
      if (item.media_id === null) return { kind: 'register' }
      return item.multipart ? { kind: 'plan' } : { kind: 'offer' }
    case 'uploading':
      return uploadingStep(item, now)
    default:
      return { kind: 'none' }
  }
}

function uploadingStep(item: UploadItem, now: number): UploadStep {
  const missing = item.parts.filter((part) => !part.done)
  if (missing.length === 0) {
    if (item.complete_after !== null && item.complete_after > now)
      return { kind: 'wait', until: item.complete_after }
    return { kind: 'complete' }
  }
  const idle = missing.filter((part) => !part.sending)
  if (idle.length === 0) return { kind: 'busy' }
  const planStale = item.plan_fetched_at === null || now - item.plan_fetched_at > PART_PLAN_MAX_AGE_MS
  if (item.multipart && planStale) {
    // Parts in flight keep their URLs; ask for a new plan once they have settled, so no answer is lost.
    return missing.some((part) => part.sending) ? { kind: 'busy' } : { kind: 'plan' }
  }
  const free = UPLOAD_PARALLEL_PARTS - (missing.length - idle.length)
  const due = idle.filter((part) => part.signed_opts !== null && (part.next_try_at ?? 0) <= now)
  if (free > 0 && due.length > 0)
    return { kind: 'put', part_nums: due.slice(0, free).map((part) => part.part_num) }
  const waits = idle.map((part) => part.next_try_at).filter((at): at is number => at !== null && at > now)
  if (free > 0 && waits.length > 0) return { kind: 'wait', until: Math.min(...waits) }
  return { kind: 'busy' }
}

/** The earliest moment a waiting retry falls due, for the runner's one timer; null when none waits. */
export function nextUploadRetryAt(queue: UploadQueue): number | null {
  const times = queue.items
    .filter((item) => item.status === 'waiting_retry' && !item.needs_file)
    .map((item) => item.next_try_at ?? 0)
  return times.length ? Math.min(...times) : null
}

function summarizedUploads(queue: UploadQueue): SummarizedItem[] {
  return queue.items.map((item) => ({ status: item.status, fatal: item.fatal_err !== null, skip: item.skip }))
}

export type UploadSummary = TransferSummary

export function uploadSummary(queue: UploadQueue): UploadSummary {
  return summarize(summarizedUploads(queue), { skipIsSuccess: true })
}

/** With Automated Retry on and the run over with failures a retry may fix, when to retry by itself. */
export function autoRetryDueAt(queue: UploadQueue): number | null {
  if (!queue.auto_retry || !showsRetry(countItems(summarizedUploads(queue)))) return null
  const times = queue.items
    .filter((item) => item.status === 'error' && item.fatal_err === null)
    .map((item) => item.next_try_at ?? 0)
  return Math.max(...times)
}

/**
 * What last_err says for a failure: 'Network failure' for a call that never reached the server (section 8),
 * the transfer error kind (bad_status, xhr_error, timeout) for a send to storage, the status otherwise.
 */
export function uploadErrorText(error: unknown): string {
  // A member whose upload capability was taken while the page was open reads its message (000 section 6).
  if (error instanceof ApiError && error.code === 'upload_not_allowed') return NO_UPLOAD_PERMISSION_MESSAGE
  if (error instanceof ApiError)
    return error.kind === 'request_failure' ? NETWORK_FAILURE_MESSAGE : String(error.kind)
  if (typeof error === 'object' && error !== null && 'kind' in error && typeof error.kind === 'string') {
    return error.kind
  }
  return String(error)
}

export function uploadStatusText(item: UploadItem): string {
  return item.status === 'uploading' ? `${item.progress}%` : UPLOAD_STATUS_WORDS[item.status]
}
