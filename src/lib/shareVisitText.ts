// What a share link's visitor is told (the public page, and the download queue's failures of a link's files),
// and which full page an answer of the link's calls leads to. Apart from messages.ts, which the public page
// does not load.
import { ApiError } from '../api/transport.ts'

export const UNKNOWN_LINK_MESSAGE = 'This link does not exist or is no longer available.'
export const EXPIRED_LINK_MESSAGE = 'This link has expired.'
export const USED_UP_LINK_MESSAGE = 'This link has reached its download limit.'
export const ASK_SENDER_MESSAGE = 'Ask the person who sent it for a new link.'
export const WRONG_PASSPHRASE_MESSAGE = 'That passphrase is not right. Check it and try again.'
export const TOO_MANY_TRIES_MESSAGE = 'Too many tries. Wait a few minutes, then try again.'
export const LOAD_FAILED_MESSAGE =
  'The shared files could not be loaded. Check your connection and try again.'
export const DOWNLOAD_FAILED_MESSAGE = 'The download could not start. Try again.'
export const VIEW_ONLY_MESSAGE = 'These files can be viewed here but not downloaded.'
/** A used-up link still opens (the server answers downloads_left: 0): what was shared, without Download. */
export const USED_UP_VIEW_MESSAGE = `${USED_UP_LINK_MESSAGE} The files can still be viewed here.`
/** A link session lasts an hour: downloads queued in a visit cannot ask for more addresses after it. */
export const VISIT_ENDED_MESSAGE = 'This visit of the link has ended. Open the link again to download.'

/** A link that cannot be shown at all: the page says only this (unknown and revoked alike). */
export type LinkGone = 'unknown' | 'expired' | 'used_up'

export function linkGoneOf(error: unknown): LinkGone | undefined {
  if (!(error instanceof ApiError)) return undefined
  if (error.status === 404 && error.code === 'unknown_link') return 'unknown'
  if (error.status === 410 && error.code === 'link_expired') return 'expired'
  if (error.status === 410 && error.code === 'link_used_up') return 'used_up'
  return undefined
}

export const GONE_TEXT: Record<LinkGone, { heading: string; detail: string }> = {
  unknown: { heading: 'Link not available', detail: UNKNOWN_LINK_MESSAGE },
  expired: { heading: 'Link expired', detail: EXPIRED_LINK_MESSAGE },
  used_up: { heading: 'Download limit reached', detail: USED_UP_LINK_MESSAGE },
}

/** The passphrase form's message for a refused try. */
export function passphraseErrorOf(error: unknown): string {
  if (error instanceof ApiError && error.code === 'wrong_passphrase') return WRONG_PASSPHRASE_MESSAGE
  if (error instanceof ApiError && error.code === 'too_many_tries') return TOO_MANY_TRIES_MESSAGE
  return LOAD_FAILED_MESSAGE
}

/** The link session was refused (expired while the page stood open): the page asks again. */
export function needsPassphraseAgain(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.code === 'passphrase_required'
}

/** A folder below the link's root, one level deeper: the link's own relative path, ending in '/'. */
export function childPath(path: string, dirName: string): string {
  return `${path}${dirName.replace(/\/+$/, '')}/`
}

/** The crumbs of a path inside the link: the root ('' under the link's label), then each folder. */
export function pathCrumbs(path: string): Array<{ name: string; path: string }> {
  const names = path.split('/').filter(Boolean)
  return names.map((name, index) => ({ name, path: `${names.slice(0, index + 1).join('/')}/` }))
}

/** 'Available until November 5, 2026': the day the link stops working, in the visitor's time zone. */
export function availableUntil(expiresAt: string): string {
  const date = new Date(expiresAt)
  if (Number.isNaN(date.getTime())) return ''
  return `Available until ${date.toLocaleDateString('en-US', { dateStyle: 'long' })}`
}

/** '3 files' and '1 file', for the folder's summary and each subfolder. */
export function filesText(count: number): string {
  return `${count} ${count === 1 ? 'file' : 'files'}`
}
