// What the console makes of share links, as pure functions: the new link's form read into the create call
// (each field checked before the call with the server's own limits, so the user is told at the field), the
// full address shown once, and the list's cells (target, downloads, state).
import {
  DEFAULT_LINK_DAYS,
  LABEL_MAX_LENGTH,
  PASSPHRASE_MAX_LENGTH,
  PASSPHRASE_MIN_LENGTH,
} from '../../server/contract/limits.ts'
import { formatMinuteTime } from './format.ts'
import type { CreateShareLinkRequest, ShareLink, ShareLinkState } from '../../server/contract/shareLink.ts'

/** What a link points at: a file by its id, or a folder by its path relative to the container ('/a/b/'). */
export type ShareTarget =
  { kind: 'file'; mediaId: number; name: string } | { kind: 'folder'; path: string; name: string }

/** The form as typed. */
export interface ShareForm {
  label: string
  expireDays: string
  passphrase: string
  downloadLimit: string
  viewOnly: boolean
}

export type ShareFormErrors = Partial<Record<'label' | 'expireDays' | 'passphrase' | 'downloadLimit', string>>

/** A new form: the default lifetime, or the organization's longest when that is shorter. */
export function newShareForm(maxDays: number): ShareForm {
  return {
    label: '',
    expireDays: String(Math.min(DEFAULT_LINK_DAYS, maxDays)),
    passphrase: '',
    downloadLimit: '',
    viewOnly: false,
  }
}

/** A whole number typed as digits only ('7', not '7.5', '1e3' or ' 7'); undefined otherwise. */
function wholeNumber(typed: string): number | undefined {
  return /^[0-9]{1,9}$/.test(typed.trim()) ? Number(typed.trim()) : undefined
}

/**
 * The create call's body for this form and target, or the fields' errors. An empty passphrase or download
 * limit is none; the server checks all of it again.
 */
export function shareLinkRequest(
  form: ShareForm,
  target: ShareTarget,
  maxDays: number,
): { request: CreateShareLinkRequest } | { errors: ShareFormErrors } {
  const errors: ShareFormErrors = {}
  const label = form.label.trim()
  if (label === '') errors.label = 'Please enter a label.'
  else if (label.length > LABEL_MAX_LENGTH) errors.label = `Please use up to ${LABEL_MAX_LENGTH} characters.`
  const days = wholeNumber(form.expireDays)
  if (days === undefined || days < 1 || days > maxDays)
    errors.expireDays = `Please enter a number of days from 1 to ${maxDays}.`
  const passphrase = form.passphrase
  if (
    passphrase !== '' &&
    (passphrase.length < PASSPHRASE_MIN_LENGTH || passphrase.length > PASSPHRASE_MAX_LENGTH)
  )
    errors.passphrase = `Please use ${PASSPHRASE_MIN_LENGTH} to ${PASSPHRASE_MAX_LENGTH} characters, or none.`
  const limitTyped = form.downloadLimit.trim()
  const limit = limitTyped === '' ? undefined : wholeNumber(limitTyped)
  if (limitTyped !== '' && (limit === undefined || limit < 1 || limit > 1_000_000))
    errors.downloadLimit = 'Please enter a number of downloads from 1 to 1,000,000, or none.'
  if (Object.keys(errors).length > 0 || days === undefined) return { errors }
  return {
    request: {
      ...(target.kind === 'file' ? { media_id: target.mediaId } : { folder_path: target.path }),
      label,
      expire_days: days,
      ...(passphrase === '' ? {} : { passphrase }),
      ...(limit === undefined ? {} : { download_limit: limit }),
      view_only: form.viewOnly,
    },
  }
}

/** The link's full address, from the page's origin and the path the server answered ('/s/<token>'). */
export function shareUrl(origin: string, sharePath: string): string {
  return `${origin.replace(/\/+$/, '')}${sharePath}`
}

/** What the link points at, as the container and the path in it ('Projects/cuts/', 'Projects/a.mov'). */
export function shareTargetText(link: Pick<ShareLink, 'grant_name' | 'target_path'>): string {
  return `${link.grant_name}/${link.target_path.replace(/^\/+/, '')}`
}

/** Files given out, against the limit when there is one ('3 of 10'). */
export function shareDownloadsText(link: Pick<ShareLink, 'download_count' | 'download_limit'>): string {
  const count = link.download_count.toLocaleString('en-US')
  return link.download_limit === null ? count : `${count} of ${link.download_limit.toLocaleString('en-US')}`
}

/**
 * What a new link allows, said under it once made ('Expires 12/5/26 7:58 PM · Passphrase · Up to 5
 * downloads · View only'): the dialog closes on what was made, not on the form that made it.
 */
export function shareSummaryText(
  link: Pick<ShareLink, 'expires_at' | 'has_passphrase' | 'download_limit' | 'view_only'>,
): string {
  const limit = link.download_limit
  return [
    // In full, to the minute: the one place a new link's end is read before it is sent.
    `Expires ${formatMinuteTime(link.expires_at)}`,
    link.has_passphrase ? 'Passphrase' : 'No passphrase',
    limit === null ? '' : `Up to ${limit.toLocaleString('en-US')} ${limit === 1 ? 'download' : 'downloads'}`,
    link.view_only ? 'View only' : '',
  ]
    .filter(Boolean)
    .join(' · ')
}

const STATE_TEXT: Record<ShareLinkState, string> = {
  active: 'Active',
  expired: 'Expired',
  used_up: 'Used up',
  revoked: 'Revoked',
  stopped: 'Stopped',
}

export function shareStateText(state: ShareLinkState): string {
  return STATE_TEXT[state]
}

/** Only a link that still works can be revoked. */
export function canRevoke(link: Pick<ShareLink, 'state'>): boolean {
  return link.state === 'active' || link.state === 'used_up'
}
