// Devices as the console manages them (specification 001 sections 2, 3 and 6): admins see and change every
// device of the organization; a member sees only their own. Enabling a device must fit the plan's count of
// enabled devices, and the Avid integration needs a plan that allows it. A device's user must be a member
// who may add devices. Every change is an admin event that names the device. A membership that ends
// revokes the person's devices for good (revokeDevicesOf).
import type { Device, DeviceListItem, UpdateDeviceRequest } from '../contract/device.ts'
import { DEVICE_NAME_MAX } from '../contract/limits.ts'
import { asBoolean } from '../contract/wireValues.ts'
import type { Database, Queryable } from '../db/index.ts'
import { HttpError } from '../errors.ts'
import { checkName } from './fieldRules.ts'
import {
  countEnabledDevices,
  countHoldings,
  findDevice,
  listDevices,
  listVolumeKeyEvents,
  lockDevice,
  revokeUserDevices,
  updateDevice,
  type DeviceChange,
} from '../repositories/devices.ts'
import { listMounts } from '../repositories/deviceMounts.ts'
import { findMembership, type Membership } from '../repositories/orgs.ts'
import type { Plan } from '../contract/plan.ts'
import { recordAdminEvent } from './audit.ts'
import { lockPlan } from './planLimits.ts'

/** A device name as stored: the name rule, at most DEVICE_NAME_MAX characters. */
export const normalizeDeviceName = (name: string) =>
  checkName(name, { code: 'invalid_device_name', maxLength: DEVICE_NAME_MAX })

export async function listDevicesFor(
  db: Queryable,
  member: Membership,
  filter: 'active' | 'all' = 'active',
): Promise<DeviceListItem[]> {
  return listDevices(db, member.org_id, {
    ...(member.is_admin ? {} : { userId: member.user_id }),
    activeOnly: filter === 'active',
  })
}

/** A device with its mounts; another member's device answers 404 as a missing one does. */
export async function deviceDetailFor(db: Queryable, member: Membership, deviceId: number): Promise<Device> {
  const device = await findDevice(db, member.org_id, deviceId)
  if (!device || (!member.is_admin && device.user_id !== member.user_id))
    throw new HttpError(404, 'not_found')
  const [mounts, heldCount, keys] = await Promise.all([
    listMounts(db, member.org_id, deviceId),
    countHoldings(db, deviceId),
    member.is_admin ? listVolumeKeyEvents(db, member.org_id, deviceId) : Promise.resolve([]),
  ])
  return { ...device, media_grant_list: mounts, held_count: heldCount, volume_key_list: keys }
}

/** One more enabled device must fit the plan (disabled devices do not count). */
export async function checkDeviceSlot(tx: Queryable, orgId: number, plan: Plan): Promise<void> {
  if (plan.max_device_count === null) return
  if ((await countEnabledDevices(tx, orgId)) >= plan.max_device_count) {
    throw new HttpError(402, 'max_device_count', plan.max_device_count)
  }
}

/** The user a device may belong to: a member of the organization who may add devices. */
export async function checkDeviceUser(tx: Queryable, orgId: number, userId: number): Promise<void> {
  const membership = await findMembership(tx, orgId, userId)
  if (!membership) throw new HttpError(400, 'not_a_member_user')
  if (!membership.cap_add_device) throw new HttpError(403, 'device_not_allowed')
}

export async function updateDeviceByAdmin(
  db: Database,
  admin: Membership,
  deviceId: number,
  request: UpdateDeviceRequest,
): Promise<void> {
  const deviceName = request.device_name === undefined ? undefined : normalizeDeviceName(request.device_name)
  await db.transaction(async (tx) => {
    const plan = await lockPlan(tx, admin.org_id)
    const device = await lockDevice(tx, admin.org_id, deviceId)
    if (!device) throw new HttpError(404, 'not_found')
    const change: DeviceChange = {}
    const words: string[] = []
    if (deviceName !== undefined && deviceName !== device.device_name) {
      change.device_name = deviceName
      words.push(`renamed to ${deviceName}`)
    }
    if (request.is_disabled !== undefined && asBoolean(request.is_disabled) !== device.is_disabled) {
      change.is_disabled = asBoolean(request.is_disabled)
      if (!change.is_disabled) await checkDeviceSlot(tx, admin.org_id, plan)
      words.push(change.is_disabled ? 'disabled' : 'enabled')
    }
    if (request.is_upload_disabled !== undefined) {
      change.is_upload_disabled = asBoolean(request.is_upload_disabled)
      words.push(change.is_upload_disabled ? 'uploads off' : 'uploads on')
    }
    if (request.is_download_disabled !== undefined) {
      change.is_download_disabled = asBoolean(request.is_download_disabled)
      words.push(change.is_download_disabled ? 'downloads off' : 'downloads on')
    }
    if (request.upload_priority !== undefined) {
      change.upload_priority = request.upload_priority
      words.push(`upload priority ${request.upload_priority}`)
    }
    if (request.is_avid_enabled !== undefined) {
      change.is_avid_enabled = asBoolean(request.is_avid_enabled)
      if (change.is_avid_enabled && !plan.allows_avid) throw new HttpError(402, 'plan_limit')
      words.push(change.is_avid_enabled ? 'Avid on' : 'Avid off')
    }
    if (request.user_id !== undefined && request.user_id !== device.user_id) {
      await checkDeviceUser(tx, admin.org_id, request.user_id)
      change.user_id = request.user_id
      words.push('moved to another user')
    }
    if (words.length === 0) return
    await updateDevice(tx, admin.org_id, deviceId, change)
    await recordAdminEvent(tx, {
      orgId: admin.org_id,
      action: 'device_update',
      userId: admin.user_id,
      deviceId,
      subjectUserId: change.user_id ?? device.user_id,
      summary: `Device ${device.device_name}: ${words.join(', ')}`,
    })
  })
}

/** Why a membership ended, in the words of the record. */
export type MembershipEnd = 'removed' | 'left'

/**
 * Revokes the devices of a person whose membership ends, in the transaction that ends it: each one's token
 * is cleared, the device and its mounts disabled, and the revocation recorded on the admin trail naming
 * the device. Adding the e-mail again then brings none of them back: the old token is gone, and
 * registering the name again is refused as for any disabled device (an admin may enable it; it then needs
 * a new registration, and its mounts enabling one by one).
 */
export async function revokeDevicesOf(
  tx: Queryable,
  change: { orgId: number; actorId: number; user: { user_id: number; email: string }; end: MembershipEnd },
): Promise<void> {
  const why = change.end === 'removed' ? 'was removed' : 'left the organization'
  for (const device of await revokeUserDevices(tx, change.orgId, change.user.user_id)) {
    await recordAdminEvent(tx, {
      orgId: change.orgId,
      action: 'device_revoke',
      userId: change.actorId,
      deviceId: device.device_id,
      subjectUserId: change.user.user_id,
      summary:
        `Device ${device.device_name} revoked: ${change.user.email} ${why}; its token no longer works, ` +
        `the device and ${device.mounts_disabled} mount(s) disabled`,
    })
  }
}
