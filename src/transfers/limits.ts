// Every number and message of the transfer queues (specification 000, sections 4, 8 and 9), in one place.
// The models, the runner, the workers' callers and the screens read them from here and nowhere else.
// The part size table, the single-part bound and a download address's lifetime are wire rules shared with
// the server: they live in server/contract/ and are re-exported here so a reader finds every transfer rule
// from this file.
import { DOWNLOAD_URL_SECONDS } from '../../server/contract/limits.ts'

export { DOWNLOAD_URL_SECONDS }
export {
  PART_SIZE_TABLE,
  SINGLE_PART_MAX_BYTES,
  isMultipart,
  partSizeFor,
  planParts,
} from '../../server/contract/parts.ts'

// Upload: files.
export const UPLOAD_PARALLEL_FILES = 10
export const UPLOAD_FILE_TRIES = 5
export const UPLOAD_FILE_RETRY_INTERVAL_MS = 10_000

// Upload: parts of a multipart file.
export const UPLOAD_PARALLEL_PARTS = 10
export const UPLOAD_PART_TRIES = 5
export const UPLOAD_PART_RETRY_INTERVAL_MS = 1_000
/** Signed part URLs expire: a plan older than this is fetched again before another part is sent. */
export const PART_PLAN_MAX_AGE_MS = 60_000

/**
 * Requests to one storage host in flight at once: Chromium keeps at most 6 HTTP/1.1 connections per scheme,
 * host and port and queues the rest itself, and a queued XMLHttpRequest is already counting down its
 * timeout, so handing it more makes a slow link time out requests that never started. S3 and S3-compatible
 * stores speak HTTP/1.1 only, so speed past 6 requests comes from more host names for the same store (the
 * server's STORAGE_URLS, an S3 bucket's endpoint forms and aliases): the send lane keeps each host to this.
 */
export const REQUESTS_PER_HOST = 6

/**
 * The host a request counts against: scheme, host and port, as Chromium counts its connections. A URL
 * that cannot be parsed counts as its own host, so it never holds up the others.
 */
export function storageHostOf(url: string): string {
  try {
    return new URL(url).origin
  } catch {
    return url
  }
}

/**
 * Requests to storage in flight at once, over all files and hosts: the spec's 10 files and 10 parts per
 * file could ask for 100. It sits above UPLOAD_PARALLEL_PARTS, so one large file always gets its 10 parts
 * when there are two hosts or more, and leaves room for other files beside it: four hosts at
 * REQUESTS_PER_HOST. Why not more: a distant store gives each connection only so much (tens of MB/s), and
 * past a few dozen connections the page's own work (progress, slices handed to the browser) and the
 * uplink, not the round trips, bound the speed. It does not depend on the cores: a request waits on the
 * network, it does not compute, and a send worker carries many.
 */
export const UPLOAD_MAX_REQUESTS_IN_FLIGHT = 24

// Download.
export const DOWNLOAD_PARALLEL_FILES = 4
export const DOWNLOAD_FILE_TRIES = 5
/** The least time between two tries of one file. */
export const DOWNLOAD_RETRY_INTERVAL_MS = 10_000
/**
 * A download address lives DOWNLOAD_URL_SECONDS (15 minutes, server/contract/media.ts). One is never kept
 * from a try to the next; within a try, a fetch about to start with one older than this (it waited for a
 * worker) asks for another first. A minute short of the lifetime: the request must reach the store in time.
 */
export const DOWNLOAD_URL_MAX_AGE_MS = DOWNLOAD_URL_SECONDS * 1000 - 60_000
/**
 * A store that refuses an address (403: expired, or no longer valid) gets one fresh address per try, asked
 * at once and resumed from the bytes written; refused again, the try fails as any other and waits its turn.
 */
export const DOWNLOAD_URL_RENEWALS_PER_TRY = 1
/** The status a store refuses an expired or invalid signature with (S3 and the local store alike). */
export const STORE_REFUSED_STATUS = 403

// Download: one large file fetched as byte ranges at once.
/**
 * The byte range one request of a large download asks for. One connection to a distant store gives only so
 * much (tens of MB/s, a round trip per request), so a large file goes faster as several ranges at once.
 * 16 MiB, the part size of files up to about 7.5 GB (server/contract/parts.ts): a range takes a second or
 * two on a fast link, so a reload or a dropped connection costs little, and a range is one request among
 * few (a 1 GiB file is 64).
 */
export const DOWNLOAD_RANGE_BYTES = 16 * 1024 * 1024
/**
 * A file is fetched in ranges from this many ranges' worth on; smaller ones stay one GET, as before: two
 * requests for a file of one range and a bit gain little and cost a round trip and a slot of the host.
 */
export const DOWNLOAD_RANGED_MIN_RANGES = 2
/**
 * Ranges of one file in flight at once: enough to fill a fast link from a distant store, few enough that
 * the other files of the queue (DOWNLOAD_PARALLEL_FILES) still get connections. Every download request,
 * ranged or not, also counts against REQUESTS_PER_HOST of its host, over all downloads of the tab
 * (src/transfers/downloadRanges.ts HostSlots): a file whose addresses name two hosts or more can have all 8.
 */
export const DOWNLOAD_RANGES_PER_FILE = 8
/**
 * Tries of one range within a try of its file: one connection of several dropping should not cost the
 * others a failed try and DOWNLOAD_RETRY_INTERVAL_MS of waiting. A range fetched again resumes after the
 * bytes of it already written.
 */
export const DOWNLOAD_RANGE_TRIES = 3

// Requests to signed storage URLs: at least two minutes, more for large bodies (size / 131.072 ms is
// 1 Mbit/s, so a slow link still gets the time a large part needs).
export const TRANSFER_MIN_TIMEOUT_MS = 120_000
export const TRANSFER_BYTES_PER_MS = 131.072

export function transferTimeoutMs(sizeBytes: number): number {
  return Math.max(TRANSFER_MIN_TIMEOUT_MS, sizeBytes / TRANSFER_BYTES_PER_MS)
}

// Hashing. The spec streams files of 2^31 bytes or more; here every file is hashed part by part and a
// part is never held whole above WHOLE_BUFFER_LIMIT (workers/sha256.ts), which is stricter: no file of
// any size is read into memory at once.

// Messages (section 8) and the status words the screens show (section 4).
export const UPLOAD_CONFLICT_MESSAGE = 'Different file already exists in the volume.'
export const NETWORK_FAILURE_MESSAGE = 'Network failure'
export const NOT_UPLOADED_MESSAGE = 'Not Uploaded'
export const DOWNLOAD_FAILED_MESSAGE = 'Download Failed'
export const SUMMARY_RUNNING = 'Running'
export const SUMMARY_SUCCESS = 'Success'

/**
 * The word each item status shows in the Status column (section 4 names the states; the screens show
 * words, never the state's identifier). Uploading and downloading show their percent instead, and a
 * download skipped because the file is already there shows SKIPPED_STATUS.
 */
export const UPLOAD_STATUS_WORDS = {
  idle: 'Waiting',
  start: 'Starting',
  hashing: 'Hashing',
  hash_done: 'Hashed',
  waiting_retry: 'Waiting to retry',
  done: 'Done',
  error: 'Failed',
} as const
export const DOWNLOAD_STATUS_WORDS = {
  waiting: 'Waiting',
  get_url: 'Starting',
  start_download: 'Starting',
  copying: 'Copying',
  done: 'Done',
  error: 'Failed',
} as const
export const SKIPPED_STATUS = 'Skip'

export function summaryDoneText(failed: number): string {
  return `Done - ${failed} Failed`
}
