// What retention purges, and the purge itself. A deleted file expires dead_expire_days after its deletion,
// an older version live_expire_days after the version that replaced it was made; both by the server's
// clock. Files (or versions) smaller than the volume's min_expire_size are kept. SQL only.
import type { Queryable } from '../db/index.ts'
import { iso } from './isoTime.ts'

export interface RetentionSettings {
  live_expire_days: number
  dead_expire_days: number
  min_expire_size: number
}

export interface VolumeRetention extends RetentionSettings {
  org_id: number
  volume_id: number
}

/** Volumes with a retention rule turned on. */
export async function listVolumesWithRetention(db: Queryable): Promise<VolumeRetention[]> {
  return db.query<VolumeRetention>(
    `SELECT org_id, volume_id, live_expire_days, dead_expire_days, min_expire_size FROM volume
      WHERE live_expire_days > 0 OR dead_expire_days > 0 ORDER BY volume_id`,
  )
}

/** A file or version that expires, with when and why. */
export interface Expiring {
  media_id: number
  media_version_id: number
  media_path: string
  dir_path: string
  file_hash: string
  file_size: number
  reason: 'deleted' | 'replaced'
  /** When the file was deleted or the version replaced. */
  event_time: string
  /** event_time plus the rule's days. */
  expires_at: string
}

// The deleted files of a volume that expire by $5 (one row per file, its current version) and the replaced
// versions that do; $1 the volume, $2 dead_expire_days, $3 live_expire_days, $4 min_expire_size.
const EXPIRING = `
  WITH deleted AS (
    SELECT m.media_id, COALESCE(m.media_version_id, 0) AS media_version_id, m.media_path, m.dir_path, m.file_hash,
           m.file_size, 'deleted' AS reason, m.deleted_at AS event_time,
           m.deleted_at + make_interval(days => $2) AS expires_at
      FROM media m
     WHERE m.volume_id = $1 AND m.is_deleted AND $2 > 0 AND m.deleted_at IS NOT NULL
       AND m.file_size >= $4 AND m.deleted_at + make_interval(days => $2) <= $5
  ), replaced AS (
    SELECT v.media_id, v.media_version_id, m.media_path, m.dir_path, v.file_hash, v.file_size,
           'replaced' AS reason, v.replaced_at AS event_time,
           v.replaced_at + make_interval(days => $3) AS expires_at
      FROM (SELECT v.*, lead(v.create_time) OVER (PARTITION BY v.media_id
                                                  ORDER BY v.create_time, v.media_version_id) AS replaced_at
              FROM media_version v JOIN media m ON m.media_id = v.media_id
             WHERE m.volume_id = $1 AND $3 > 0) v
      JOIN media m ON m.media_id = v.media_id
     WHERE v.replaced_at IS NOT NULL AND v.media_version_id <> m.media_version_id
       AND v.file_size >= $4 AND v.replaced_at + make_interval(days => $3) <= $5
  ), expiring AS (SELECT * FROM deleted UNION ALL SELECT * FROM replaced)`

const expiringParams = (volume: { volume_id: number } & RetentionSettings, cutoff: Date) => [
  volume.volume_id,
  volume.dead_expire_days,
  volume.live_expire_days,
  volume.min_expire_size,
  cutoff,
]

/** What expires by `cutoff`, oldest expiry first; `limit` bounds a batch. */
export async function listExpiring(
  db: Queryable,
  volume: { volume_id: number } & RetentionSettings,
  cutoff: Date,
  limit: number,
): Promise<Expiring[]> {
  return db.query<Expiring>(
    `${EXPIRING}
     SELECT media_id, media_version_id, media_path, dir_path, file_hash, file_size, reason,
            ${iso('event_time')} AS event_time, ${iso('expires_at')} AS expires_at
       FROM expiring
      ORDER BY expires_at, media_version_id
      LIMIT $6`,
    [...expiringParams(volume, cutoff), limit],
  )
}

/** What expires by `cutoff`, per UTC day of expiry (days already past count on the first day). */
export async function summarizeExpiring(
  db: Queryable,
  volume: { volume_id: number } & RetentionSettings,
  from: Date,
  cutoff: Date,
): Promise<Array<{ date: string; count: number; bytes: number }>> {
  return db.query(
    `${EXPIRING}
     SELECT to_char(GREATEST(expires_at, $6) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date,
            count(*)::int AS count, sum(file_size)::bigint AS bytes
       FROM expiring
      GROUP BY 1 ORDER BY 1`,
    [...expiringParams(volume, cutoff), from],
  )
}

/** Locks the file's row unless another process holds it (that process purges it); false when skipped. */
export async function lockMediaForPurge(db: Queryable, mediaId: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM media WHERE media_id = $1 FOR UPDATE SKIP LOCKED', [mediaId])
  return rows.length > 0
}

/** The file's versions (all of them go when a deleted file is purged). */
export async function listVersionsOf(
  db: Queryable,
  mediaId: number,
): Promise<Array<{ media_version_id: number; file_hash: string; file_size: number }>> {
  return db.query('SELECT media_version_id, file_hash, file_size FROM media_version WHERE media_id = $1', [
    mediaId,
  ])
}

export async function deleteMediaRow(db: Queryable, mediaId: number): Promise<void> {
  await db.query('DELETE FROM media WHERE media_id = $1', [mediaId])
}

/** Deletes a version unless it became its file's current one meanwhile; true when deleted. */
export async function deleteReplacedVersion(
  db: Queryable,
  mediaId: number,
  versionId: number,
): Promise<boolean> {
  const rows = await db.query(
    `DELETE FROM media_version v USING media m
      WHERE v.media_version_id = $2 AND m.media_id = $1 AND v.media_id = m.media_id
        AND m.media_version_id <> v.media_version_id
      RETURNING v.media_version_id`,
    [mediaId, versionId],
  )
  return rows.length > 0
}

export interface PurgeRecord {
  orgId: number
  volumeId: number
  mediaId: number
  mediaVersionId: number
  mediaPath: string
  fileHash: string
  fileSize: number
  reason: 'deleted' | 'replaced'
  eventTime: string
  purgeDay: string
}

export async function insertPurgeEvent(db: Queryable, purge: PurgeRecord): Promise<void> {
  await db.query(
    `INSERT INTO purge_event (org_id, volume_id, media_id, media_version_id, media_path, file_hash, file_size,
                              reason, event_time, purge_day)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      purge.orgId,
      purge.volumeId,
      purge.mediaId,
      purge.mediaVersionId,
      purge.mediaPath,
      purge.fileHash,
      purge.fileSize,
      purge.reason,
      purge.eventTime,
      purge.purgeDay,
    ],
  )
}

/**
 * Forgets the organization's stored object of a hash (and its derivatives' row) when no file or version
 * anywhere in the organization still refers to it, in one statement; answers the store that held it, or undefined when it is still used
 * (or was forgotten already).
 */
export async function forgetUnusedObject(
  db: Queryable,
  orgId: number,
  fileHash: string,
): Promise<{ store_id: number } | undefined> {
  const [row] = await db.query<{ store_id: number }>(
    `WITH forgotten AS (
       DELETE FROM stored_object s
        WHERE s.org_id = $1 AND s.file_hash = $2
          AND NOT EXISTS (SELECT 1 FROM media_version v WHERE v.org_id = $1 AND v.file_hash = $2)
          AND NOT EXISTS (SELECT 1 FROM media m WHERE m.org_id = $1 AND m.file_hash = $2)
        RETURNING s.store_id
     ), senders AS (
       -- Who sent content no longer stored names nothing by it: a later upload proves it again.
       DELETE FROM content_sender c USING forgotten WHERE c.org_id = $1 AND c.file_hash = $2
     ), derivatives AS (
       -- Its thumbnails' record goes with it (their bytes go with the content's: ObjectStore.delete).
       DELETE FROM media_derivative d USING forgotten WHERE d.org_id = $1 AND d.file_hash = $2
     )
     SELECT store_id FROM forgotten`,
    [orgId, fileHash],
  )
  return row
}

/** Whether the deleted file is still deleted and expired by the cutoff (checked again under its lock). */
export async function isStillExpiredDeleted(
  db: Queryable,
  mediaId: number,
  deadExpireDays: number,
  cutoff: Date,
): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM media
      WHERE media_id = $1 AND is_deleted AND deleted_at + make_interval(days => $2) <= $3`,
    [mediaId, deadExpireDays, cutoff],
  )
  return rows.length > 0
}
