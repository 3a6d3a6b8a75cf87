// The containers devices mount (device_media_grant): the console's mounts table, the row a device's call
// on a mount checks, and the mount's files as a device pages through them. SQL only.
import type { DeviceMount, MountFile } from '../contract/device.ts'
import type { Queryable } from '../db/index.ts'
import { DEVICE_WRITE_INTERVAL_SECONDS } from './devices.ts'
import { iso } from './isoTime.ts'

const MOUNT_FIELDS = `g.media_grant_id, g.grant_name, g.volume_id, v.volume_name, g.prefix_path,
  m.is_disabled, g.is_disabled AS grant_is_disabled, v.is_disabled AS volume_is_disabled,
  ${iso('m.last_seen')} AS last_seen`

const MOUNT_FROM = `device_media_grant m
  JOIN media_grant g ON g.media_grant_id = m.media_grant_id
  JOIN volume v ON v.volume_id = g.volume_id`

export async function listMounts(db: Queryable, orgId: number, deviceId: number): Promise<DeviceMount[]> {
  return db.query<DeviceMount>(
    `SELECT ${MOUNT_FIELDS} FROM ${MOUNT_FROM}
      WHERE m.org_id = $1 AND m.device_id = $2
      ORDER BY lower(g.grant_name), g.media_grant_id`,
    [orgId, deviceId],
  )
}

export async function findMount(
  db: Queryable,
  orgId: number,
  deviceId: number,
  grantId: number,
): Promise<DeviceMount | undefined> {
  const [mount] = await db.query<DeviceMount>(
    `SELECT ${MOUNT_FIELDS} FROM ${MOUNT_FROM}
      WHERE m.org_id = $1 AND m.device_id = $2 AND m.media_grant_id = $3`,
    [orgId, deviceId, grantId],
  )
  return mount
}

/** Adds a mount; false when the device already mounts the container. */
export async function insertMount(
  db: Queryable,
  orgId: number,
  deviceId: number,
  grantId: number,
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO device_media_grant (org_id, device_id, media_grant_id) VALUES ($1, $2, $3)
     ON CONFLICT (device_id, media_grant_id) DO NOTHING RETURNING device_id`,
    [orgId, deviceId, grantId],
  )
  return rows.length > 0
}

export async function deleteMount(
  db: Queryable,
  orgId: number,
  deviceId: number,
  grantId: number,
): Promise<void> {
  await db.query(
    'DELETE FROM device_media_grant WHERE org_id = $1 AND device_id = $2 AND media_grant_id = $3',
    [orgId, deviceId, grantId],
  )
}

export async function setMountDisabled(
  db: Queryable,
  orgId: number,
  deviceId: number,
  grantId: number,
  isDisabled: boolean,
): Promise<void> {
  await db.query(
    `UPDATE device_media_grant SET is_disabled = $4 WHERE org_id = $1 AND device_id = $2 AND media_grant_id = $3`,
    [orgId, deviceId, grantId, isDisabled],
  )
}

/** Records that the device used the mount (and so the container), at most once per interval each. */
export async function touchMount(db: Queryable, deviceId: number, grantId: number): Promise<void> {
  await db.query(
    `WITH mount AS (
       UPDATE device_media_grant SET last_seen = now()
        WHERE device_id = $1 AND media_grant_id = $2
          AND (last_seen IS NULL OR last_seen < now() - make_interval(secs => $3))
        RETURNING media_grant_id)
     UPDATE media_grant SET last_seen = now()
      WHERE media_grant_id IN (SELECT media_grant_id FROM mount)`,
    [deviceId, grantId, DEVICE_WRITE_INTERVAL_SECONDS],
  )
}

/**
 * A page of the live files under a root, in the order of their lower-cased paths (the index of paths), after
 * the given full path. The index's order is also the keyset: each page starts where the last one ended.
 */
export async function listFilesUnder(
  db: Queryable,
  orgId: number,
  volumeId: number,
  root: string,
  afterPath: string,
  limit: number,
): Promise<Array<Omit<MountFile, 'path'> & { media_path: string }>> {
  return db.query(
    `SELECT m.media_id, m.media_path, m.file_hash, m.file_size, ${iso('m.mtime')} AS mtime,
            COALESCE(s.is_confirmed AND v.is_proven, false) AS is_uploaded
       FROM media m
       LEFT JOIN stored_object s ON s.org_id = m.org_id AND s.file_hash = m.file_hash
       LEFT JOIN media_version v ON v.media_version_id = m.media_version_id
      WHERE m.org_id = $1 AND m.volume_id = $2 AND NOT m.is_deleted
        AND starts_with(lower(m.media_path), lower($3)) AND lower(m.media_path) > lower($4)
      ORDER BY lower(m.media_path)
      LIMIT $5`,
    [orgId, volumeId, root, afterPath, limit],
  )
}
