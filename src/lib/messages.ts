// The error catalogue of specification 000, section 8, word for word (double spaces included): one
// function per situation, from a failed call to what the user reads.
import { ApiError } from '../api/transport.ts'

function statusOf(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined
}

function codeOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.code : undefined
}

export const CREATE_FAILED_MESSAGE = 'Create failed, please try again.'

export const TRY_AGAIN_LATER_MESSAGE = 'Login failed, try again in 5 minutes.'

export function sendCodeMessage(error: unknown): string {
  switch (statusOf(error)) {
    case 404:
      return 'User not found.  Please signup before logging in.'
    case 412:
      return TRY_AGAIN_LATER_MESSAGE
    default:
      return 'Failed to send code.'
  }
}

export type VerifyFailure =
  | { kind: 'not_a_member' }
  | { kind: 'too_many_tries'; message: string }
  | { kind: 'bad_code'; message: string }

/** A 412 means the site's organization does not have this user; too_many_tries burns the code. */
export function verifyFailure(error: unknown): VerifyFailure {
  if (statusOf(error) === 412) return { kind: 'not_a_member' }
  if (codeOf(error) === 'too_many_tries') return { kind: 'too_many_tries', message: TRY_AGAIN_LATER_MESSAGE }
  return { kind: 'bad_code', message: 'Login failed, please check your code.' }
}

export function createOrgMessage(error: unknown): string {
  return statusOf(error) === 409 ? 'Organization name already in use.' : CREATE_FAILED_MESSAGE
}

export const SAVE_PLAN_FAILED_MESSAGE = 'Failed to save plan, please try again.'

export function createVolumeMessage(error: unknown, invalidNameMessage: string): string {
  return statusOf(error) === 400 ? invalidNameMessage : CREATE_FAILED_MESSAGE
}

export const CARD_DECLINED_MESSAGE = 'Card declined, please try again.'
export const ADD_CARD_FAILED_MESSAGE = 'Failed to add payment method, please try again.'

export function addCardMessage(error: unknown): string {
  return statusOf(error) === 412 ? CARD_DECLINED_MESSAGE : ADD_CARD_FAILED_MESSAGE
}

export const INVALID_USER_NAME_MESSAGE =
  'Invalid username, please only use letters, numbers, dash and underscore.  Usernames must be between 4 and 32 characters.'

export function userNameMessage(error: unknown): string {
  switch (statusOf(error)) {
    case 409:
      return 'Username already in use.'
    case 400:
      return INVALID_USER_NAME_MESSAGE
    default:
      return 'Save failed, please try again.'
  }
}

export const ADMIN_CANNOT_LEAVE_MESSAGE = "Sorry, you can't leave an org if you're an admin."
export const LEAVE_ORG_FAILED_MESSAGE = 'Leave org failed, please try again.'
export const ORG_LEFT_MESSAGE = 'Org left!'

export function leaveOrgMessage(error: unknown): string {
  return codeOf(error) === 'admin_cannot_leave' ? ADMIN_CANNOT_LEAVE_MESSAGE : LEAVE_ORG_FAILED_MESSAGE
}

/** Logout: a 403 means the session had already ended, which is what logging out wants anyway. */
export function logoutMessage(error: unknown): string | undefined {
  return statusOf(error) === 403 ? undefined : 'Logout failed'
}

export const NO_FILES_MESSAGE = "Looks like you don't have access to any files."

export const NO_CONTAINER_ACCESS_MESSAGE = "Looks like you don't have access to this container."
export const NO_UPLOAD_PERMISSION_MESSAGE = 'Sorry, you do not have permission to upload.'
export const NO_DOWNLOAD_PERMISSION_MESSAGE = 'Sorry, you do not have permission to download files.'
export const DELETE_FAILED_MESSAGE = 'Delete failed, please try again.'
export const RESTORE_FAILED_MESSAGE = 'Restore failed, please try again.'
export const RESTORE_FILE_FAILED_MESSAGE = 'Failed to get restore file, please try again.'

/** A download address refused: not stored yet (404), not allowed (403), or anything else. */
export function downloadUrlMessage(error: unknown): string {
  switch (statusOf(error)) {
    case 404:
      return 'File not uploaded, check back later.'
    case 403:
      return 'Sorry, you do not have permission to download this file.'
    default:
      return 'Failed to get download url, please try again.'
  }
}

// Multi-download (specification 000, sections 5 and 8; 'suport' is the specification's own spelling).
export const NO_MULTI_DOWNLOAD_NOTICE = 'Looks like your browser does not suport multiple file downloads.'
export const NO_MULTI_DOWNLOAD_MESSAGE = 'Sorry, your browser does not support multi-download.'
export const COLLECT_FAILED_MESSAGE = 'Failed to collect files, please try again.'
export const DOWNLOAD_START_FAILED_MESSAGE = 'Failed to start download, please try again.'
