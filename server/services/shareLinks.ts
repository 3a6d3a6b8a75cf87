// Share links: the rules. A link is used under its creator's rights, checked at every use (not by a
// cleanup job), so removing the member or their download right, taking the container from them, disabling
// the container or its volume, moving the container's prefix away from the target, deleting the target or
// turning links off for the organization stops it at once. A visitor is told only:
// - 404 unknown_link for a token that names nothing, a revoked link and a stopped one, all alike (status and
//   body), so tokens cannot be probed and a visitor learns nothing of the organization's changes;
// - 410 link_expired, 410 link_used_up;
// - and, for a link with a passphrase, nothing of the target until the passphrase is given.
// A visit is a link session: sealed by the server key for that link (no table; it names a random visit id and
// its end). Downloads count once per visit and file, when the first non-inline URL of the file is issued: the
// server never sees the bytes of a store's signed URL fetched, and a download's ranged or resumed requests
// ask for the URL again, so issue time per visit and file is the one moment that counts a file once.
import crypto from 'node:crypto'
import { promisify } from 'node:util'
import { sha256 } from '../auth/secrets.ts'
import type { Sealer } from '../auth/sealing.ts'
import type { DownloadUrlResponse, Media, ThumbnailSize } from '../contract/media.ts'
import {
  DEFAULT_LINK_DAYS,
  LABEL_MAX_LENGTH,
  LINK_SESSION_MINUTES,
  MEDIA_PATH_PREFIX,
  PASSPHRASE_MIN_LENGTH,
} from '../contract/limits.ts'
import type {
  CreateShareLinkRequest,
  CreateShareLinkResponse,
  ShareLink,
  ShareLinkSettings,
  ShareLinkState,
  ShareOpenResponse,
  SharePassphraseResponse,
  UpdateShareLinkSettingsRequest,
} from '../contract/shareLink.ts'
import type { Database, Queryable } from '../db/index.ts'
import { HttpError } from '../errors.ts'
import {
  findMedia,
  insertAuditEvent,
  listFilesIn,
  listSubdirs,
  type MediaRow,
} from '../repositories/media.ts'
import type { Membership } from '../repositories/orgs.ts'
import {
  countLinkDownload,
  findShareLink,
  findShareLinkByTokenHash,
  findShareLinkSettings,
  insertShareLink,
  listShareLinks,
  revokeShareLink,
  touchShareLink,
  updateShareLinkSettings,
  type ShareLinkRow,
} from '../repositories/shareLinks.ts'
import { recordAdminEvent } from './audit.ts'
import type { GrantAccess } from './callers.ts'
import { currentContent, signDownload } from './downloads.ts'
import { checkName } from './fieldRules.ts'
import { grantRoot, isUnder, normalizeSegments, resolveDir } from './paths.ts'
import type { StoreSet } from './placement.ts'
import { RATE_LIMITS, takeRate } from './rateLimit.ts'
import { signThumbnail } from './thumbnails.ts'

const scrypt = promisify(crypto.scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>

/** A link's token: 256 random bits, URL-safe; only its SHA-256 is kept. */
function newShareToken(): string {
  return crypto.randomBytes(32).toString('base64url')
}

async function hashPassphrase(passphrase: string): Promise<string> {
  const salt = crypto.randomBytes(16)
  const hash = await scrypt(passphrase, salt, 32)
  return `scrypt$${salt.toString('base64url')}$${hash.toString('base64url')}`
}

async function passphraseMatches(passphrase: string, stored: string): Promise<boolean> {
  const [kind, salt, hash] = stored.split('$')
  if (kind !== 'scrypt' || salt === undefined || hash === undefined) return false
  const expected = Buffer.from(hash, 'base64url')
  const actual = await scrypt(passphrase, Buffer.from(salt, 'base64url'), expected.length)
  return crypto.timingSafeEqual(actual, expected)
}

// --- What a link is now ---------------------------------------------------------------------------------------

/** Whether the link's target still exists, under the container's root as it is now. */
function targetExists(link: ShareLinkRow): boolean {
  const root = grantRoot(link.grant_prefix_path)
  if (link.media_id !== null) {
    return (
      link.target_media_path !== null &&
      link.target_deleted === false &&
      isUnder(link.target_media_path, root)
    )
  }
  const folder = link.folder_path as string
  if (!isUnder(folder, root)) return false
  // The volume's root has no row of its own; any other folder is deleted when its files all are.
  if (folder === MEDIA_PATH_PREFIX) return true
  if (link.folder_file_count === null) return false
  return link.folder_file_count > 0 || link.folder_deleted_count === 0
}

export function stateOf(link: ShareLinkRow): ShareLinkState {
  if (link.revoked_at !== null) return 'revoked'
  if (
    !link.share_links_enabled ||
    !link.creator_can_download ||
    link.grant_disabled ||
    link.volume_disabled ||
    !targetExists(link)
  ) {
    return 'stopped'
  }
  if (link.is_expired) return 'expired'
  if (link.download_limit !== null && link.download_count >= link.download_limit) return 'used_up'
  return 'active'
}

/** The link's path relative to its container's root: the file's, or the folder's (ending in '/'). */
function targetPathOf(link: ShareLinkRow): string {
  const root = grantRoot(link.grant_prefix_path)
  const full = link.media_id !== null ? (link.target_media_path ?? '') : (link.folder_path ?? '')
  return isUnder(full, root) ? full.slice(root.length) : ''
}

function wireOf(link: ShareLinkRow): ShareLink {
  return {
    share_link_id: link.share_link_id,
    label: link.label,
    user_id: link.user_id,
    email: link.email,
    user_name: link.user_name,
    media_grant_id: link.media_grant_id,
    grant_name: link.grant_name,
    media_id: link.media_id,
    target_path: targetPathOf(link),
    target_kind: link.media_id !== null ? 'file' : 'folder',
    create_time: link.create_time,
    expires_at: link.expires_at,
    has_passphrase: link.passphrase_hash !== null,
    download_limit: link.download_limit,
    download_count: link.download_count,
    view_only: link.view_only,
    last_used: link.last_used,
    revoked_at: link.revoked_at,
    state: stateOf(link),
  }
}

// --- The organization's calls ---------------------------------------------------------------------------------

export async function shareLinkSettings(db: Queryable, orgId: number): Promise<ShareLinkSettings> {
  const row = await findShareLinkSettings(db, orgId)
  if (!row) throw new HttpError(404, 'not_found')
  // Plans do not count links: a link costs no storage, seat or device (docs/administration.md).
  return { ...row, max_active_links: null }
}

/** An admin's change of the organization's link settings, in its trail; changing nothing records nothing. */
export async function updateSettings(
  db: Database,
  admin: Membership,
  update: UpdateShareLinkSettingsRequest,
): Promise<ShareLinkSettings> {
  await db.transaction(async (tx) => {
    const before = await findShareLinkSettings(tx, admin.org_id)
    if (!before) throw new HttpError(404, 'not_found')
    const words: string[] = []
    const enabled = update.share_links_enabled
    if (enabled !== undefined && enabled !== before.share_links_enabled) {
      words.push(enabled ? 'turned on' : 'turned off')
    }
    const days = update.max_link_days
    if (days !== undefined && days !== before.max_link_days) {
      words.push(`max_link_days ${before.max_link_days} → ${days}`)
    }
    if (words.length === 0) return
    await updateShareLinkSettings(tx, admin.org_id, {
      ...(enabled === undefined ? {} : { enabled }),
      ...(days === undefined ? {} : { maxLinkDays: days }),
    })
    await recordAdminEvent(tx, {
      orgId: admin.org_id,
      action: 'share_link_settings',
      userId: admin.user_id,
      summary: `Share links: ${words.join(', ')}`,
    })
  })
  return shareLinkSettings(db, admin.org_id)
}

/** How a link reads in the organization's trail: its label and target, never its token. */
const linkWords = (link: ShareLinkRow) =>
  `link ${link.label} to ${targetPathOf(link) || '/'} of container ${link.grant_name}`

/**
 * A link to a file or a folder of the container (the scope has checked that the member holds it, enabled,
 * with the download right). The token is answered this once; the server keeps its SHA-256.
 */
export async function createShareLink(
  db: Database,
  access: GrantAccess,
  request: CreateShareLinkRequest,
): Promise<CreateShareLinkResponse> {
  const orgId = access.member.org_id
  const settings = await shareLinkSettings(db, orgId)
  if (!settings.share_links_enabled) throw new HttpError(403, 'share_links_off')
  const label = checkName(request.label, { code: 'invalid_label', maxLength: LABEL_MAX_LENGTH })
  const expireDays = request.expire_days ?? Math.min(DEFAULT_LINK_DAYS, settings.max_link_days)
  if (expireDays > settings.max_link_days) throw new HttpError(400, 'max_link_days', settings.max_link_days)
  const passphrase = request.passphrase
  if (passphrase !== undefined && passphrase.length < PASSPHRASE_MIN_LENGTH) {
    throw new HttpError(400, 'invalid_passphrase', PASSPHRASE_MIN_LENGTH)
  }
  let mediaId: number | null = null
  let folderPath: string | null = null
  if ((request.media_id === undefined) === (request.folder_path === undefined)) {
    throw new HttpError(400, 'invalid_target')
  }
  if (request.media_id !== undefined) {
    const media = await findMedia(db, orgId, request.media_id)
    if (!media || media.is_deleted || media.volume_id !== access.grant.volume_id) {
      throw new HttpError(404, 'not_found')
    }
    if (!isUnder(media.media_path, access.root)) throw new HttpError(404, 'not_found')
    mediaId = media.media_id
  } else {
    folderPath = resolveDir(access.root, request.folder_path ?? '')
  }
  const token = newShareToken()
  const passphraseHash = passphrase === undefined ? null : await hashPassphrase(passphrase)
  const link = await db.transaction(async (tx) => {
    const linkId = await insertShareLink(tx, {
      orgId,
      userId: access.member.user_id,
      grantId: access.grant.media_grant_id,
      mediaId,
      folderPath,
      tokenHash: sha256(token),
      label,
      expireDays,
      passphraseHash,
      downloadLimit: request.download_limit ?? null,
      viewOnly: request.view_only ?? false,
    })
    const made = await findShareLink(tx, orgId, linkId)
    if (!made) throw new HttpError(500, 'internal_error')
    // A folder that does not exist is no target (the link would answer unknown_link from its first use):
    // the refusal rolls the link back.
    if (!targetExists(made)) throw new HttpError(404, 'not_found')
    const terms = [
      `${expireDays} day(s)`,
      ...(made.passphrase_hash === null ? [] : ['a passphrase']),
      ...(made.download_limit === null ? [] : [`${made.download_limit} download(s)`]),
      ...(made.view_only ? ['view only'] : []),
    ]
    await recordAdminEvent(tx, {
      orgId,
      action: 'share_link_create',
      userId: access.member.user_id,
      volumeId: made.volume_id,
      grantId: made.media_grant_id,
      summary: `Made ${linkWords(made)} (${terms.join(', ')})`,
    })
    return made
  })
  return { share_link: wireOf(link), share_token: token, share_path: `/s/${token}` }
}

/** An admin sees every link of the organization; a member their own. */
export async function shareLinkList(
  db: Queryable,
  member: Membership,
  state: ShareLinkState | undefined,
): Promise<ShareLink[]> {
  const rows = await listShareLinks(db, member.org_id, member.is_admin ? undefined : member.user_id)
  const links = rows.map(wireOf)
  return state === undefined ? links : links.filter((link) => link.state === state)
}

/**
 * A link's creator or an admin revokes it, in the organization's trail (revoking a revoked link records
 * nothing); anyone else finds no such link.
 */
export async function revokeLink(db: Database, member: Membership, linkId: number): Promise<ShareLink> {
  return db.transaction(async (tx) => {
    const link = await findShareLink(tx, member.org_id, linkId)
    if (!link || (!member.is_admin && link.user_id !== member.user_id)) throw new HttpError(404, 'not_found')
    if (link.revoked_at === null) {
      await revokeShareLink(tx, member.org_id, linkId)
      await recordAdminEvent(tx, {
        orgId: member.org_id,
        action: 'share_link_revoke',
        userId: member.user_id,
        volumeId: link.volume_id,
        grantId: link.media_grant_id,
        subjectUserId: link.user_id,
        summary: `Revoked ${linkWords(link)}${link.email === null ? '' : `, made by ${link.email}`}`,
      })
    }
    const revoked = await findShareLink(tx, member.org_id, linkId)
    return wireOf(revoked as ShareLinkRow)
  })
}

// --- The visitor's calls --------------------------------------------------------------------------------------

export interface Visitor {
  /** The visitor's address, for the audit trail. */
  address: string
  /** The address as limits count it (services/rateLimit.ts); undefined for an exempt one. */
  limitSubject: string | undefined
}

interface Visit {
  visitId: string
  expiresAt: number
}

const sessionLabel = (link: ShareLinkRow) => `share_link_session:${link.share_link_id}`

function newVisit(
  sealer: Sealer,
  link: ShareLinkRow,
): { link_session: string; link_session_expires_at: string } {
  const visit: Visit = {
    visitId: crypto.randomBytes(16).toString('base64url'),
    expiresAt: Date.now() + LINK_SESSION_MINUTES * 60_000,
  }
  const sealed = sealer.seal(Buffer.from(JSON.stringify(visit)), sessionLabel(link))
  return {
    link_session: Buffer.from(sealed).toString('base64url'),
    link_session_expires_at: new Date(visit.expiresAt).toISOString(),
  }
}

/** The visit a link session names, when it was sealed for this link and has not ended. */
function visitOf(sealer: Sealer, link: ShareLinkRow, linkSession: string | undefined): Visit | undefined {
  if (!linkSession) return undefined
  try {
    const visit = JSON.parse(
      sealer.open(Buffer.from(linkSession, 'base64url'), sessionLabel(link)).toString(),
    ) as Visit
    return typeof visit.visitId === 'string' && visit.expiresAt > Date.now() ? visit : undefined
  } catch {
    return undefined
  }
}

/** The link a token names, as a visitor may use it; every refusal as the file's header says. */
async function usableLink(db: Queryable, token: string, downloading = false): Promise<ShareLinkRow> {
  const link = await findShareLinkByTokenHash(db, sha256(token))
  if (!link) throw new HttpError(404, 'unknown_link')
  const state = stateOf(link)
  if (state === 'revoked' || state === 'stopped') throw new HttpError(404, 'unknown_link')
  if (state === 'expired') throw new HttpError(410, 'link_expired')
  // A used-up link still shows its page (what was shared, and that nothing more can be downloaded); its
  // downloads are refused.
  if (state === 'used_up' && downloading) throw new HttpError(410, 'link_used_up')
  return link
}

/** The visit of a call that needs one: a link with a passphrase needs it given first. */
function requireVisit(sealer: Sealer, link: ShareLinkRow, linkSession: string | undefined): Visit {
  const visit = visitOf(sealer, link, linkSession)
  if (!visit) throw new HttpError(401, 'passphrase_required')
  return visit
}

/** The creator's rights, through which a link reads: checked by usableLink's state. */
function accessOf(link: ShareLinkRow): GrantAccess {
  return {
    member: {
      org_id: link.org_id,
      user_id: link.user_id as number,
      is_admin: false,
      cap_add_device: false,
      cap_web_download: true,
      cap_web_upload: false,
    },
    grant: {
      media_grant_id: link.media_grant_id,
      org_id: link.org_id,
      volume_id: link.volume_id,
      prefix_path: link.grant_prefix_path,
      is_disabled: false,
      volume_is_disabled: false,
    },
    root: grantRoot(link.grant_prefix_path),
  }
}

/** A file as the visitor sees it: named relative to the folder listed, nothing of the paths above. */
function sharedOf(media: Media, dir: string): ShareOpenResponse['media_list'][number] {
  return {
    media_id: media.media_id,
    name: media.media_path.slice(dir.length),
    file_size: media.file_size,
    file_hash: media.file_hash,
    mtime: media.mtime,
    media_kind: media.media_kind,
    thumbnail_state: media.thumbnail_state,
  }
}

/** The trail's Destination of an event through a link. */
const destinationOf = (link: ShareLinkRow) => `Link: ${link.label}`

/** A file of the link's target: the file of a file link, or an active file under a folder link's folder. */
async function mediaOfLink(db: Queryable, link: ShareLinkRow, mediaId: number): Promise<MediaRow> {
  const media = await findMedia(db, link.org_id, mediaId)
  const inside =
    media !== undefined &&
    !media.is_deleted &&
    media.volume_id === link.volume_id &&
    (link.media_id !== null
      ? media.media_id === link.media_id
      : isUnder(media.media_path, link.folder_path ?? ''))
  if (!inside) throw new HttpError(404, 'not_found')
  return media
}

export async function openLink(
  db: Database,
  sealer: Sealer,
  visitor: Visitor,
  token: string,
  query: { link_session?: string; path?: string },
): Promise<ShareOpenResponse> {
  const link = await usableLink(db, token)
  const given = visitOf(sealer, link, query.link_session)
  const page = {
    org_name: link.org_name,
    label: link.label,
    target_kind: link.media_id !== null ? ('file' as const) : ('folder' as const),
    expires_at: link.expires_at,
    view_only: link.view_only,
    downloads_left:
      link.download_limit === null ? null : Math.max(0, link.download_limit - link.download_count),
  }
  if (!given && link.passphrase_hash !== null) {
    return {
      ...page,
      needs_passphrase: true,
      link_session: null,
      link_session_expires_at: null,
      path: '',
      media_list: [],
      dir_list: [],
    }
  }
  const session = given
    ? {
        link_session: query.link_session as string,
        link_session_expires_at: new Date(given.expiresAt).toISOString(),
      }
    : newVisit(sealer, link)
  await touchShareLink(db, link.share_link_id)
  if (link.media_id !== null) {
    const media = await mediaOfLink(db, link, link.media_id)
    // Opening a file's link shows the file: a view, in the trail.
    await recordView(db, link, media, visitor)
    const dir = media.media_path.slice(0, media.media_path.lastIndexOf('/') + 1)
    return {
      ...page,
      ...session,
      needs_passphrase: false,
      path: '',
      media_list: [sharedOf(media, dir)],
      dir_list: [],
    }
  }
  const folder = link.folder_path as string
  const segments = normalizeSegments(query.path ?? '')
  const dir = segments.length === 0 ? folder : `${folder}${segments.join('/')}/`
  const [files, dirs] = await Promise.all([
    listFilesIn(db, link.volume_id, dir),
    listSubdirs(db, link.volume_id, dir),
  ])
  return {
    ...page,
    ...session,
    needs_passphrase: false,
    path: dir.slice(folder.length),
    media_list: files.filter((file) => !file.is_deleted).map((file) => sharedOf(file, dir)),
    dir_list: dirs
      .filter((entry) => entry.file_count > 0 || entry.deleted_count === 0)
      .map((entry) => ({ dir_name: entry.dir_name, file_count: entry.file_count })),
  }
}

/** A view through a link: an audit event of the file, its Destination the link, with the visitor's address. */
async function recordView(
  db: Queryable,
  link: ShareLinkRow,
  media: MediaRow,
  visitor: Visitor,
): Promise<void> {
  await insertAuditEvent(db, {
    orgId: link.org_id,
    volumeId: link.volume_id,
    mediaId: media.media_id,
    mediaPath: media.media_path,
    userId: link.user_id as number,
    deviceId: null,
    destPath: destinationOf(link),
    visitorAddress: visitor.address,
  })
}

/**
 * Passphrase tries are limited per address and per link, as sign-in attempts are (services/rateLimit.ts).
 * The address is counted first: an address already at its limit is refused before its try is counted
 * against the link, so it cannot use up the tries of the people the link was sent to.
 */
export async function checkPassphrase(
  db: Database,
  sealer: Sealer,
  visitor: Visitor,
  token: string,
  passphrase: string,
): Promise<SharePassphraseResponse> {
  const link = await usableLink(db, token)
  if (visitor.limitSubject && !(await takeRate(db, RATE_LIMITS.passphrasePerAddress, visitor.limitSubject))) {
    throw new HttpError(429, 'too_many_tries')
  }
  if (!(await takeRate(db, RATE_LIMITS.passphrasePerLink, String(link.share_link_id)))) {
    throw new HttpError(429, 'too_many_tries')
  }
  if (link.passphrase_hash !== null && !(await passphraseMatches(passphrase, link.passphrase_hash))) {
    throw new HttpError(403, 'wrong_passphrase')
  }
  return newVisit(sealer, link)
}

/** A call about one file of a link, as a visitor makes it. */
export interface LinkFileRequest {
  visitor: Visitor
  token: string
  mediaId: number
  /** The visit's session, as the query carried it. */
  linkSession: string | undefined
}

/**
 * A file through a link, the one way every call about a file takes: the link as a visitor may use it, the
 * visit (a passphrase given, when the link has one), then the file inside the link's target. Downloading
 * (not playing, previewing or a thumbnail) is refused besides by a used-up or a view-only link.
 */
async function fileThroughLink(
  db: Queryable,
  sealer: Sealer,
  request: LinkFileRequest,
  downloading: boolean,
): Promise<{ link: ShareLinkRow; visit: Visit; media: MediaRow }> {
  const link = await usableLink(db, request.token, downloading)
  const visit = requireVisit(sealer, link, request.linkSession)
  if (link.view_only && downloading) throw new HttpError(403, 'view_only')
  const media = await mediaOfLink(db, link, request.mediaId)
  return { link, visit, media }
}

export async function linkDownloadUrl(
  db: Database,
  stores: StoreSet,
  sealer: Sealer,
  request: LinkFileRequest,
  inline: boolean,
): Promise<DownloadUrlResponse> {
  const { link, visit, media } = await fileThroughLink(db, sealer, request, !inline)
  return db.transaction(async (tx) => {
    if (!inline) {
      const counted = await countLinkDownload(
        tx,
        { orgId: link.org_id, linkId: link.share_link_id },
        visit.visitId,
        media.media_id,
      )
      if (!counted) throw new HttpError(410, 'link_used_up')
    }
    await touchShareLink(tx, link.share_link_id)
    return signDownload(
      tx,
      stores,
      accessOf(link),
      currentContent(media),
      inline,
      destinationOf(link),
      request.visitor.address,
    )
  })
}

/** A thumbnail (small) or a preview (large) of a file of the link; a preview is a view, in the trail. */
export async function linkThumbnail(
  db: Database,
  stores: StoreSet,
  sealer: Sealer,
  request: LinkFileRequest,
  size: ThumbnailSize,
): Promise<{ url: string; maxAgeSeconds: number }> {
  const { link, media } = await fileThroughLink(db, sealer, request, false)
  const thumbnail = await signThumbnail(db, stores, accessOf(link), media, size)
  if (size === 'large') await recordView(db, link, media, request.visitor)
  return thumbnail
}
