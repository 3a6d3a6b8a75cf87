// The upload queue's selectors: what the runner should do next and when, and the queue's summary line. Pure
// functions of the queue (uploadModel.ts) and the time.
import { PART_PLAN_MAX_AGE_MS, UPLOAD_PARALLEL_FILES, UPLOAD_PARALLEL_PARTS } from './limits.ts'
import { countItems, showsRetry, summarize, type SummarizedItem, type TransferSummary } from './summary.ts'
import {
  isActiveUpload,
  type FileIdentity,
  type UploadItem,
  type UploadPart,
  type UploadQueue,
} from './uploadModel.ts'

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
export function summarizedUploads(queue: UploadQueue): SummarizedItem[] {
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
