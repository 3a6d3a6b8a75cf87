// SQL of media_derivative: what the derivative job made of an organization's content (one row per hash),
// and the listing versions a finished job raises. Every query names the organization.
import type { MediaInfo, ThumbnailState } from '../contract/media.ts'
import type { Queryable } from '../db/index.ts'

export type DerivativeState = ThumbnailState

export interface DerivativeRow extends MediaInfo {
  state: DerivativeState
  store_id: number
  small_bytes: number | null
  large_bytes: number | null
  reason: string | null
  attempts: number
}

/** Content just confirmed in a store: its thumbnails are to be made (again, when a row was left). */
export async function recordDerivativePending(
  db: Queryable,
  orgId: number,
  fileHash: string,
  storeId: number,
): Promise<void> {
  await db.query(
    `INSERT INTO media_derivative (org_id, file_hash, store_id) VALUES ($1, $2, $3)
     ON CONFLICT (org_id, file_hash) DO UPDATE
        SET state = 'pending', store_id = EXCLUDED.store_id, small_bytes = NULL, large_bytes = NULL,
            reason = NULL, attempts = 0, updated_at = now()`,
    [orgId, fileHash, storeId],
  )
}

export async function findDerivative(
  db: Queryable,
  orgId: number,
  fileHash: string,
): Promise<DerivativeRow | undefined> {
  const [row] = await db.query<DerivativeRow>(
    `SELECT state, store_id, small_bytes, large_bytes, width, height, duration_seconds, video_codec,
            audio_codec, format, reason, attempts
       FROM media_derivative WHERE org_id = $1 AND file_hash = $2`,
    [orgId, fileHash],
  )
  return row
}

/** Counts an attempt of the job at the content; answers the attempts so far. */
export async function countDerivativeAttempt(
  db: Queryable,
  orgId: number,
  fileHash: string,
): Promise<number> {
  const [row] = await db.query<{ attempts: number }>(
    `UPDATE media_derivative SET attempts = attempts + 1, updated_at = now()
      WHERE org_id = $1 AND file_hash = $2 RETURNING attempts`,
    [orgId, fileHash],
  )
  return row?.attempts ?? 0
}

export interface DerivativeOutcome {
  state: 'ready' | 'none'
  info: MediaInfo | null
  smallBytes?: number
  largeBytes?: number
  reason?: string
}

/**
 * Records what the job made; answers false when the row is gone (the content was purged meanwhile: the
 * caller removes what it wrote) or is no longer pending.
 */
export async function recordDerivativeOutcome(
  db: Queryable,
  orgId: number,
  fileHash: string,
  outcome: DerivativeOutcome,
): Promise<boolean> {
  const info = outcome.info
  const rows = await db.query(
    `UPDATE media_derivative
        SET state = $3, small_bytes = $4, large_bytes = $5, width = $6, height = $7, duration_seconds = $8,
            video_codec = $9, audio_codec = $10, format = $11, reason = $12, updated_at = now()
      WHERE org_id = $1 AND file_hash = $2 AND state = 'pending'
      RETURNING 1`,
    [
      orgId,
      fileHash,
      outcome.state,
      outcome.smallBytes ?? null,
      outcome.largeBytes ?? null,
      info?.width ?? null,
      info?.height ?? null,
      info?.duration_seconds ?? null,
      info?.video_codec ?? null,
      info?.audio_codec ?? null,
      info?.format ?? null,
      outcome.reason?.slice(0, 500) ?? null,
    ],
  )
  return rows.length > 0
}

/**
 * Raises the listing version of every directory holding a file of this content (its current version), so
 * that listings kept by any server process are read again (services/listingCache.ts); media_hash_idx
 * finds the files.
 */
export async function touchListingsOfContent(db: Queryable, orgId: number, fileHash: string): Promise<void> {
  await db.query(
    `UPDATE media_dir d SET listing_version = d.listing_version + 1
       FROM (SELECT DISTINCT volume_id, lower(dir_path) AS dir_key FROM media
              WHERE org_id = $1 AND file_hash = $2) f
      WHERE d.volume_id = f.volume_id AND lower(d.dir_path) = f.dir_key`,
    [orgId, fileHash],
  )
}

/** Pending rows left longer than `olderThanSeconds` (a job lost or never sent): taken again, oldest first. */
export async function takeStalePending(
  db: Queryable,
  olderThanSeconds: number,
  limit: number,
): Promise<Array<{ org_id: number; file_hash: string }>> {
  return db.query(
    `UPDATE media_derivative d SET updated_at = now()
       FROM (SELECT org_id, file_hash FROM media_derivative
              WHERE state = 'pending' AND updated_at < now() - make_interval(secs => $1)
              ORDER BY updated_at LIMIT $2 FOR UPDATE SKIP LOCKED) s
      WHERE d.org_id = s.org_id AND d.file_hash = s.file_hash
      RETURNING d.org_id, d.file_hash`,
    [olderThanSeconds, limit],
  )
}
