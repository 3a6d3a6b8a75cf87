// The device protocol (docs/devices.md): a user registers a machine through an app and gets the device's
// token; with it the device sends heartbeats, lists its mounts and their files, moves content with the same
// calls as the web (routes/deviceProtocol.ts), and reports what it holds. Registering again under the same
// name is the same device with a new token, and never brings back a disabled one.
import { newSessionKey, sha256 } from '../auth/secrets.ts'
import type {
  DeviceMount,
  DeviceSelf,
  HoldingRequest,
  HoldingResponse,
  MountFileQuery,
  MountFileResponse,
  RegisterDeviceRequest,
  RegisterDeviceResponse,
} from '../contract/device.ts'
import { MOUNT_FILE_PAGE_MAX } from '../contract/device.ts'
import type { Database, Queryable } from '../db/index.ts'
import type { DeviceAccess, MountAccess } from './callers.ts'
import { HttpError } from '../errors.ts'
import { listFilesUnder, listMounts } from '../repositories/deviceMounts.ts'
import {
  addHoldings,
  countHoldings,
  insertDevice,
  lockDeviceByName,
  recordHeartbeat,
  removeHoldings,
  setDeviceToken,
} from '../repositories/devices.ts'
import { findMembership, type Membership } from '../repositories/orgs.ts'
import { checkAppKey } from './apps.ts'
import { checkDeviceSlot, normalizeDeviceName } from './devices.ts'
import { lockPlan } from './planLimits.ts'

/** How often a device should send a heartbeat; the server writes at most one per DEVICE_WRITE_INTERVAL. */
export const HEARTBEAT_SECONDS = 60

export async function registerDevice(
  db: Database,
  member: Membership,
  request: RegisterDeviceRequest,
): Promise<RegisterDeviceResponse> {
  const deviceName = normalizeDeviceName(request.device_name)
  if (!member.cap_add_device) throw new HttpError(403, 'device_not_allowed')
  await checkAppKey(db, member.org_id, request.app_id, request.secret_key)
  const token = newSessionKey()
  const deviceId = await db.transaction(async (tx) => {
    const plan = await lockPlan(tx, member.org_id)
    // Read again under the organization's lock, which removing or leaving takes too: a device registered
    // as its user goes must not outlive the revocation of their devices.
    if (!(await findMembership(tx, member.org_id, member.user_id))?.cap_add_device) {
      throw new HttpError(403, 'device_not_allowed')
    }
    const known = await lockDeviceByName(tx, member.org_id, member.user_id, deviceName)
    if (known) {
      if (known.is_disabled) throw new HttpError(403, 'device_disabled')
      await setDeviceToken(tx, known.device_id, request.app_id, sha256(token))
      return known.device_id
    }
    await checkDeviceSlot(tx, member.org_id, plan)
    return insertDevice(tx, {
      orgId: member.org_id,
      userId: member.user_id,
      appId: request.app_id,
      deviceName,
      tokenHash: sha256(token),
    })
  })
  return { device_id: deviceId, device_token: token }
}

export async function heartbeat(db: Queryable, access: DeviceAccess, version: string): Promise<DeviceSelf> {
  await recordHeartbeat(db, access.device.device_id, version)
  const { device } = access
  return {
    device_id: device.device_id,
    device_name: device.device_name,
    org_id: device.org_id,
    user_id: device.user_id,
    is_upload_disabled: device.is_upload_disabled,
    is_download_disabled: device.is_download_disabled,
    upload_priority: device.upload_priority,
    heartbeat_seconds: HEARTBEAT_SECONDS,
  }
}

export async function mountsOf(db: Queryable, access: DeviceAccess): Promise<DeviceMount[]> {
  return listMounts(db, access.device.org_id, access.device.device_id)
}

/** A page of the mount's live files, by path under the mount's root. */
export async function mountFiles(
  db: Queryable,
  access: MountAccess,
  query: MountFileQuery,
): Promise<MountFileResponse> {
  const limit = Math.min(Number(query.limit ?? MOUNT_FILE_PAGE_MAX), MOUNT_FILE_PAGE_MAX)
  const rows = await listFilesUnder(
    db,
    access.member.org_id,
    access.grant.volume_id,
    access.root,
    access.root + (query.after ?? ''),
    limit,
  )
  const fileList = rows.map(({ media_path, ...file }) => ({
    ...file,
    path: media_path.slice(access.root.length),
  }))
  const last = fileList.at(-1)
  return { file_list: fileList, next_after: fileList.length === limit && last ? last.path : null }
}

/**
 * Applies a report of the content the device now holds and no longer holds through the mount; answers how
 * much it holds in all, and which added hashes no file of the mount has (not recorded).
 */
export async function reportHoldings(
  db: Database,
  access: MountAccess,
  request: HoldingRequest,
): Promise<HoldingResponse> {
  const mount = {
    orgId: access.member.org_id,
    deviceId: access.device.device_id,
    grantId: access.grant.media_grant_id,
    volumeId: access.grant.volume_id,
    root: access.root,
  }
  return db.transaction(async (tx) => {
    await removeHoldings(tx, mount, request.remove ?? [])
    const added = new Set(await addHoldings(tx, mount, request.add ?? []))
    return {
      held_count: await countHoldings(tx, mount.deviceId),
      ignored_list: [...new Set(request.add ?? [])].filter((hash) => !added.has(hash)),
    }
  })
}
