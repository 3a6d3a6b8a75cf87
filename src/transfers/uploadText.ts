// The words the upload screens show for an item: its status, and what its last failure says. The words
// themselves are kept with every other transfer message in limits.ts.
import { ApiError } from '../api/transport.ts'
import { NO_UPLOAD_PERMISSION_MESSAGE } from '../lib/messages.ts'
import { NETWORK_FAILURE_MESSAGE, UPLOAD_STATUS_WORDS } from './limits.ts'
import type { UploadItem } from './uploadModel.ts'

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
