// The error catalogue as data: for each operation, the message for an error code or an HTTP status, and a
// default. Texts of specification 000 section 8 and 001 section 8 are word for word (double spaces
// included); where a spec says a message exists without giving its words, ours say it in the same voice.
// A few situations that are more than a lookup (verify's kinds, logout's silence) are small functions over
// the table; the constants are the messages screens show without a failed call.
import { APP_NAME_MAX, DEVICE_NAME_MAX } from '../../server/contract/limits.ts'
import type { ErrorCode } from '../../server/contract/errorCodes.ts'
import { ApiError } from '../api/transport.ts'
import { formatBytes } from './format.ts'
import { INVALID_EMAIL_MESSAGE, INVALID_VOLUME_NAME_MESSAGE } from './validation.ts'

export const CREATE_FAILED_MESSAGE = 'Create failed, please try again.'
export const TRY_AGAIN_LATER_MESSAGE = 'Login failed, try again in 5 minutes.'
export const SAVE_PLAN_FAILED_MESSAGE = 'Failed to save plan, please try again.'
export const CARD_DECLINED_MESSAGE = 'Card declined, please try again.'
export const ADD_CARD_FAILED_MESSAGE = 'Failed to add payment method, please try again.'
/** Stripe Elements' words for a card number that is no card (the test card form: no test card). */
export const INVALID_CARD_NUMBER_MESSAGE = 'Your card number is invalid.'
export const INVALID_USER_NAME_MESSAGE =
  'Invalid username, please only use letters, numbers, dash and underscore.  Usernames must be between 4 and 32 characters.'
export const ADMIN_CANNOT_LEAVE_MESSAGE = "Sorry, you can't leave an org if you're an admin."
export const LEAVE_ORG_FAILED_MESSAGE = 'Leave org failed, please try again.'
export const ORG_LEFT_MESSAGE = 'Org left!'

/**
 * Names the server refused (the name rule: no line breaks or other control characters, and each field's own
 * rule). The specs give no words for these, so ours say what to change, in the same voice.
 */
export const INVALID_NAME_MESSAGES = {
  org: 'Invalid organization name, please use a name without line breaks or control characters.',
  app: `Invalid app name, please use up to ${APP_NAME_MAX} characters without line breaks or control characters.`,
  device: `Invalid device name, please use up to ${DEVICE_NAME_MAX} characters without line breaks or control characters.`,
  // Also the answer to a bucket name, region or host of the wrong form.
  store: 'Invalid settings, please check the bucket name, region, host and prefix.',
} as const

export const NO_FILES_MESSAGE = "Looks like you don't have access to any files."
export const NO_CONTAINER_ACCESS_MESSAGE = "Looks like you don't have access to this container."
export const NO_UPLOAD_PERMISSION_MESSAGE = 'Sorry, you do not have permission to upload.'
export const NO_DOWNLOAD_PERMISSION_MESSAGE = 'Sorry, you do not have permission to download files.'
export const DELETE_FAILED_MESSAGE = 'Delete failed, please try again.'
export const RESTORE_FAILED_MESSAGE = 'Restore failed, please try again.'
export const RESTORE_FILE_FAILED_MESSAGE = 'Failed to get restore file, please try again.'

// Multi-download (specification 000, sections 5 and 8; 'suport' is the specification's own spelling).
export const NO_MULTI_DOWNLOAD_NOTICE = 'Looks like your browser does not suport multiple file downloads.'
export const NO_MULTI_DOWNLOAD_MESSAGE = 'Sorry, your browser does not support multi-download.'
export const COLLECT_FAILED_MESSAGE = 'Failed to collect files, please try again.'
export const DOWNLOAD_START_FAILED_MESSAGE = 'Failed to start download, please try again.'

export const SHARE_LINKS_OFF_MESSAGE = 'Share links are turned off for this organization.'
export const NO_SHARE_LINKS_MESSAGE = 'No share links yet. Share a file or a folder from its container.'

export const NO_AUDIT_EVENTS_MESSAGE = 'No audit events found.'

// Devices and apps (specification 001, section 8: empty states).
export const NO_DEVICES_MESSAGE = "Looks like you don't have any devices yet."
export const NO_DEVICE_MOUNTS_MESSAGE = 'No Device Mounts.'
export const NO_APP_DEVICES_MESSAGE = 'No devices associated with this app.'

/** Keys: a server error code (`used_grant_name`) or an HTTP status as text (`'409'`); `default` otherwise. */
export type CatalogueEntry = { [codeOrStatus in ErrorCode | `${number}`]?: string } & { default: string }

export type Operation =
  // Specification 000: session, signup, account, files.
  | 'send_code'
  | 'verify'
  | 'logout'
  | 'org_create'
  | 'card_add'
  | 'user_name'
  | 'org_leave'
  | 'download_url'
  // Specification 001: volumes, containers (grants), users, audit.
  | 'volume_create'
  | 'volume_update'
  | 'retention_preview'
  | 'grant_create'
  | 'grant_overlap'
  | 'grant_update'
  | 'grant_enable'
  | 'grant_disable'
  | 'grant_delete'
  | 'grant_add_user'
  | 'grant_remove_user'
  | 'user_add'
  | 'user_update'
  | 'user_remove'
  | 'user_volume_add'
  | 'user_volume_remove'
  | 'audit_load'
  | 'device_update'
  | 'device_mount_add'
  | 'device_mount_enable'
  | 'device_mount_disable'
  | 'device_mount_delete'
  | 'device_volume_key'
  | 'org_update'
  | 'app_create'
  | 'app_update'
  | 'app_key'
  | 'network_store_add'
  | 'network_store_update'
  | 'network_store_enable'
  | 'network_store_disable'
  | 'network_store_order'
  | 'card_default'
  | 'card_delete'
  | 'plan_change'
  | 'share_link_create'
  | 'share_link_revoke'
  | 'share_link_settings'

const VOLUME_NAME_IN_USE = 'Volume name already in use.'
const GRANT_NAME_IN_USE = 'Name already in use.'
const GRANT_PATH_IN_USE = 'Grant already exists with the path.'
const MOUNT_SYNCED_MESSAGE =
  'This mount has been synced by the device. You may disable but not delete this mount.'

export const CATALOGUE: Record<Operation, CatalogueEntry> = {
  send_code: {
    invalid_email: INVALID_EMAIL_MESSAGE,
    '404': 'User not found.  Please signup before logging in.',
    '412': TRY_AGAIN_LATER_MESSAGE,
    default: 'Failed to send code.',
  },
  // A 412 (not a member of the site's organization) is not a message: see verifyFailure.
  verify: { too_many_tries: TRY_AGAIN_LATER_MESSAGE, default: 'Login failed, please check your code.' },
  // A 403 (the session had already ended) is not a message: see logoutMessage.
  logout: { default: 'Logout failed' },
  org_create: {
    invalid_org_name: INVALID_NAME_MESSAGES.org,
    '409': 'Organization name already in use.',
    default: CREATE_FAILED_MESSAGE,
  },
  card_add: { '412': CARD_DECLINED_MESSAGE, default: ADD_CARD_FAILED_MESSAGE },
  user_name: {
    '409': 'Username already in use.',
    '400': INVALID_USER_NAME_MESSAGE,
    default: 'Save failed, please try again.',
  },
  org_leave: { admin_cannot_leave: ADMIN_CANNOT_LEAVE_MESSAGE, default: LEAVE_ORG_FAILED_MESSAGE },
  download_url: {
    // A member without the download capability reads its own message (000 section 6), not the file's.
    download_not_allowed: NO_DOWNLOAD_PERMISSION_MESSAGE,
    '404': 'File not uploaded, check back later.',
    '403': 'Sorry, you do not have permission to download this file.',
    default: 'Failed to get download url, please try again.',
  },

  volume_create: {
    max_volume_count: 'Sorry, your plan limit for volumes has been reached.',
    used_volume_name: VOLUME_NAME_IN_USE,
    '402': 'Sorry, your plan limit for volumes has been reached.',
    '409': VOLUME_NAME_IN_USE,
    '400': INVALID_VOLUME_NAME_MESSAGE,
    default: CREATE_FAILED_MESSAGE,
  },
  volume_update: {
    used_volume_name: VOLUME_NAME_IN_USE,
    max_volume_count: 'Sorry, your plan allows at most {limit} enabled volumes.',
    max_live_expire_days: 'Sorry, your plan allows live expiration of at most {limit} days.',
    max_dead_expire_days: 'Sorry, your plan allows dead expiration of at most {limit} days.',
    max_min_expire_size: 'Sorry, your plan allows a minimum expire size of at most {limit}.',
    invalid_volume_name: INVALID_VOLUME_NAME_MESSAGE,
    '402': 'Sorry, your plan does not allow this change.',
    '409': VOLUME_NAME_IN_USE,
    default: 'Failed to update volume.',
  },
  grant_create: {
    used_grant_name: GRANT_NAME_IN_USE,
    used_prefix_path: GRANT_PATH_IN_USE,
    '409': GRANT_NAME_IN_USE,
    '400': 'Invalid container name or prefix path.',
    default: 'Failed to add grant, please try again.',
  },
  // The purge preview of retention settings being edited (issue 12).
  retention_preview: { default: 'Could not check what these settings would purge.' },
  // The overlap preview of a prefix being typed (beyond the spec: nextcloud/groupfolders#138).
  grant_overlap: {
    invalid_prefix_path: 'Invalid prefix path.',
    default: 'Could not check what this path overlaps.',
  },
  grant_update: {
    used_grant_name: GRANT_NAME_IN_USE,
    used_prefix_path: GRANT_PATH_IN_USE,
    '409': GRANT_NAME_IN_USE,
    '400': 'Invalid container name or prefix path.',
    default: 'Failed to update grant, please try again.',
  },
  grant_enable: { default: 'Failed to enable grant, please try again.' },
  grant_disable: { default: 'Failed to disable grant, please try again.' },
  grant_delete: {
    '409': 'This grant has provisioned devices. You may disable but not delete this grant.',
    default: 'Failed to delete grant, please try again.',
  },
  grant_add_user: { default: 'Failed to add user to grant, please try again.' },
  grant_remove_user: { default: 'Failed to remove user from grant, please try again.' },
  user_add: {
    '402': 'Sorry, your plan limit for users has been reached.',
    '409': 'User already exists',
    // The server's e-mail rule is the sign-in form's: its words (000 section 5).
    invalid_email: INVALID_EMAIL_MESSAGE,
    '400': 'Invalid e-mail address.',
    too_many_invites: 'Too many users were added today, please try again tomorrow.',
    default: 'Failed to add user.',
  },
  user_update: { default: 'Failed to update user.' },
  user_remove: { default: 'Failed to remove user.' },
  user_volume_add: { default: 'Failed to add grant, please try again.' },
  user_volume_remove: { default: 'Failed to remove grant, please try again.' },
  audit_load: { default: 'Failed to load audit events, please try again.' },
  // Devices: a 402 other than the device count is a plan that does not allow the change (Avid); the
  // specification's 'you plan' is kept word for word.
  device_update: {
    invalid_device_name: INVALID_NAME_MESSAGES.device,
    max_device_count: 'Sorry, your plan limit for devices has been reached.',
    '402': 'Sorry, you plan does not allow this change.',
    default: 'Failed to update device.',
  },
  device_mount_add: { default: 'Failed to add mount, please try again.' },
  device_mount_enable: { default: 'Failed to enable mount, please try again.' },
  device_mount_disable: { default: 'Failed to disable mount, please try again.' },
  device_mount_delete: {
    mount_synced: MOUNT_SYNCED_MESSAGE,
    '409': MOUNT_SYNCED_MESSAGE,
    default: 'Failed to delete mount, please try again.',
  },
  device_volume_key: { default: 'Failed to get volume key, please try again.' },
  // Organization details (001 section 8); a prefix another organization holds is a 409 too.
  org_update: {
    invalid_org_name: INVALID_NAME_MESSAGES.org,
    '409': 'Name in use, please try another.',
    '412': 'Name reserved, please try another.',
    '400': 'Invalid domain prefix, please use a-z, 0-9, dash and underscore only.',
    default: 'Failed to update org.',
  },
  app_create: {
    invalid_app_name: INVALID_NAME_MESSAGES.app,
    '409': 'Name already in use, please try again.',
    default: CREATE_FAILED_MESSAGE,
  },
  app_update: {
    invalid_app_name: INVALID_NAME_MESSAGES.app,
    '409': 'Name already in use.',
    default: 'Update failed, please try again.',
  },
  app_key: { default: 'Generate key failed, please try again.' },
  // Network stores (001 section 8; enable and disable failures are said in the same voice).
  network_store_add: {
    invalid_store_settings: INVALID_NAME_MESSAGES.store,
    '412': 'Failed to validate bucket, please check your settings.',
    default: 'Failed to add bucket, please try again.',
  },
  network_store_update: {
    invalid_store_settings: INVALID_NAME_MESSAGES.store,
    '412': 'Failed to verify bucket parameters, please check your settings and try again.',
    default: 'Failed to save updates, please try again.',
  },
  network_store_enable: {
    '412': 'Failed to verify bucket parameters, please check your settings and try again.',
    default: 'Failed to enable bucket, please try again.',
  },
  network_store_disable: { default: 'Failed to disable bucket, please try again.' },
  network_store_order: { default: 'Failed to reorder, please try again.' },
  // Payment methods (001 section 8; adding a card is card_add above; the delete text is not shown, so it
  // is said in the same voice).
  card_default: { default: 'Failed to set default method, please try again.' },
  card_delete: { default: 'Failed to delete payment method, please try again.' },
  // The Plan tab saves a plan as signup's save-plan step does (000 section 8).
  plan_change: { default: SAVE_PLAN_FAILED_MESSAGE },
  // Share links (no specification gives their words: ours, in the same voice).
  share_link_create: {
    share_links_off: SHARE_LINKS_OFF_MESSAGE,
    max_link_days: 'Links may last at most {limit} days, please choose fewer.',
    max_active_links: 'Your plan allows {limit} active links. Revoke one to make another.',
    invalid_label: 'Invalid label, please use a label without line breaks or control characters.',
    invalid_passphrase: 'Invalid passphrase, please use 8 to 256 characters.',
    '403': NO_DOWNLOAD_PERMISSION_MESSAGE,
    '404': 'This file or folder is no longer there.',
    default: CREATE_FAILED_MESSAGE,
  },
  share_link_revoke: { default: 'Revoke failed, please try again.' },
  share_link_settings: { default: 'Failed to save settings, please try again.' },
}

/**
 * How a code's `limit` reads in its message; a count by default (thousands separated). Keyed by code,
 * since the code names what the limit measures.
 */
export const LIMIT_FORMATS: Readonly<Partial<Record<ErrorCode, (limit: number) => string>>> = {
  max_min_expire_size: (limit) => formatBytes(limit),
}

function formatLimit(code: string | undefined, limit: number): string {
  const formats: Readonly<Record<string, ((limit: number) => string) | undefined>> = LIMIT_FORMATS
  const format = code === undefined ? undefined : formats[code]
  return format ? format(limit) : limit.toLocaleString('en-US')
}

/**
 * What the user reads when `operation` failed with `error`: the entry for the error's code, else for its
 * HTTP status, else the default. `{limit}` is filled from the answer's `limit`; an entry that quotes a
 * limit the answer did not send is passed over, so the user never reads a placeholder.
 */
export function messageFor(operation: Operation, error: unknown): string {
  const entry: Readonly<Record<string, string | undefined>> = CATALOGUE[operation]
  const fallback = CATALOGUE[operation].default
  if (!(error instanceof ApiError)) return fallback
  const limit = error.body?.limit
  for (const key of [error.code, error.status?.toString()]) {
    if (key === undefined || key === 'default' || !Object.hasOwn(entry, key)) continue
    const text = entry[key]
    if (text === undefined) continue
    if (!text.includes('{limit}')) return text
    if (typeof limit === 'number') return text.replaceAll('{limit}', formatLimit(error.code, limit))
  }
  return fallback
}

// The situations of specification 000, by the names their screens call.

export function sendCodeMessage(error: unknown): string {
  return messageFor('send_code', error)
}

export type VerifyFailure =
  | { kind: 'not_a_member' }
  | { kind: 'too_many_tries'; message: string }
  | { kind: 'bad_code'; message: string }

/** A 412 means the site's organization does not have this user; too_many_tries burns the code. */
export function verifyFailure(error: unknown): VerifyFailure {
  if (error instanceof ApiError && error.status === 412) return { kind: 'not_a_member' }
  const message = messageFor('verify', error)
  return error instanceof ApiError && error.code === 'too_many_tries'
    ? { kind: 'too_many_tries', message }
    : { kind: 'bad_code', message }
}

export function createOrgMessage(error: unknown): string {
  return messageFor('org_create', error)
}

/** Volume creation, at signup or on /volume; a 400 may be worded by the caller. */
export function createVolumeMessage(error: unknown, invalidNameMessage?: string): string {
  if (invalidNameMessage !== undefined && error instanceof ApiError && error.status === 400)
    return invalidNameMessage
  return messageFor('volume_create', error)
}

export function addCardMessage(error: unknown): string {
  return messageFor('card_add', error)
}

export function userNameMessage(error: unknown): string {
  return messageFor('user_name', error)
}

export function leaveOrgMessage(error: unknown): string {
  return messageFor('org_leave', error)
}

/** Logout: a 403 means the session had already ended, which is what logging out wants anyway. */
export function logoutMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.status === 403 ? undefined : messageFor('logout', error)
}

/** A download address refused: not stored yet (404), not allowed (403), or anything else. */
export function downloadUrlMessage(error: unknown): string {
  return messageFor('download_url', error)
}
