// SQL of files, their versions and directories. Every query names the organization (or a volume already
// checked to be the organization's), so no id of another tenant reaches a row. Every change of a file or a
// folder goes with touchDirChain on its path, in the same transaction: the counts of active and of deleted
// files and the listing versions that servers check their kept listings against depend on it.
import type {
  AuditEvent,
  DirEntry,
  Media,
  MediaVersion,
  HashContainer,
  ThumbnailState,
} from '../contract/media.ts'
import { mediaKindOf } from '../contract/mediaKinds.ts'
import type { Queryable } from '../db/index.ts'
import { grantRootSql } from './grants.ts'
import { iso } from './isoTime.ts'

/** A directory of a path's chain (services/paths.ts dirChain), as touchDirChain writes it. */
export interface DirRow {
  dirPath: string
  parentPath: string
  dirName: string
}

/** A timestamp as the wire has it: ISO 8601 in UTC with milliseconds. */

const MEDIA_FIELDS = `m.media_id, m.media_path, m.file_size, m.file_hash, ${iso('m.ctime')} AS ctime,
  ${iso('m.mtime')} AS mtime, m.is_deleted, COALESCE(m.media_version_id, 0) AS media_version_id,
  ${iso('m.last_updated')} AS last_updated, m.last_update_user_id, m.last_update_device_id,
  CASE WHEN v.is_proven AND s.is_confirmed THEN d.state END AS derivative_state`

/**
 * A file with what its thumbnails need: its current version (proven?), its content (stored?) and the
 * derivatives made of it. Each join is one primary-key lookup per file, so a listing stays one statement.
 */
const MEDIA_FROM = `media m
  LEFT JOIN media_version v ON v.media_version_id = m.media_version_id
  LEFT JOIN stored_object s ON s.org_id = m.org_id AND s.file_hash = m.file_hash
  LEFT JOIN media_derivative d ON d.org_id = m.org_id AND d.file_hash = m.file_hash`

/** A file's row as read: the derivatives' state when its content is readable (stored and proven). */
type MediaRead<T> = Omit<T, 'media_kind' | 'thumbnail_state' | 'has_thumbnail'> & {
  derivative_state: ThumbnailState | null
}

/**
 * The kind by the name, and the thumbnails: ready when they exist for readable content; pending while the
 * job has still to make them of a picture or a clip; none otherwise (other kinds are read by the job too,
 * for their details, and get nothing to show).
 */
function withThumbnail<T extends Media>({ derivative_state: state, ...row }: MediaRead<T>): T {
  const kind = mediaKindOf(row.media_path)
  const thumbnailState: ThumbnailState =
    state === 'ready' || (state === 'pending' && (kind === 'image' || kind === 'video')) ? state : 'none'
  return {
    ...row,
    media_kind: kind,
    thumbnail_state: thumbnailState,
    has_thumbnail: thumbnailState === 'ready',
  } as unknown as T
}

/** Files directly in a directory, deleted ones included (the client filters); media_dir_idx serves it. */
export async function listFilesIn(db: Queryable, volumeId: number, dirPath: string): Promise<Media[]> {
  const rows = await db.query<MediaRead<Media>>(
    `SELECT ${MEDIA_FIELDS} FROM ${MEDIA_FROM}
      WHERE m.volume_id = $1 AND lower(m.dir_path) = lower($2)
      ORDER BY lower(m.name)`,
    [volumeId, dirPath],
  )
  return rows.map(withThumbnail)
}

/**
 * The subdirectories of a directory, each with the counts of active and of deleted files below it that its
 * row keeps (no file row is read); media_dir_parent_idx serves it. A child's path is unique without case,
 * and so is its name under one parent.
 */
export async function listSubdirs(db: Queryable, volumeId: number, dirPath: string): Promise<DirEntry[]> {
  return db.query<DirEntry>(
    `SELECT dir_name, file_count, deleted_count FROM media_dir
      WHERE volume_id = $1 AND lower(parent_path) = lower($2)
      ORDER BY lower(dir_name)`,
    [volumeId, dirPath],
  )
}

export interface MediaRow extends Media {
  volume_id: number
}

export async function findMedia(
  db: Queryable,
  orgId: number,
  mediaId: number,
): Promise<MediaRow | undefined> {
  const [row] = await db.query<MediaRead<MediaRow>>(
    `SELECT ${MEDIA_FIELDS}, m.volume_id FROM ${MEDIA_FROM} WHERE m.org_id = $1 AND m.media_id = $2`,
    [orgId, mediaId],
  )
  return row && withThumbnail<MediaRow>(row)
}

/** The file at a path of a volume, compared without case; locked for the caller's transaction. */
export async function findMediaAtPathForUpdate(
  db: Queryable,
  volumeId: number,
  mediaPath: string,
): Promise<{ media_id: number; file_hash: string; is_deleted: boolean } | undefined> {
  const [row] = await db.query<{ media_id: number; file_hash: string; is_deleted: boolean }>(
    `SELECT media_id, file_hash, is_deleted FROM media
      WHERE volume_id = $1 AND lower(media_path) = lower($2) FOR UPDATE`,
    [volumeId, mediaPath],
  )
  return row
}

export interface NewContent {
  orgId: number
  volumeId: number
  mediaPath: string
  dirPath: string
  name: string
  fileHash: string
  fileSize: number
  /** Epoch milliseconds. */
  ctime: number | null
  mtime: number | null
  userId: number
  /** The device that sent the content; null for the web. */
  deviceId: number | null
  /** The content was reachable by the one who registered it (services/contentAccess.ts). */
  isProven: boolean
}

/** Inserts the file row when no file holds the path; answers its id, or undefined when one does. */
export async function insertMedia(db: Queryable, media: NewContent): Promise<number | undefined> {
  const [row] = await db.query<{ media_id: number }>(
    `INSERT INTO media (org_id, volume_id, media_path, dir_path, name, file_hash, file_size, ctime, mtime,
                        last_update_user_id, last_update_device_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, to_timestamp($8::float8 / 1000), to_timestamp($9::float8 / 1000), $10,
             $11)
     ON CONFLICT (volume_id, lower(media_path)) DO NOTHING
     RETURNING media_id`,
    [
      media.orgId,
      media.volumeId,
      media.mediaPath,
      media.dirPath,
      media.name,
      media.fileHash,
      media.fileSize,
      media.ctime,
      media.mtime,
      media.userId,
      media.deviceId,
    ],
  )
  return row?.media_id
}

/** Adds a version and makes it the file's current content, active. */
export async function addVersion(db: Queryable, mediaId: number, content: NewContent): Promise<void> {
  await db.query(
    `WITH version AS (
       INSERT INTO media_version (org_id, media_id, file_hash, file_size, ctime, mtime, user_id, device_id,
                                  is_proven)
       VALUES ($1, $2, $3, $4, to_timestamp($5::float8 / 1000), to_timestamp($6::float8 / 1000), $7, $8, $9)
       RETURNING media_version_id, file_hash, file_size, ctime, mtime
     )
     UPDATE media m
        SET media_version_id = v.media_version_id, file_hash = v.file_hash, file_size = v.file_size,
            ctime = v.ctime, mtime = v.mtime, is_deleted = false, deleted_at = NULL, last_updated = now(),
            last_update_user_id = $7, last_update_device_id = $8
       FROM version v
      WHERE m.org_id = $1 AND m.media_id = $2`,
    [
      content.orgId,
      mediaId,
      content.fileHash,
      content.fileSize,
      content.ctime,
      content.mtime,
      content.userId,
      content.deviceId,
      content.isProven,
    ],
  )
}

/** What one change of a file adds to the counts of every directory on its path: -1, 0 or 1 each. */
export interface CountChange {
  active: number
  deleted: number
}

/**
 * Records a change below a directory along its whole path (dirChain: every directory from the top of the
 * volume down to it): change is added to each one's counts of active and of deleted files (both 0 when a
 * file changed without changing its state, or a folder was made), and each one's listing version is
 * raised, since each listing along the path shows what changed (the files of the last, the counts or the
 * new subdirectory of the others). Missing directories are recorded. The rows are written, and so locked,
 * root first, in one order for every transaction: two that change files of the same folders wait for each
 * other there instead of each holding a row the other needs.
 */
export async function touchDirChain(
  db: Queryable,
  orgId: number,
  volumeId: number,
  dirs: readonly DirRow[],
  change: CountChange,
): Promise<void> {
  if (dirs.length === 0) return
  // The directories come as arrays $3 to $5 (paths, parents, names); their position (depth) is the order.
  await db.query(
    `INSERT INTO media_dir (org_id, volume_id, dir_path, parent_path, dir_name, file_count, deleted_count,
                           listing_version)
     SELECT $1, $2, d.dir_path, d.parent_path, d.dir_name, GREATEST($6::bigint, 0), GREATEST($7::bigint, 0), 1
       FROM unnest($3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS d(dir_path, parent_path, dir_name, depth)
      ORDER BY d.depth
     ON CONFLICT (volume_id, lower(dir_path)) DO UPDATE
        SET file_count = media_dir.file_count + $6::bigint,
            deleted_count = media_dir.deleted_count + $7::bigint,
            listing_version = media_dir.listing_version + 1`,
    [
      orgId,
      volumeId,
      dirs.map((dir) => dir.dirPath),
      dirs.map((dir) => dir.parentPath),
      dirs.map((dir) => dir.dirName),
      change.active,
      change.deleted,
    ],
  )
}

/** The version of a directory's listing, or undefined when the directory has no row (a volume's root). */
export async function findListingVersion(
  db: Queryable,
  volumeId: number,
  dirPath: string,
): Promise<number | undefined> {
  const [row] = await db.query<{ listing_version: number }>(
    'SELECT listing_version FROM media_dir WHERE volume_id = $1 AND lower(dir_path) = lower($2)',
    [volumeId, dirPath],
  )
  return row?.listing_version
}

/** Whether a file of the volume holds one of these paths (each given without its trailing slash). */
export async function isFileAtAnyPath(db: Queryable, volumeId: number, paths: string[]): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM media WHERE volume_id = $1 AND lower(media_path) = ANY ($2::text[]) LIMIT 1`,
    [volumeId, paths.map((path) => path.toLowerCase())],
  )
  return rows.length > 0
}

/** Whether a file is deleted, and where; the row is locked until the caller's transaction ends. */
export async function lockMediaActivity(
  db: Queryable,
  orgId: number,
  mediaId: number,
): Promise<{ is_deleted: boolean; volume_id: number; dir_path: string } | undefined> {
  const [row] = await db.query<{ is_deleted: boolean; volume_id: number; dir_path: string }>(
    'SELECT is_deleted, volume_id, dir_path FROM media WHERE org_id = $1 AND media_id = $2 FOR UPDATE',
    [orgId, mediaId],
  )
  return row
}

/** Marks a file and its current version deleted or active. */
export async function setDeleted(
  db: Queryable,
  orgId: number,
  mediaId: number,
  isDeleted: boolean,
  userId: number,
): Promise<void> {
  await db.query(
    `WITH file AS (
       UPDATE media SET is_deleted = $3, last_updated = now(), last_update_user_id = $4,
                        last_update_device_id = NULL, deleted_at = CASE WHEN $3 THEN now() END
        WHERE org_id = $1 AND media_id = $2
       RETURNING media_version_id
     )
     UPDATE media_version v SET is_deleted = $3
       FROM file WHERE v.org_id = $1 AND v.media_version_id = file.media_version_id`,
    [orgId, mediaId, isDeleted, userId],
  )
}

export async function listVersions(db: Queryable, orgId: number, mediaId: number): Promise<MediaVersion[]> {
  return db.query<MediaVersion>(
    `SELECT v.media_version_id, v.file_hash, v.file_size, ${iso('v.create_time')} AS create_time,
            v.is_deleted, u.user_name, u.email, d.device_name
       FROM media_version v
       LEFT JOIN app_user u ON u.user_id = v.user_id
       LEFT JOIN device d ON d.device_id = v.device_id
      WHERE v.org_id = $1 AND v.media_id = $2
      ORDER BY v.create_time DESC, v.media_version_id DESC`,
    [orgId, mediaId],
  )
}

/**
 * Devices that hold a file's content through a mount whose container covers the file (same volume, the
 * file's path under the mount's root): what a device holds through other containers is none of this file's
 * business, and would tell that the content lies there too.
 */
export async function listHashContainers(
  db: Queryable,
  orgId: number,
  file: { file_hash: string; volume_id: number; media_path: string },
): Promise<HashContainer[]> {
  return db.query<HashContainer>(
    `SELECT d.device_name, ${iso('max(o.last_seen)')} AS last_seen
       FROM device_object o
       JOIN device d ON d.device_id = o.device_id
       JOIN media_grant g ON g.media_grant_id = o.media_grant_id
      WHERE o.org_id = $1 AND o.file_hash = $2 AND g.volume_id = $3
        AND starts_with(lower($4), lower(${grantRootSql('g.prefix_path')}))
      GROUP BY d.device_id, d.device_name
      ORDER BY max(o.last_seen) DESC, d.device_id`,
    [orgId, file.file_hash, file.volume_id, file.media_path],
  )
}

/** Who last changed a file: the user's name and e-mail (shown where there is no name), or the device. */
export interface ChangedBy {
  user_name: string | null
  email: string | null
  device_name: string | null
}

export async function findNames(
  db: Queryable,
  userId: number | null,
  deviceId: number | null,
): Promise<ChangedBy> {
  const [row] = await db.query<ChangedBy>(
    `SELECT u.user_name, u.email, (SELECT device_name FROM device WHERE device_id = $2) AS device_name
       FROM (SELECT 1) one LEFT JOIN app_user u ON u.user_id = $1`,
    [userId, deviceId],
  )
  return row ?? { user_name: null, email: null, device_name: null }
}

export interface VersionRow {
  media_version_id: number
  media_id: number
  file_hash: string
  media_path: string
  volume_id: number
}

/**
 * What may be said of a version's content: whether it is proven (its content was reachable by the one who
 * registered it, or arrived since through its container), whether the organization stores its content, and
 * whether it may be read (both). All false for a missing version.
 */
export interface VersionState {
  is_proven: boolean
  is_stored: boolean
  is_readable: boolean
}

export async function findVersionState(
  db: Queryable,
  orgId: number,
  versionId: number,
): Promise<VersionState> {
  const [row] = await db.query<VersionState>(
    `SELECT v.is_proven, COALESCE(s.is_confirmed, false) AS is_stored,
            v.is_proven AND COALESCE(s.is_confirmed, false) AS is_readable
       FROM media_version v
       LEFT JOIN stored_object s ON s.org_id = v.org_id AND s.file_hash = v.file_hash
      WHERE v.org_id = $1 AND v.media_version_id = $2`,
    [orgId, versionId],
  )
  return row ?? { is_proven: false, is_stored: false, is_readable: false }
}

export async function findVersion(
  db: Queryable,
  orgId: number,
  versionId: number,
): Promise<VersionRow | undefined> {
  const [row] = await db.query<VersionRow>(
    `SELECT v.media_version_id, v.media_id, v.file_hash, m.media_path, m.volume_id
       FROM media_version v JOIN media m ON m.media_id = v.media_id
      WHERE v.org_id = $1 AND v.media_version_id = $2`,
    [orgId, versionId],
  )
  return row
}

export async function insertAuditEvent(
  db: Queryable,
  event: {
    orgId: number
    volumeId: number
    mediaId: number
    mediaPath: string
    userId: number
    /** A device's download, with where the device writes the file; both null for the web. */
    deviceId: number | null
    destPath: string | null
    /** A share link's visitor (their address); absent for a member's own download. */
    visitorAddress?: string | null
  },
): Promise<void> {
  await db.query(
    `INSERT INTO audit_event (org_id, volume_id, media_id, media_path, user_id, device_id, dest_path,
                              visitor_address)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      event.orgId,
      event.volumeId,
      event.mediaId,
      event.mediaPath,
      event.userId,
      event.deviceId,
      event.destPath,
      event.visitorAddress ?? null,
    ],
  )
}

export async function listAuditOfMedia(db: Queryable, orgId: number, mediaId: number): Promise<AuditEvent[]> {
  return db.query<AuditEvent>(
    `SELECT ${iso('a.create_time')} AS create_time, d.device_name, u.user_name, u.email, a.dest_path,
            a.media_path, a.device_id, a.user_id, a.visitor_address
       FROM audit_event a
       LEFT JOIN app_user u ON u.user_id = a.user_id
       LEFT JOIN device d ON d.device_id = a.device_id
      WHERE a.org_id = $1 AND a.media_id = $2
      ORDER BY a.create_time DESC, a.audit_event_id DESC`,
    [orgId, mediaId],
  )
}
