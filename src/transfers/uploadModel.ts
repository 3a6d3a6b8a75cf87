// The upload queue's data (specification 000, sections 4, 5 and 9): its items with their parts, and the
// events that move them. The queue is a pure state machine: the reducer (uploadReducer.ts) applies an event,
// the selectors (uploadSelectors.ts) tell the runner what to do next and when, and uploadText.ts gives the
// words the screens show. No I/O and no timers in any of them: the runner does the work, reports each
// outcome as an event, and asks the selectors when to wake up.
import type { SignedOpts } from '../../server/contract/media.ts'

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

export interface NewUploadFile extends UploadDestination {
  id: string
  name: string
  /** The folder under the upload's target, '' for the target itself. */
  folder: string
  media_path: string
  file_size: number
  /** File.lastModified, epoch milliseconds: with name and size, what identifies the file again on resume. */
  mtime: number
}

export interface UploadItem extends NewUploadFile {
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

export interface FileIdentity {
  name: string
  file_size: number
  mtime: number
  /** SHA-256 hex of the chosen file's identityPart(item), or null when the item has no digest to match. */
  part_hash: string | null
}
