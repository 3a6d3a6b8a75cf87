// Wire types of an organization's users as its admins manage them (specification 001, sections 2, 3, 5
// and 7).
import { Type, type Static } from 'typebox'
import { EmailText } from './wireValues.ts'
import { GrantSummary } from './volume.ts'

export const UserVolume = Type.Object({ volume_id: Type.Integer(), volume_name: Type.String() })
export type UserVolume = Static<typeof UserVolume>

/** A member's device, with what it holds for offboarding: its mounts and the volume keys handed out for it. */
export const UserDevice = Type.Object({
  device_id: Type.Integer(),
  device_name: Type.String(),
  is_disabled: Type.Boolean(),
  mount_count: Type.Integer(),
  volume_key_count: Type.Integer(),
})
export type UserDevice = Static<typeof UserDevice>

export const OrgUser = Type.Object({
  user_id: Type.Integer(),
  email: Type.String(),
  user_name: Type.Union([Type.String(), Type.Null()]),
  is_admin: Type.Boolean(),
  cap_add_device: Type.Boolean(),
  cap_web_download: Type.Boolean(),
  cap_web_upload: Type.Boolean(),
  media_grant_list: Type.Array(GrantSummary),
  /** The volumes whose root container ('/') the user holds. */
  volume_list: Type.Array(UserVolume),
  device_list: Type.Array(UserDevice),
})
export type OrgUser = Static<typeof OrgUser>

export const UserListResponse = Type.Object({ user_list: Type.Array(OrgUser) })
export type UserListResponse = Static<typeof UserListResponse>

export const AddUserRequest = Type.Object({
  email: EmailText(),
  is_admin: Type.Optional(Type.Boolean()),
  cap_add_device: Type.Optional(Type.Boolean()),
  cap_web_download: Type.Optional(Type.Boolean()),
  cap_web_upload: Type.Optional(Type.Boolean()),
})
export type AddUserRequest = Static<typeof AddUserRequest>

export const AddUserResponse = Type.Object({ user_id: Type.Integer() })
export type AddUserResponse = Static<typeof AddUserResponse>

/** Role and capabilities, changed fields only. An admin holds every capability. */
export const UpdateOrgUserRequest = Type.Object(
  {
    is_admin: Type.Optional(Type.Boolean()),
    cap_add_device: Type.Optional(Type.Boolean()),
    cap_web_download: Type.Optional(Type.Boolean()),
    cap_web_upload: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type UpdateOrgUserRequest = Static<typeof UpdateOrgUserRequest>
