// The usage tables (migration 20261125160000_usage): the daily metering statements and the reads of the
// metrics call. Each metering statement is one INSERT ... SELECT ... GROUP BY ... ON CONFLICT over every
// volume at once, so a million versions cost one scan, not a million round trips.
import type { Queryable } from '../db/index.ts'
import { iso } from './isoTime.ts'

// The bytes a version counts for: its content's stored size once the store holds it and the version is
// proven, none before (a file registered whose bytes never arrived, or out of its registrant's reach, reads
// 'Not Uploaded' and is not stored for it, whatever size was declared).
const storedBytes = (object: string) =>
  `CASE WHEN ${object}.is_confirmed AND v.is_proven THEN ${object}.file_size ELSE 0 END`

// The versions a volume keeps at the end of a day: those created before it ends ($2), with their stored
// bytes and whether each is the file's newest version then (rank 1). A file counts as live when that newest
// version is not marked deleted (deleting a file marks its current version).
const VERSIONS_AT_END = `
  SELECT m.org_id, m.volume_id, v.media_id, v.file_hash, ${storedBytes('s')} AS file_size, v.is_deleted,
         row_number() OVER (PARTITION BY v.media_id ORDER BY v.create_time DESC, v.media_version_id DESC) AS rank
    FROM media_version v
    JOIN media m ON m.media_id = v.media_id
    LEFT JOIN stored_object s ON s.org_id = v.org_id AND s.file_hash = v.file_hash
   WHERE v.create_time < $2::timestamptz`

/**
 * Writes every volume's row of the day ($1, 'YYYY-MM-DD') from the versions as of its end ($2). A volume
 * without versions gets zeros (as does a day before a volume existed, when an old day is metered again:
 * the call reads a missing day as zeros anyway). A row whose numbers did not change is left alone
 * (computed_at included).
 */
export async function upsertVolumeUsage(db: Queryable, day: string, dayEnd: string): Promise<void> {
  await db.query(
    `WITH version AS (${VERSIONS_AT_END}),
     measured AS (
       SELECT volume_id,
              COALESCE(sum(file_size) FILTER (WHERE rank = 1 AND NOT is_deleted), 0) AS live_bytes,
              COALESCE(sum(file_size), 0) AS total_bytes,
              count(*) FILTER (WHERE rank = 1 AND NOT is_deleted) AS live_count,
              count(*) AS total_count
         FROM version
        GROUP BY volume_id
     )
     INSERT INTO volume_usage AS u (org_id, volume_id, usage_date, live_bytes, total_bytes, live_count,
                                    total_count, computed_at)
     SELECT vol.org_id, vol.volume_id, $1::date, COALESCE(x.live_bytes, 0), COALESCE(x.total_bytes, 0),
            COALESCE(x.live_count, 0), COALESCE(x.total_count, 0), now()
       FROM volume vol
       LEFT JOIN measured x ON x.volume_id = vol.volume_id
      ORDER BY vol.volume_id
     ON CONFLICT (volume_id, usage_date) DO UPDATE
        SET live_bytes = EXCLUDED.live_bytes, total_bytes = EXCLUDED.total_bytes,
            live_count = EXCLUDED.live_count, total_count = EXCLUDED.total_count, computed_at = now()
      WHERE (u.live_bytes, u.total_bytes, u.live_count, u.total_count)
            IS DISTINCT FROM (EXCLUDED.live_bytes, EXCLUDED.total_bytes, EXCLUDED.live_count, EXCLUDED.total_count)`,
    [day, dayEnd],
  )
}

/**
 * Writes every (volume, store) row of the day: the bytes of the volume's versions whose content the store
 * holds (stored_object.store_id; 0, the service's store, when no record says otherwise). A store that held
 * some of the volume's bytes when the day was last measured and holds none now gets 0, so a re-run after a
 * change leaves no stale row behind.
 */
export async function upsertStoreUsage(db: Queryable, day: string, dayEnd: string): Promise<void> {
  await db.query(
    `WITH measured AS (
       SELECT m.org_id, m.volume_id, COALESCE(o.store_id, 0) AS store_id, sum(${storedBytes('o')}) AS byte_days
         FROM media_version v
         JOIN media m ON m.media_id = v.media_id
         LEFT JOIN stored_object o ON o.org_id = v.org_id AND o.file_hash = v.file_hash
        WHERE v.create_time < $2::timestamptz
        GROUP BY m.org_id, m.volume_id, COALESCE(o.store_id, 0)
     ),
     gone AS (
       SELECT e.org_id, e.volume_id, e.store_id, 0::bigint AS byte_days
         FROM volume_store_usage e
        WHERE e.usage_date = $1::date
          AND NOT EXISTS (SELECT 1 FROM measured x WHERE x.volume_id = e.volume_id AND x.store_id = e.store_id)
     )
     INSERT INTO volume_store_usage AS u (org_id, volume_id, store_id, usage_date, byte_days, computed_at)
     SELECT org_id, volume_id, store_id, $1::date, byte_days, now()
       FROM (SELECT * FROM measured UNION ALL SELECT * FROM gone) rows
      ORDER BY volume_id, store_id
     ON CONFLICT (volume_id, store_id, usage_date) DO UPDATE
        SET byte_days = EXCLUDED.byte_days, computed_at = now()
      WHERE u.byte_days IS DISTINCT FROM EXCLUDED.byte_days`,
    [day, dayEnd],
  )
}

/** Serializes metering across server processes until the caller's transaction ends. */
/**
 * Writes every organization's row of the day for billing (org_usage): its plan and its members when the day
 * ended. Organizations without a plan, or made after the day, get none. A re-run counts the members again
 * (those who joined since are left out; one removed since cannot be counted back) but keeps the plan the
 * first run saw: the plan an organization was on is only known on the day itself.
 */
export async function upsertOrgUsage(db: Queryable, day: string, dayEnd: string): Promise<void> {
  await db.query(
    `INSERT INTO org_usage AS u (org_id, usage_date, plan_id, user_count, computed_at)
     SELECT o.org_id, $1::date, o.plan_id,
            (SELECT count(*) FROM org_user m WHERE m.org_id = o.org_id AND m.created_at < $2::timestamptz), now()
       FROM org o
      WHERE o.plan_id IS NOT NULL AND o.created_at < $2::timestamptz
      ORDER BY o.org_id
     ON CONFLICT (org_id, usage_date) DO UPDATE SET user_count = EXCLUDED.user_count, computed_at = now()
      WHERE u.user_count IS DISTINCT FROM EXCLUDED.user_count`,
    [day, dayEnd],
  )
}

export async function lockMetering(tx: Queryable): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('volume_usage'))`)
}

export interface VolumeUsageRow {
  usage_date: string
  live_bytes: number
  total_bytes: number
  live_count: number
  total_count: number
  computed_at: string
}

export async function listVolumeUsage(
  db: Queryable,
  orgId: number,
  volumeId: number,
  fromDate: string,
  toDate: string,
): Promise<VolumeUsageRow[]> {
  return db.query<VolumeUsageRow>(
    `SELECT usage_date::text AS usage_date, live_bytes, total_bytes, live_count, total_count,
            ${iso('computed_at')} AS computed_at
       FROM volume_usage
      WHERE org_id = $1 AND volume_id = $2 AND usage_date BETWEEN $3::date AND $4::date
      ORDER BY usage_date`,
    [orgId, volumeId, fromDate, toDate],
  )
}

export interface StoreUsageRow {
  s3_bucket_id: number
  /** The network store's bucket; null for the service's own store (or a store since removed). */
  s3_bucket: string | null
  usage_date: string
  byte_days: number
  computed_at: string
}

export async function listStoreUsage(
  db: Queryable,
  orgId: number,
  volumeId: number,
  fromDate: string,
  toDate: string,
): Promise<StoreUsageRow[]> {
  return db.query<StoreUsageRow>(
    `SELECT u.store_id AS s3_bucket_id, b.s3_bucket, u.usage_date::text AS usage_date, u.byte_days,
            ${iso('u.computed_at')} AS computed_at
       FROM volume_store_usage u
       LEFT JOIN s3_bucket b ON b.s3_bucket_id = u.store_id AND b.org_id = u.org_id
      WHERE u.org_id = $1 AND u.volume_id = $2 AND u.usage_date BETWEEN $3::date AND $4::date
      ORDER BY u.store_id, u.usage_date`,
    [orgId, volumeId, fromDate, toDate],
  )
}

/** The organization's total bytes (every volume) for each measured day of the range. */
export async function listOrgUsage(
  db: Queryable,
  orgId: number,
  fromDate: string,
  toDate: string,
): Promise<Array<{ usage_date: string; total_bytes: number }>> {
  return db.query(
    `SELECT usage_date::text AS usage_date, sum(total_bytes)::bigint AS total_bytes
       FROM volume_usage
      WHERE org_id = $1 AND usage_date BETWEEN $2::date AND $3::date
      GROUP BY usage_date
      ORDER BY usage_date`,
    [orgId, fromDate, toDate],
  )
}

/** The organization's total bytes on its last measured day, and its plan's storage limit. */
export async function findOrgStorage(
  db: Queryable,
  orgId: number,
): Promise<{ org_total_bytes: number; max_storage_bytes: number | null }> {
  const [row] = await db.query<{ org_total_bytes: number; max_storage_bytes: number | null }>(
    `SELECT COALESCE((SELECT sum(u.total_bytes)::bigint FROM volume_usage u
                       WHERE u.org_id = o.org_id
                         AND u.usage_date = (SELECT max(usage_date) FROM volume_usage WHERE org_id = o.org_id)),
                     0) AS org_total_bytes,
            p.max_storage_bytes
       FROM org o LEFT JOIN plan p ON p.plan_id = o.plan_id
      WHERE o.org_id = $1`,
    [orgId],
  )
  return row ?? { org_total_bytes: 0, max_storage_bytes: null }
}
