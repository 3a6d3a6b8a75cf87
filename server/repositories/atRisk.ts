// A volume's live files whose content the store does not hold, each with the devices that report holding
// it and whether any of them was seen recently. Reads every live file of the volume without confirmed
// content (an admin's report, not a hot path). SQL only.
import type { AtRiskFile } from '../contract/atRisk.ts'
import type { Queryable } from '../db/index.ts'
import { iso } from './isoTime.ts'

const JUDGED = `
  WITH risky AS (
    SELECT m.media_id, m.media_path, m.file_size, m.last_updated, m.file_hash
      FROM media m
      LEFT JOIN stored_object s ON s.org_id = m.org_id AND s.file_hash = m.file_hash
      LEFT JOIN media_version v ON v.media_version_id = m.media_version_id
     WHERE m.org_id = $1 AND m.volume_id = $2 AND NOT m.is_deleted
       AND NOT COALESCE(s.is_confirmed AND v.is_proven, false)
  ), judged AS (
    SELECT r.*, NOT EXISTS (
             SELECT 1 FROM device_object o JOIN device d ON d.device_id = o.device_id
              WHERE o.org_id = $1 AND o.file_hash = r.file_hash
                AND d.last_seen >= now() - make_interval(days => $3)) AS is_stale
      FROM risky r
  )`

export async function countAtRisk(
  db: Queryable,
  orgId: number,
  volumeId: number,
  staleDays: number,
): Promise<{ not_uploaded_count: number; stale_count: number }> {
  const [row] = await db.query<{ not_uploaded_count: number; stale_count: number }>(
    `${JUDGED}
     SELECT count(*)::int AS not_uploaded_count, count(*) FILTER (WHERE is_stale)::int AS stale_count FROM judged`,
    [orgId, volumeId, staleDays],
  )
  return row ?? { not_uploaded_count: 0, stale_count: 0 }
}

export async function listAtRisk(
  db: Queryable,
  orgId: number,
  volumeId: number,
  staleDays: number,
  limit: number,
): Promise<AtRiskFile[]> {
  return db.query<AtRiskFile>(
    `${JUDGED}
     SELECT j.media_id, j.media_path, j.file_size, ${iso('j.last_updated')} AS last_updated, j.is_stale,
            COALESCE((SELECT json_agg(json_build_object('device_id', d.device_id, 'device_name', d.device_name,
                                                        'last_seen', ${iso('d.last_seen')})
                                      ORDER BY d.last_seen DESC NULLS LAST, d.device_id)
                        FROM device d
                       WHERE d.device_id IN (SELECT o.device_id FROM device_object o
                                              WHERE o.org_id = $1 AND o.file_hash = j.file_hash)), '[]'::json)
              AS device_list
       FROM judged j
      ORDER BY j.is_stale DESC, lower(j.media_path)
      LIMIT $4`,
    [orgId, volumeId, staleDays, limit],
  )
}
