// The upload queue's reducer: (queue, event, now) -> queue (the data: uploadModel.ts). An event that does not
// fit the item's state (a late answer for a removed or restarted item) leaves the queue unchanged.
//
// One item's road: idle (Waiting) -> start -> hashing -> hash_done -> register the media -> ask where to send
// the bytes (single PUT, or a part plan for multipart) -> uploading (percent) -> complete -> done. A failure
// goes to waiting_retry and is tried again after UPLOAD_FILE_RETRY_INTERVAL_MS, up to UPLOAD_FILE_TRIES
// tries; then, or at once for a fatal failure, error (Failed). Hashes, part digests and sent parts survive
// every retry and reload, so a part once stored is never sent again.
import {
  UPLOAD_CONFLICT_MESSAGE,
  UPLOAD_FILE_RETRY_INTERVAL_MS,
  UPLOAD_FILE_TRIES,
  UPLOAD_PART_RETRY_INTERVAL_MS,
  UPLOAD_PART_TRIES,
  isMultipart,
  planParts,
} from './limits.ts'
import { countItems, showsRetry } from './summary.ts'
import {
  isActiveUpload,
  isUploadablePath,
  type NewUploadFile,
  type UploadEvent,
  type UploadItem,
  type UploadPart,
  type UploadQueue,
} from './uploadModel.ts'
import { isSameFile, summarizedUploads } from './uploadSelectors.ts'

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
