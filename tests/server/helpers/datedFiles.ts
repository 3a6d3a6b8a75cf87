// Files written straight into the tables, each version dated on the day a test needs: the usage and
// billing tests meter days in the past, before the calls could have made them. Each version's content is
// stored and proven, as an upload through the volume leaves it.
import type { Queryable } from '../../../server/db/index.ts'

export interface VersionSpec {
  size: number
  /** The UTC day and time the version was created, e.g. '2026-11-01T12:00:00Z'. */
  at: string
  hash?: string
}

let hashes = 0

/** A file of the volume with its versions (oldest first); the last is the current one. */
export async function addFile(
  db: Queryable,
  orgId: number,
  volumeId: number,
  path: string,
  versions: VersionSpec[],
  options: { deleted?: boolean; storeId?: number } = {},
): Promise<number> {
  const name = path.slice(path.lastIndexOf('/') + 1)
  const dir = path.slice(0, path.lastIndexOf('/') + 1)
  const [media] = await db.query<{ media_id: number }>(
    `INSERT INTO media (org_id, volume_id, media_path, dir_path, name, file_hash, file_size)
     VALUES ($1, $2, $3, $4, $5, 'pending', 0) RETURNING media_id`,
    [orgId, volumeId, path, dir, name],
  )
  const mediaId = media?.media_id as number
  let versionId = 0
  for (const version of versions) {
    hashes += 1
    const hash = version.hash ?? `hash-${hashes}`
    const [row] = await db.query<{ media_version_id: number }>(
      `INSERT INTO media_version (org_id, media_id, file_hash, file_size, create_time, is_proven)
       VALUES ($1, $2, $3, $4, $5::timestamptz, true) RETURNING media_version_id`,
      [orgId, mediaId, hash, version.size, version.at],
    )
    versionId = row?.media_version_id as number
    await db.query(
      `INSERT INTO stored_object (org_id, file_hash, file_size, store_id, is_confirmed)
       VALUES ($1, $2, $3, $4, true) ON CONFLICT DO NOTHING`,
      [orgId, hash, version.size, options.storeId ?? 0],
    )
    await db.query(
      'UPDATE media SET media_version_id = $2, file_hash = $3, file_size = $4 WHERE media_id = $1',
      [mediaId, versionId, hash, version.size],
    )
  }
  if (options.deleted) {
    await db.query('UPDATE media SET is_deleted = true WHERE media_id = $1', [mediaId])
    await db.query('UPDATE media_version SET is_deleted = true WHERE media_version_id = $1', [versionId])
  }
  return mediaId
}
