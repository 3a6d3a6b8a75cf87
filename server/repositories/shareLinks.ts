// Share links, with what deciding whether one still works needs in the same statement: the organization's
// switch, the creator's membership and download right, the container (held, enabled, on an enabled volume)
// and the target (the file, or the folder's row). SQL only; the rules are in services/shareLinks.ts.
import type { Queryable } from '../db/index.ts'
import { iso } from './isoTime.ts'

export interface ShareLinkRow {
  share_link_id: number
  org_id: number
  user_id: number | null
  email: string | null
  user_name: string | null
  media_grant_id: number
  grant_name: string
  grant_prefix_path: string
  volume_id: number
  media_id: number | null
  folder_path: string | null
  label: string
  create_time: string
  expires_at: string
  passphrase_hash: string | null
  download_limit: number | null
  download_count: number
  view_only: boolean
  last_used: string | null
  revoked_at: string | null
  org_name: string
  share_links_enabled: boolean
  /** The creator is still a member with the download right, and holds the container. */
  creator_can_download: boolean
  grant_disabled: boolean
  volume_disabled: boolean
  /** The file's path and whether it is deleted (a file link), or the folder's counts (a folder link). */
  target_media_path: string | null
  target_deleted: boolean | null
  folder_file_count: number | null
  folder_deleted_count: number | null
  is_expired: boolean
}

const LINK_SELECT = `
  SELECT l.share_link_id, l.org_id, l.user_id, u.email, u.user_name, l.media_grant_id, g.grant_name,
         g.prefix_path AS grant_prefix_path, g.volume_id, l.media_id, l.folder_path, l.label,
         ${iso('l.create_time')} AS create_time, ${iso('l.expires_at')} AS expires_at, l.passphrase_hash,
         l.download_limit, l.download_count, l.view_only, ${iso('l.last_used')} AS last_used,
         ${iso('l.revoked_at')} AS revoked_at, o.org_name, o.share_links_enabled,
         (ou.user_id IS NOT NULL AND ou.cap_web_download AND h.user_id IS NOT NULL) AS creator_can_download,
         g.is_disabled AS grant_disabled, vol.is_disabled AS volume_disabled,
         m.media_path AS target_media_path, m.is_deleted AS target_deleted,
         d.file_count AS folder_file_count, d.deleted_count AS folder_deleted_count,
         (l.expires_at <= now()) AS is_expired
    FROM share_link l
    JOIN org o ON o.org_id = l.org_id
    JOIN media_grant g ON g.media_grant_id = l.media_grant_id
    JOIN volume vol ON vol.volume_id = g.volume_id
    LEFT JOIN app_user u ON u.user_id = l.user_id
    LEFT JOIN org_user ou ON ou.org_id = l.org_id AND ou.user_id = l.user_id
    LEFT JOIN media_grant_user h ON h.media_grant_id = l.media_grant_id AND h.user_id = l.user_id
    LEFT JOIN media m ON m.media_id = l.media_id AND m.org_id = l.org_id
    LEFT JOIN media_dir d ON d.volume_id = g.volume_id AND lower(d.dir_path) = lower(l.folder_path)`

export interface NewShareLink {
  orgId: number
  userId: number
  grantId: number
  mediaId: number | null
  folderPath: string | null
  tokenHash: Buffer
  label: string
  expireDays: number
  passphraseHash: string | null
  downloadLimit: number | null
  viewOnly: boolean
}

export async function insertShareLink(db: Queryable, link: NewShareLink): Promise<number> {
  const [row] = await db.query<{ share_link_id: number }>(
    `INSERT INTO share_link (org_id, user_id, media_grant_id, media_id, folder_path, token_hash, label,
                             expires_at, passphrase_hash, download_limit, view_only)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(days => $8::int), $9, $10, $11)
     RETURNING share_link_id`,
    [
      link.orgId,
      link.userId,
      link.grantId,
      link.mediaId,
      link.folderPath,
      link.tokenHash,
      link.label,
      link.expireDays,
      link.passphraseHash,
      link.downloadLimit,
      link.viewOnly,
    ],
  )
  return (row as { share_link_id: number }).share_link_id
}

export async function findShareLink(
  db: Queryable,
  orgId: number,
  linkId: number,
): Promise<ShareLinkRow | undefined> {
  const [row] = await db.query<ShareLinkRow>(`${LINK_SELECT} WHERE l.org_id = $1 AND l.share_link_id = $2`, [
    orgId,
    linkId,
  ])
  return row
}

/** The link of a token's hash, in whichever organization: the token is the only key a visitor has. */
export async function findShareLinkByTokenHash(
  db: Queryable,
  tokenHash: Buffer,
): Promise<ShareLinkRow | undefined> {
  const [row] = await db.query<ShareLinkRow>(`${LINK_SELECT} WHERE l.token_hash = $1`, [tokenHash])
  return row
}

/** The organization's links, newest first; only one member's when userId is given. */
export async function listShareLinks(
  db: Queryable,
  orgId: number,
  userId: number | undefined,
): Promise<ShareLinkRow[]> {
  return db.query<ShareLinkRow>(
    `${LINK_SELECT} WHERE l.org_id = $1 AND ($2::bigint IS NULL OR l.user_id = $2)
      ORDER BY l.share_link_id DESC LIMIT 1000`,
    [orgId, userId ?? null],
  )
}

export async function revokeShareLink(db: Queryable, orgId: number, linkId: number): Promise<void> {
  await db.query(
    `UPDATE share_link SET revoked_at = COALESCE(revoked_at, now())
      WHERE org_id = $1 AND share_link_id = $2`,
    [orgId, linkId],
  )
}

export async function touchShareLink(db: Queryable, linkId: number): Promise<void> {
  await db.query('UPDATE share_link SET last_used = now() WHERE share_link_id = $1', [linkId])
}

/**
 * Counts a file given to a visit against the link's limit, once per visit and file: answers false when the
 * limit is reached (nothing recorded). The visit's row and the count change in the caller's transaction.
 */
export async function countLinkDownload(
  db: Queryable,
  link: { orgId: number; linkId: number },
  visitId: string,
  mediaId: number,
): Promise<boolean> {
  const inserted = await db.query(
    `INSERT INTO share_link_download (org_id, share_link_id, visit_id, media_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING RETURNING media_id`,
    [link.orgId, link.linkId, visitId, mediaId],
  )
  if (inserted.length === 0) return true
  const counted = await db.query(
    `UPDATE share_link SET download_count = download_count + 1
      WHERE share_link_id = $1 AND (download_limit IS NULL OR download_count < download_limit)
      RETURNING download_count`,
    [link.linkId],
  )
  return counted.length > 0
}

export interface ShareLinkSettingsRow {
  share_links_enabled: boolean
  max_link_days: number
}

export async function findShareLinkSettings(
  db: Queryable,
  orgId: number,
): Promise<ShareLinkSettingsRow | undefined> {
  const [row] = await db.query<ShareLinkSettingsRow>(
    'SELECT share_links_enabled, max_link_days FROM org WHERE org_id = $1',
    [orgId],
  )
  return row
}

export async function updateShareLinkSettings(
  db: Queryable,
  orgId: number,
  update: { enabled?: boolean; maxLinkDays?: number },
): Promise<void> {
  await db.query(
    `UPDATE org SET share_links_enabled = COALESCE($2, share_links_enabled),
                    max_link_days = COALESCE($3, max_link_days)
      WHERE org_id = $1`,
    [orgId, update.enabled ?? null, update.maxLinkDays ?? null],
  )
}
