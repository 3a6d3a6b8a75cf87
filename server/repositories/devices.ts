// Devices: their rows as the console lists them, the row a device's token finds, heartbeats and refusals
// (both written at most once per interval, so many devices calling often do not write a row per call), the
// revocation of a former member's devices, and the content a device reports holding. SQL only.
import type { DeviceListItem, VolumeKeyEvent } from '../contract/device.ts'
import type { Queryable } from '../db/index.ts'
import { iso } from './isoTime.ts'

const DEVICE_FIELDS = `d.device_id, d.device_name, d.user_id, u.user_name, u.email, d.org_id, d.app_id, a.app_name,
  d.is_disabled, d.is_upload_disabled, d.is_download_disabled, d.upload_priority, d.is_avid_enabled,
  ${iso('d.last_seen')} AS last_seen, d.last_version, ${iso('d.last_refused_at')} AS last_refused_at,
  CASE WHEN m.user_id IS NULL THEN 'not_a_member' WHEN NOT m.cap_add_device THEN 'add_device_off' END
    AS user_refusal`

// The user's membership, read with the device, says whether the user stops it (requireDevice's rule).
const DEVICE_FROM = `device d
  LEFT JOIN app_user u ON u.user_id = d.user_id
  LEFT JOIN org_user m ON m.org_id = d.org_id AND m.user_id = d.user_id
  LEFT JOIN app a ON a.app_id = d.app_id`

export interface DeviceFilter {
  /** Only this user's devices (a member's view). */
  userId?: number
  /** Only devices that are not disabled. */
  activeOnly: boolean
}

export async function listDevices(
  db: Queryable,
  orgId: number,
  filter: DeviceFilter,
): Promise<DeviceListItem[]> {
  return db.query<DeviceListItem>(
    `SELECT ${DEVICE_FIELDS} FROM ${DEVICE_FROM}
      WHERE d.org_id = $1 AND ($2::bigint IS NULL OR d.user_id = $2) AND (NOT $3 OR NOT d.is_disabled)
      ORDER BY lower(d.device_name), d.device_id`,
    [orgId, filter.userId ?? null, filter.activeOnly],
  )
}

export async function findDevice(
  db: Queryable,
  orgId: number,
  deviceId: number,
): Promise<DeviceListItem | undefined> {
  const [device] = await db.query<DeviceListItem>(
    `SELECT ${DEVICE_FIELDS} FROM ${DEVICE_FROM} WHERE d.org_id = $1 AND d.device_id = $2`,
    [orgId, deviceId],
  )
  return device
}

/** The device's row, locked for a change. */
export async function lockDevice(
  db: Queryable,
  orgId: number,
  deviceId: number,
): Promise<
  { device_id: number; device_name: string; user_id: number | null; is_disabled: boolean } | undefined
> {
  const [device] = await db.query<{
    device_id: number
    device_name: string
    user_id: number | null
    is_disabled: boolean
  }>(
    `SELECT device_id, device_name, user_id, is_disabled FROM device
      WHERE org_id = $1 AND device_id = $2 FOR UPDATE`,
    [orgId, deviceId],
  )
  return device
}

export async function countEnabledDevices(db: Queryable, orgId: number): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM device WHERE org_id = $1 AND NOT is_disabled',
    [orgId],
  )
  return row?.count ?? 0
}

export interface DeviceChange {
  device_name?: string
  is_disabled?: boolean
  is_upload_disabled?: boolean
  is_download_disabled?: boolean
  upload_priority?: number
  user_id?: number
  is_avid_enabled?: boolean
}

const CHANGEABLE = [
  'device_name',
  'is_disabled',
  'is_upload_disabled',
  'is_download_disabled',
  'upload_priority',
  'user_id',
  'is_avid_enabled',
] as const

export async function updateDevice(
  db: Queryable,
  orgId: number,
  deviceId: number,
  change: DeviceChange,
): Promise<void> {
  const fields = CHANGEABLE.filter((field) => change[field] !== undefined)
  if (fields.length === 0) return
  const sets = fields.map((field, index) => `${field} = $${index + 3}`)
  await db.query(`UPDATE device SET ${sets.join(', ')} WHERE org_id = $1 AND device_id = $2`, [
    orgId,
    deviceId,
    ...fields.map((field) => change[field]),
  ])
}

/** The device a user registered under this name in this organization, locked. */
export async function lockDeviceByName(
  db: Queryable,
  orgId: number,
  userId: number,
  deviceName: string,
): Promise<{ device_id: number; is_disabled: boolean } | undefined> {
  const [device] = await db.query<{ device_id: number; is_disabled: boolean }>(
    `SELECT device_id, is_disabled FROM device
      WHERE org_id = $1 AND user_id = $2 AND lower(device_name) = lower($3) FOR UPDATE`,
    [orgId, userId, deviceName],
  )
  return device
}

export async function insertDevice(
  db: Queryable,
  device: { orgId: number; userId: number; appId: number; deviceName: string; tokenHash: Buffer },
): Promise<number> {
  const [row] = await db.query<{ device_id: number }>(
    `INSERT INTO device (org_id, user_id, app_id, device_name, token_hash)
     VALUES ($1, $2, $3, $4, $5) RETURNING device_id`,
    [device.orgId, device.userId, device.appId, device.deviceName, device.tokenHash],
  )
  if (!row) throw new Error('a device insert returned no row')
  return row.device_id
}

/** A new token for a device registering again (the old one stops working), through this app. */
export async function setDeviceToken(
  db: Queryable,
  deviceId: number,
  appId: number,
  tokenHash: Buffer,
): Promise<void> {
  await db.query('UPDATE device SET token_hash = $2, app_id = $3 WHERE device_id = $1', [
    deviceId,
    tokenHash,
    appId,
  ])
}

/** A device revoked with its user's membership, and how many of its mounts that turned off. */
export interface RevokedDevice {
  device_id: number
  device_name: string
  mounts_disabled: number
}

/**
 * Revokes every device the user has in the organization, in one statement: the token cleared (no call with
 * it is ever taken again, whatever happens to the membership later), the device disabled, its mounts
 * disabled. Answers the devices, oldest first.
 */
export async function revokeUserDevices(
  db: Queryable,
  orgId: number,
  userId: number,
): Promise<RevokedDevice[]> {
  return db.query<RevokedDevice>(
    `WITH revoked AS (
       UPDATE device SET token_hash = NULL, is_disabled = true
        WHERE org_id = $1 AND user_id = $2
       RETURNING device_id, device_name
     ), mounts AS (
       UPDATE device_media_grant g SET is_disabled = true
         FROM revoked r
        WHERE g.org_id = $1 AND g.device_id = r.device_id AND NOT g.is_disabled
       RETURNING g.device_id
     )
     SELECT r.device_id, r.device_name,
            (SELECT count(*)::int FROM mounts WHERE mounts.device_id = r.device_id) AS mounts_disabled
       FROM revoked r
      ORDER BY r.device_id`,
    [orgId, userId],
  )
}

/** What a device's call needs to know about it, found by its token; read on every call, never cached. */
export interface DeviceAuth {
  device_id: number
  org_id: number
  user_id: number | null
  device_name: string
  is_disabled: boolean
  is_upload_disabled: boolean
  is_download_disabled: boolean
  upload_priority: number
  /** Null when the device has no app (the app was removed). */
  app_is_disabled: boolean | null
}

export async function findDeviceByToken(db: Queryable, tokenHash: Buffer): Promise<DeviceAuth | undefined> {
  const [device] = await db.query<DeviceAuth>(
    `SELECT d.device_id, d.org_id, d.user_id, d.device_name, d.is_disabled, d.is_upload_disabled,
            d.is_download_disabled, d.upload_priority, a.is_disabled AS app_is_disabled
       FROM device d LEFT JOIN app a ON a.app_id = d.app_id
      WHERE d.token_hash = $1`,
    [tokenHash],
  )
  return device
}

/** How long a heartbeat or a refusal already written stands for the next ones. */
export const DEVICE_WRITE_INTERVAL_SECONDS = 30

/** Records a heartbeat unless one was recorded within the interval (a new version is always recorded). */
export async function recordHeartbeat(db: Queryable, deviceId: number, version: string): Promise<void> {
  await db.query(
    `UPDATE device SET last_seen = now(), last_version = $2
      WHERE device_id = $1
        AND (last_seen IS NULL OR last_seen < now() - make_interval(secs => $3) OR last_version IS DISTINCT FROM $2)`,
    [deviceId, version, DEVICE_WRITE_INTERVAL_SECONDS],
  )
}

/** Records that a call of the device was refused, at most once per interval. */
export async function recordRefusal(db: Queryable, deviceId: number): Promise<void> {
  await db.query(
    `UPDATE device SET last_refused_at = now()
      WHERE device_id = $1 AND (last_refused_at IS NULL OR last_refused_at < now() - make_interval(secs => $2))`,
    [deviceId, DEVICE_WRITE_INTERVAL_SECONDS],
  )
}

/** How many distinct contents the device reports holding. */
export async function countHoldings(db: Queryable, deviceId: number): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    'SELECT count(DISTINCT file_hash)::int AS count FROM device_object WHERE device_id = $1',
    [deviceId],
  )
  return row?.count ?? 0
}

/** A mount of a device, as holdings are kept: per mount, within the mount's volume and root. */
export interface HoldingMount {
  orgId: number
  deviceId: number
  grantId: number
  volumeId: number
  root: string
}

/**
 * Records content the device holds through the mount, only where it is a file of the mount (the volume,
 * under the root): a device cannot claim content of containers it does not mount, which would name it on
 * their files. Answers the hashes recorded.
 */
export async function addHoldings(db: Queryable, mount: HoldingMount, hashes: string[]): Promise<string[]> {
  if (hashes.length === 0) return []
  const rows = await db.query<{ file_hash: string }>(
    `INSERT INTO device_object (org_id, device_id, media_grant_id, file_hash)
     SELECT $1, $2, $3, hash FROM unnest($4::text[]) AS hash
      WHERE EXISTS (SELECT 1 FROM media m
                     WHERE m.org_id = $1 AND m.file_hash = hash AND m.volume_id = $5
                       AND starts_with(lower(m.media_path), lower($6)))
     ON CONFLICT (device_id, media_grant_id, file_hash) DO UPDATE SET last_seen = now()
     RETURNING file_hash`,
    [mount.orgId, mount.deviceId, mount.grantId, hashes, mount.volumeId, mount.root],
  )
  return rows.map((row) => row.file_hash)
}

export async function removeHoldings(db: Queryable, mount: HoldingMount, hashes: string[]): Promise<void> {
  if (hashes.length === 0) return
  await db.query(
    'DELETE FROM device_object WHERE device_id = $1 AND media_grant_id = $2 AND file_hash = ANY($3::text[])',
    [mount.deviceId, mount.grantId, hashes],
  )
}

/** The volume keys handed out for the device's mounts, newest first. */
export async function listVolumeKeyEvents(
  db: Queryable,
  orgId: number,
  deviceId: number,
): Promise<VolumeKeyEvent[]> {
  return db.query<VolumeKeyEvent>(
    `SELECT e.volume_id, v.volume_name, u.user_name, u.email, ${iso('e.create_time')} AS create_time
       FROM admin_event e
       LEFT JOIN volume v ON v.volume_id = e.volume_id
       LEFT JOIN app_user u ON u.user_id = e.user_id
      WHERE e.org_id = $1 AND e.device_id = $2 AND e.action = 'volume_key'
      ORDER BY e.admin_event_id DESC`,
    [orgId, deviceId],
  )
}
