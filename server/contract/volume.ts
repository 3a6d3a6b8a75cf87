// Wire types of volumes and containers (grants) (specification 000 section 3; 001 sections 3 and 7).
import { Type, type Static } from 'typebox'
import { NameText, ZeroOrOne } from './wireValues.ts'
import { EXPIRE_DAYS_MAX } from './limits.ts'

export const Volume = Type.Object({
  volume_id: Type.Integer(),
  volume_name: Type.String(),
  is_disabled: Type.Boolean(),
  is_user_volume: Type.Boolean(),
  min_expire_size: Type.Integer(),
  live_expire_days: Type.Integer(),
  dead_expire_days: Type.Integer(),
})
export type Volume = Static<typeof Volume>

export const VolumeListResponse = Type.Object({ volume_list: Type.Array(Volume) })
export type VolumeListResponse = Static<typeof VolumeListResponse>

export const CreateVolumeRequest = Type.Object({
  org_id: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
  volume_name: NameText(256),
  is_disabled: Type.Optional(ZeroOrOne),
})
export type CreateVolumeRequest = Static<typeof CreateVolumeRequest>

export const CreateVolumeResponse = Type.Object({ volume_id: Type.Integer() })
export type CreateVolumeResponse = Static<typeof CreateVolumeResponse>

/** The changed settings only (001 section 2); every field is optional, an empty body changes nothing. */
export const UpdateVolumeRequest = Type.Object(
  {
    volume_name: Type.Optional(NameText(256)),
    is_disabled: Type.Optional(ZeroOrOne),
    min_expire_size: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
    live_expire_days: Type.Optional(Type.Integer({ minimum: 0, maximum: EXPIRE_DAYS_MAX })),
    dead_expire_days: Type.Optional(Type.Integer({ minimum: 0, maximum: EXPIRE_DAYS_MAX })),
  },
  { additionalProperties: false },
)
export type UpdateVolumeRequest = Static<typeof UpdateVolumeRequest>

export const GrantUser = Type.Object({
  user_id: Type.Integer(),
  user_name: Type.Union([Type.String(), Type.Null()]),
  email: Type.String(),
})
export type GrantUser = Static<typeof GrantUser>

/** A device that mounts a container (the devices issue fills them in). */
export const GrantDevice = Type.Object({
  device_id: Type.Integer(),
  device_name: Type.String(),
  is_disabled: Type.Integer({ minimum: 0, maximum: 1 }),
})
export type GrantDevice = Static<typeof GrantDevice>

/** A container as every list names it: its name, its volume and folder, and whether it is disabled. */
export const GrantSummary = Type.Object({
  media_grant_id: Type.Integer(),
  grant_name: Type.String(),
  volume_id: Type.Integer(),
  volume_name: Type.String(),
  prefix_path: Type.String(),
  /** 0 or 1, as the spec's wire has it. */
  is_disabled: Type.Integer({ minimum: 0, maximum: 1 }),
})
export type GrantSummary = Static<typeof GrantSummary>

export const MediaGrant = Type.Object({
  ...GrantSummary.properties,
  last_seen: Type.Union([Type.String(), Type.Null()]),
  user_list: Type.Array(GrantUser),
  device_list: Type.Array(GrantDevice),
})
export type MediaGrant = Static<typeof MediaGrant>

export const MediaGrantListResponse = Type.Object({ media_grant_list: Type.Array(MediaGrant) })
export type MediaGrantListResponse = Static<typeof MediaGrantListResponse>
