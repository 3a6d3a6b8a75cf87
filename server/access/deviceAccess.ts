// Who a device call comes from: the device whose token the request carries (`Authorization: Bearer`),
// read from the database on every call (no cache outlives a change an admin makes), enabled, of an enabled
// app, and whose user is still a member holding Add Devices. A refused device's attempt is recorded (at
// most once per interval), so the console can say when it last tried. A call on a mount also needs the
// mount, its container and volume enabled, and the device's upload or download switch for the calls that
// move content.
import type { FastifyRequest } from 'fastify'
import { sha256 } from '../auth/secrets.ts'
import type { Capability } from '../contract/endpoints.ts'
import type { ErrorCode } from '../contract/errorCodes.ts'
import { findMount, touchMount } from '../repositories/deviceMounts.ts'
import { findDeviceByToken, recordRefusal, type DeviceAuth } from '../repositories/devices.ts'
import { HttpError } from '../errors.ts'
import { findMembership } from '../repositories/orgs.ts'
import type { DeviceAccess, MountAccess } from '../services/callers.ts'
import { grantRoot } from '../services/paths.ts'
import { idParam } from './caller.ts'

const TOKEN_PATTERN = /^Bearer ([A-Za-z0-9_-]{43})$/

function deviceTokenHash(request: FastifyRequest): Buffer {
  const match = TOKEN_PATTERN.exec(request.headers.authorization ?? '')
  if (!match?.[1]) throw new HttpError(403, 'invalid_device_token')
  return sha256(match[1])
}

async function refuse(request: FastifyRequest, device: DeviceAuth, code: ErrorCode): Promise<never> {
  await recordRefusal(request.server.db, device.device_id)
  throw new HttpError(403, code)
}

export async function requireDevice(request: FastifyRequest): Promise<DeviceAccess> {
  const { db } = request.server
  const device = await findDeviceByToken(db, deviceTokenHash(request))
  if (!device) throw new HttpError(403, 'invalid_device_token')
  if (device.is_disabled) return refuse(request, device, 'device_disabled')
  if (device.app_is_disabled !== false) return refuse(request, device, 'app_disabled')
  const member = device.user_id === null ? undefined : await findMembership(db, device.org_id, device.user_id)
  if (!member) return refuse(request, device, 'device_not_allowed')
  // Add Devices is what lets a member's machines act for them: taken away, their devices are refused until
  // it is given back (nothing is revoked, the same token works again then).
  if (!member.cap_add_device) return refuse(request, device, 'device_not_allowed')
  return { device, member }
}

const SWITCHES: Record<Capability, { off: keyof DeviceAuth; code: ErrorCode }> = {
  cap_web_upload: { off: 'is_upload_disabled', code: 'upload_not_allowed' },
  cap_web_download: { off: 'is_download_disabled', code: 'download_not_allowed' },
}

/** The device's mount of the path's container; one it does not mount answers 404 as a missing one does. */
export async function requireMount(request: FastifyRequest, capability?: Capability): Promise<MountAccess> {
  const { device, member } = await requireDevice(request)
  const grantId = idParam(request, 'media_grant_id')
  const mount = await findMount(request.server.db, device.org_id, device.device_id, grantId)
  if (!mount) throw new HttpError(404, 'not_found')
  if (mount.volume_is_disabled) throw new HttpError(403, 'volume_disabled')
  if (mount.grant_is_disabled) throw new HttpError(403, 'grant_disabled')
  if (mount.is_disabled) throw new HttpError(403, 'mount_disabled')
  if (capability && device[SWITCHES[capability].off]) throw new HttpError(403, SWITCHES[capability].code)
  await touchMount(request.server.db, device.device_id, grantId)
  return {
    member,
    device,
    grant: {
      media_grant_id: mount.media_grant_id,
      org_id: device.org_id,
      volume_id: mount.volume_id,
      prefix_path: mount.prefix_path,
      is_disabled: false,
      volume_is_disabled: false,
    },
    root: grantRoot(mount.prefix_path),
  }
}
