// A device's mounts as admins manage them: a container, or a whole volume (its root container, made when
// the volume has none), mounted on a device; enabled and disabled; removed only while the device has not
// synced it (after that, removing it would leave the device's copies without the container it came from,
// so it can be disabled but not removed, as a mounted container cannot be deleted); and the volume key of
// a mount. Each change is an admin event that names the device.
import type { Sealer } from '../auth/sealing.ts'
import type { Database, Queryable } from '../db/index.ts'
import { HttpError } from '../errors.ts'
import { deleteMount, findMount, insertMount, setMountDisabled } from '../repositories/deviceMounts.ts'
import { lockDevice } from '../repositories/devices.ts'
import { findGrant, findGrantByPrefix } from '../repositories/grants.ts'
import type { Membership } from '../repositories/orgs.ts'
import { findVolume } from '../repositories/volumes.ts'
import { recordAdminEvent } from './audit.ts'
import { createRootGrant } from './grants.ts'
import { volumeKey } from './volumeKeys.ts'

async function lockDeviceOf(tx: Queryable, admin: Membership, deviceId: number) {
  const device = await lockDevice(tx, admin.org_id, deviceId)
  if (!device) throw new HttpError(404, 'not_found')
  return device
}

/** The device, locked, and its mount of the container; 404 when either is missing. */
async function lockedMount(tx: Queryable, admin: Membership, deviceId: number, grantId: number) {
  const device = await lockDeviceOf(tx, admin, deviceId)
  const mount = await findMount(tx, admin.org_id, deviceId, grantId)
  if (!mount) throw new HttpError(404, 'not_found')
  return { device, mount }
}

async function addMount(
  tx: Queryable,
  admin: Membership,
  device: { device_id: number; device_name: string },
  grant: { media_grant_id: number; volume_id: number; grant_name: string },
): Promise<void> {
  if (!(await insertMount(tx, admin.org_id, device.device_id, grant.media_grant_id))) {
    throw new HttpError(409, 'used_mount')
  }
  await recordAdminEvent(tx, {
    orgId: admin.org_id,
    action: 'mount_add',
    userId: admin.user_id,
    deviceId: device.device_id,
    volumeId: grant.volume_id,
    grantId: grant.media_grant_id,
    summary: `Mounted ${grant.grant_name} on device ${device.device_name}`,
  })
}

export async function mountGrant(
  db: Database,
  admin: Membership,
  deviceId: number,
  grantId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const device = await lockDeviceOf(tx, admin, deviceId)
    const grant = await findGrant(tx, admin.org_id, grantId)
    if (!grant) throw new HttpError(404, 'not_found')
    await addMount(tx, admin, device, grant)
  })
}

/** The volume's root container, made when it has none. */
async function rootGrantOf(tx: Queryable, admin: Membership, volumeId: number) {
  const volume = await findVolume(tx, admin.org_id, volumeId, true)
  if (!volume) throw new HttpError(404, 'not_found')
  return (
    (await findGrantByPrefix(tx, admin.org_id, volumeId, '/')) ?? createRootGrant(tx, admin.org_id, volume)
  )
}

export async function mountVolume(
  db: Database,
  admin: Membership,
  deviceId: number,
  volumeId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const device = await lockDeviceOf(tx, admin, deviceId)
    await addMount(tx, admin, device, await rootGrantOf(tx, admin, volumeId))
  })
}

async function setMountState(
  tx: Queryable,
  admin: Membership,
  deviceId: number,
  grantId: number,
  isDisabled: boolean,
): Promise<void> {
  const { device, mount } = await lockedMount(tx, admin, deviceId, grantId)
  if (mount.is_disabled === isDisabled) return
  await setMountDisabled(tx, admin.org_id, deviceId, grantId, isDisabled)
  await recordAdminEvent(tx, {
    orgId: admin.org_id,
    action: 'mount_update',
    userId: admin.user_id,
    deviceId,
    volumeId: mount.volume_id,
    grantId,
    summary: `${isDisabled ? 'Disabled' : 'Enabled'} the mount of ${mount.grant_name} on device ${device.device_name}`,
  })
}

export async function setGrantMountDisabled(
  db: Database,
  admin: Membership,
  deviceId: number,
  grantId: number,
  isDisabled: boolean,
): Promise<void> {
  await db.transaction((tx) => setMountState(tx, admin, deviceId, grantId, isDisabled))
}

/** Enables or disables the mount of a volume's root container; a volume without one is not mounted (404). */
export async function setVolumeMountDisabled(
  db: Database,
  admin: Membership,
  deviceId: number,
  volumeId: number,
  isDisabled: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    const root = await findGrantByPrefix(tx, admin.org_id, volumeId, '/')
    if (!root) throw new HttpError(404, 'not_found')
    await setMountState(tx, admin, deviceId, root.media_grant_id, isDisabled)
  })
}

export async function removeMount(
  db: Database,
  admin: Membership,
  deviceId: number,
  grantId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { device, mount } = await lockedMount(tx, admin, deviceId, grantId)
    if (mount.last_seen !== null) throw new HttpError(409, 'mount_synced')
    await deleteMount(tx, admin.org_id, deviceId, grantId)
    await recordAdminEvent(tx, {
      orgId: admin.org_id,
      action: 'mount_delete',
      userId: admin.user_id,
      deviceId,
      volumeId: mount.volume_id,
      grantId,
      summary: `Removed the mount of ${mount.grant_name} from device ${device.device_name}`,
    })
  })
}

/** The key of a mounted container's volume, as 64 hex digits; the retrieval is recorded. */
export async function mountVolumeKey(
  db: Database,
  sealer: Sealer,
  admin: Membership,
  deviceId: number,
  grantId: number,
): Promise<string> {
  return db.transaction(async (tx) => {
    const { device, mount } = await lockedMount(tx, admin, deviceId, grantId)
    const key = await volumeKey(tx, sealer, admin.org_id, mount.volume_id)
    await recordAdminEvent(tx, {
      orgId: admin.org_id,
      action: 'volume_key',
      userId: admin.user_id,
      deviceId,
      volumeId: mount.volume_id,
      grantId,
      summary: `Retrieved the key of volume ${mount.volume_name} for device ${device.device_name}`,
    })
    return key.toString('hex')
  })
}
