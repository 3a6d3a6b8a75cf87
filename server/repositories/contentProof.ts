// Who may name content by its hash (docs/architecture.md): the people who sent its bytes (content_sender),
// the versions whose content was reachable by the one who registered them or arrived since through their
// container (media_version.is_proven), and each person's own multipart upload of content (content_upload).
// SQL only.
import type { Queryable } from '../db/index.ts'
import { grantRootSql } from './grants.ts'

/** A container as paths see it: a volume, and the root directory under which its files lie ('/media/…/'). */
export interface GrantScope {
  volumeId: number
  root: string
}

/**
 * Whether the caller may name this content: they sent its bytes, or a proven version of it lies (live or
 * deleted) in the container the call goes through, or in another enabled container they could read it from:
 * for the web, one the person holds; for a device (`deviceId`), one of its enabled mounts. Disabled
 * containers and volumes count for nothing, since nothing can be read through them.
 */
export async function canReachContent(
  db: Queryable,
  orgId: number,
  fileHash: string,
  caller: { userId: number; deviceId: number | undefined },
  grant: GrantScope,
): Promise<boolean> {
  const [row] = await db.query<{ reachable: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM content_sender WHERE org_id = $1 AND file_hash = $2 AND user_id = $3)
         OR EXISTS (SELECT 1 FROM media_version v JOIN media m ON m.media_id = v.media_id
                     WHERE v.org_id = $1 AND v.file_hash = $2 AND v.is_proven AND m.volume_id = $4
                       AND starts_with(lower(m.media_path), lower($5)))
         OR EXISTS (SELECT 1 FROM media_version v
                      JOIN media m ON m.media_id = v.media_id
                      JOIN media_grant g ON g.volume_id = m.volume_id AND NOT g.is_disabled
                      JOIN volume vol ON vol.volume_id = g.volume_id AND NOT vol.is_disabled
                     WHERE v.org_id = $1 AND v.file_hash = $2 AND v.is_proven
                       AND starts_with(lower(m.media_path), lower(${grantRootSql('g.prefix_path')}))
                       AND CASE WHEN $6::bigint IS NULL
                                THEN EXISTS (SELECT 1 FROM media_grant_user h
                                              WHERE h.media_grant_id = g.media_grant_id AND h.user_id = $3)
                                ELSE EXISTS (SELECT 1 FROM device_media_grant d
                                              WHERE d.media_grant_id = g.media_grant_id AND d.device_id = $6
                                                AND NOT d.is_disabled)
                           END) AS reachable`,
    [orgId, fileHash, caller.userId, grant.volumeId, grant.root, caller.deviceId ?? null],
  )
  return row?.reachable ?? false
}

export async function isSender(db: Queryable, orgId: number, fileHash: string, userId: number) {
  const rows = await db.query(
    'SELECT 1 FROM content_sender WHERE org_id = $1 AND file_hash = $2 AND user_id = $3',
    [orgId, fileHash, userId],
  )
  return rows.length > 0
}

/**
 * Records that a person sent the content's bytes through a container, and proves the versions that wait on
 * it: those of the content in that container, and those the person registered anywhere (they hold the bytes).
 */
export async function recordSender(
  db: Queryable,
  orgId: number,
  fileHash: string,
  userId: number,
  grant: GrantScope,
): Promise<void> {
  await db.query(
    `INSERT INTO content_sender (org_id, file_hash, user_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
    [orgId, fileHash, userId],
  )
  await db.query(
    `UPDATE media_version v SET is_proven = true
       FROM media m
      WHERE m.media_id = v.media_id AND v.org_id = $1 AND v.file_hash = $2 AND NOT v.is_proven
        AND (v.user_id = $3 OR (m.volume_id = $4 AND starts_with(lower(m.media_path), lower($5))))`,
    [orgId, fileHash, userId, grant.volumeId, grant.root],
  )
}

/**
 * Makes every proven version of the content, and every file whose current version is proven, say the stored
 * object's size, whatever size was declared when they were registered before the bytes arrived; the listings
 * of the folders whose files changed are read again (their listing version goes up). Versions out of their
 * registrant's reach keep what they declared until they are proven (recordSender, then this again), so no one
 * learns from a size that the content arrived elsewhere.
 */
export async function settleContentSize(
  db: Queryable,
  orgId: number,
  fileHash: string,
  storedSize: number,
): Promise<void> {
  await db.query(
    `UPDATE media_version SET file_size = $3
      WHERE org_id = $1 AND file_hash = $2 AND file_size <> $3 AND is_proven`,
    [orgId, fileHash, storedSize],
  )
  await db.query(
    `WITH changed AS (
       UPDATE media m SET file_size = $3
         FROM media_version v
        WHERE m.org_id = $1 AND m.file_hash = $2 AND m.file_size <> $3
          AND v.media_version_id = m.media_version_id AND v.is_proven
       RETURNING m.volume_id, lower(m.dir_path) AS dir_key
     )
     UPDATE media_dir d SET listing_version = d.listing_version + 1
       FROM (SELECT DISTINCT volume_id, dir_key FROM changed) c
      WHERE d.volume_id = c.volume_id AND lower(d.dir_path) = c.dir_key`,
    [orgId, fileHash, storedSize],
  )
}

export interface ContentUpload {
  store_id: number
  upload_id: string
  file_size: number
}

/** The person's own multipart upload of the content, if one is open. */
export async function findContentUpload(
  db: Queryable,
  orgId: number,
  fileHash: string,
  userId: number,
): Promise<ContentUpload | undefined> {
  const [row] = await db.query<ContentUpload>(
    `SELECT store_id, upload_id, file_size FROM content_upload
      WHERE org_id = $1 AND file_hash = $2 AND user_id = $3`,
    [orgId, fileHash, userId],
  )
  return row
}

/**
 * Makes uploadId the person's upload of the content, only if their row still holds `replacing` (the upload
 * the caller saw, or null): of several plans of one file at once by the same person, one claims and the
 * others learn it (false).
 */
export async function claimContentUpload(
  db: Queryable,
  upload: {
    orgId: number
    fileHash: string
    userId: number
    storeId: number
    uploadId: string
    fileSize: number
    replacing: string | null
  },
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO content_upload (org_id, file_hash, user_id, store_id, upload_id, file_size)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (org_id, file_hash, user_id) DO UPDATE
        SET store_id = EXCLUDED.store_id, upload_id = EXCLUDED.upload_id, file_size = EXCLUDED.file_size,
            created_at = now()
      WHERE content_upload.upload_id IS NOT DISTINCT FROM $7
     RETURNING 1`,
    [
      upload.orgId,
      upload.fileHash,
      upload.userId,
      upload.storeId,
      upload.uploadId,
      upload.fileSize,
      upload.replacing,
    ],
  )
  return rows.length > 0
}

/** Forgets the person's upload (completed or aborted), so the next plan opens a new one. */
export async function clearContentUpload(
  db: Queryable,
  orgId: number,
  fileHash: string,
  userId: number,
): Promise<void> {
  await db.query('DELETE FROM content_upload WHERE org_id = $1 AND file_hash = $2 AND user_id = $3', [
    orgId,
    fileHash,
    userId,
  ])
}
