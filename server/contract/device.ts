// Wire types of devices, their mounts and the device protocol (specification 001 sections 3 and 7; the
// protocol is this product's own, documented in the OpenAPI document and docs/devices.md).
import { Type, type Static } from 'typebox'
import { NameText, Nullable, ZeroOrOne } from './wireValues.ts'
import { UPLOAD_PRIORITY_MAX } from './limits.ts'

const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })

export const DEFAULT_UPLOAD_PRIORITY = 500

/** A client version as devices report it: x.y.z. */
export const DEVICE_VERSION_PATTERN = '^[0-9]{1,6}\\.[0-9]{1,6}\\.[0-9]{1,6}$'

/** Why a device's user stops it (DeviceListItem.user_refusal). */
export const UserRefusal = Type.Union([Type.Literal('not_a_member'), Type.Literal('add_device_off')])
export type UserRefusal = Static<typeof UserRefusal>

/** A container a device mounts, with its state and the volume it lies in. */
export const DeviceMount = Type.Object({
  media_grant_id: Type.Integer(),
  grant_name: Type.String(),
  volume_id: Type.Integer(),
  volume_name: Type.String(),
  prefix_path: Type.String(),
  /** The mount's own switch. */
  is_disabled: Type.Boolean(),
  /** The container's and the volume's switches: either one stops the mount too. */
  grant_is_disabled: Type.Boolean(),
  volume_is_disabled: Type.Boolean(),
  last_seen: Nullable(Type.String()),
})
export type DeviceMount = Static<typeof DeviceMount>

export const DeviceListItem = Type.Object({
  device_id: Type.Integer(),
  device_name: Type.String(),
  user_id: Nullable(Type.Integer()),
  user_name: Nullable(Type.String()),
  email: Nullable(Type.String()),
  org_id: Type.Integer(),
  app_id: Nullable(Type.Integer()),
  app_name: Nullable(Type.String()),
  is_disabled: Type.Boolean(),
  is_upload_disabled: Type.Boolean(),
  is_download_disabled: Type.Boolean(),
  upload_priority: Type.Integer(),
  is_avid_enabled: Type.Boolean(),
  last_seen: Nullable(Type.String()),
  last_version: Nullable(Type.String()),
  /** The last call the server refused: the device, its app or its user may not act now. */
  last_refused_at: Nullable(Type.String()),
  /**
   * Why the device's user stops it, whatever its own switch: 'not_a_member' (the user was removed or left;
   * the device was revoked then), 'add_device_off' (the user no longer holds Add Devices: every call is
   * refused until it is given back); null when the user may have it.
   */
  user_refusal: Nullable(UserRefusal),
})
export type DeviceListItem = Static<typeof DeviceListItem>

/** A volume key handed out for one of the device's mounts (each retrieval is recorded). */
export const VolumeKeyEvent = Type.Object({
  volume_id: Nullable(Type.Integer()),
  volume_name: Nullable(Type.String()),
  user_name: Nullable(Type.String()),
  email: Nullable(Type.String()),
  create_time: Type.String(),
})
export type VolumeKeyEvent = Static<typeof VolumeKeyEvent>

export const Device = Type.Intersect([
  DeviceListItem,
  Type.Object({
    media_grant_list: Type.Array(DeviceMount),
    /** How many distinct files the device reports holding. */
    held_count: Type.Integer(),
    volume_key_list: Type.Array(VolumeKeyEvent),
  }),
])
export type Device = Static<typeof Device>

export const DeviceListQuery = Type.Object({
  /** active: devices that are not disabled (the default); all: every device. */
  filter: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('all')])),
  session_key: Type.Optional(Type.String()),
})
export type DeviceListQuery = Static<typeof DeviceListQuery>

export const DeviceListResponse = Type.Object({ device_list: Type.Array(DeviceListItem) })
export type DeviceListResponse = Static<typeof DeviceListResponse>

export const DeviceResponse = Type.Object({ device: Device })
export type DeviceResponse = Static<typeof DeviceResponse>

/** The admin's changes (001 section 7); every field optional. */
export const UpdateDeviceRequest = Type.Object(
  {
    device_name: Type.Optional(NameText(256)),
    is_disabled: Type.Optional(ZeroOrOne),
    is_upload_disabled: Type.Optional(ZeroOrOne),
    is_download_disabled: Type.Optional(ZeroOrOne),
    upload_priority: Type.Optional(Type.Integer({ minimum: 0, maximum: UPLOAD_PRIORITY_MAX })),
    user_id: Type.Optional(Id),
    is_avid_enabled: Type.Optional(ZeroOrOne),
  },
  { additionalProperties: false },
)
export type UpdateDeviceRequest = Static<typeof UpdateDeviceRequest>

export const DeviceGrantRequest = Type.Object({ media_grant_id: Id }, { additionalProperties: false })
export type DeviceGrantRequest = Static<typeof DeviceGrantRequest>

export const VolumeKeyResponse = Type.Object({
  /** The volume's 256-bit key, 64 hex digits. */
  volume_encryption_key: Type.String(),
})
export type VolumeKeyResponse = Static<typeof VolumeKeyResponse>

// The device protocol

export const RegisterDeviceRequest = Type.Object(
  {
    app_id: Id,
    secret_key: Type.String({ maxLength: 256 }),
    device_name: NameText(256),
  },
  { additionalProperties: false },
)
export type RegisterDeviceRequest = Static<typeof RegisterDeviceRequest>

export const RegisterDeviceResponse = Type.Object({
  device_id: Type.Integer(),
  /** Sent as `Authorization: Bearer <device_token>` on every device call; shown once, stored hashed. */
  device_token: Type.String(),
})
export type RegisterDeviceResponse = Static<typeof RegisterDeviceResponse>

export const HeartbeatRequest = Type.Object(
  { version: Type.String({ pattern: DEVICE_VERSION_PATTERN, examples: ['1.0.261'] }) },
  { additionalProperties: false },
)
export type HeartbeatRequest = Static<typeof HeartbeatRequest>

/** What a device is allowed, as of this call. */
export const DeviceSelf = Type.Object({
  device_id: Type.Integer(),
  device_name: Type.String(),
  org_id: Type.Integer(),
  user_id: Nullable(Type.Integer()),
  is_upload_disabled: Type.Boolean(),
  is_download_disabled: Type.Boolean(),
  upload_priority: Type.Integer(),
  /** How often the device should send a heartbeat. */
  heartbeat_seconds: Type.Integer(),
})
export type DeviceSelf = Static<typeof DeviceSelf>

export const HeartbeatResponse = Type.Object({ device: DeviceSelf })
export type HeartbeatResponse = Static<typeof HeartbeatResponse>

export const DeviceMountListResponse = Type.Object({ mount_list: Type.Array(DeviceMount) })
export type DeviceMountListResponse = Static<typeof DeviceMountListResponse>

/** The most files one page of a mount's file list holds. */
export const MOUNT_FILE_PAGE_MAX = 1000

export const MountFileQuery = Type.Object({
  /** The `next_after` of the previous page: files whose path (relative to the mount) sorts after it. */
  after: Type.Optional(Type.String({ maxLength: 4096 })),
  /** At most MOUNT_FILE_PAGE_MAX (query values are strings: the server does not coerce them). */
  limit: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,3}$' })),
})
export type MountFileQuery = Static<typeof MountFileQuery>

export const MountFile = Type.Object({
  media_id: Type.Integer(),
  /** The path under the mount's root, without a leading slash: 'a/b/file.mov'. */
  path: Type.String(),
  file_hash: Type.String(),
  file_size: Type.Integer(),
  mtime: Nullable(Type.String()),
  /** Whether the content is in the store (a download can start). */
  is_uploaded: Type.Boolean(),
})
export type MountFile = Static<typeof MountFile>

export const MountFileResponse = Type.Object({
  file_list: Type.Array(MountFile),
  /** Where the next page starts; null on the last page. */
  next_after: Nullable(Type.String()),
})
export type MountFileResponse = Static<typeof MountFileResponse>

/** The most hashes one holdings report may add or remove. */
export const HOLDING_BATCH_MAX = 1000

const HashList = Type.Array(Type.String({ pattern: '^[0-9a-f]{64}$' }), { maxItems: HOLDING_BATCH_MAX })

/** A change to what the device holds: hashes it now has, and hashes it no longer has. */
export const HoldingRequest = Type.Object(
  { add: Type.Optional(HashList), remove: Type.Optional(HashList) },
  { additionalProperties: false },
)
export type HoldingRequest = Static<typeof HoldingRequest>

export const HoldingResponse = Type.Object({
  /** How many distinct contents the device holds, over all its mounts. */
  held_count: Type.Integer(),
  /** Hashes of `add` not recorded: no file of the mount has that content (yet); report them again later. */
  ignored_list: Type.Array(Type.String()),
})
export type HoldingResponse = Static<typeof HoldingResponse>

export const DeviceDownloadQuery = Type.Object({
  /** Where the device writes the file (the audit trail's Destination). */
  dest_path: Type.String({ minLength: 1, maxLength: 4096 }),
})
export type DeviceDownloadQuery = Static<typeof DeviceDownloadQuery>
