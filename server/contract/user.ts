// Wire types of login, sessions and the current user (specification 000, sections 3 and 7).
import { Type, type Static } from 'typebox'
import { EmailText, NameText } from './wireValues.ts'
import { Plan } from './plan.ts'

export const EmailCodeRequest = Type.Object({
  email: EmailText(),
  /** Creates the user when the e-mail is unknown (signup). */
  signup: Type.Optional(Type.Boolean()),
})
export type EmailCodeRequest = Static<typeof EmailCodeRequest>

export const EmailLoginRequest = Type.Object({
  email: EmailText(),
  login_code: Type.String({ maxLength: 32 }),
  domain_prefix: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
})
export type EmailLoginRequest = Static<typeof EmailLoginRequest>

export const EmailLoginResponse = Type.Object({ user_session_key: Type.String() })
export type EmailLoginResponse = Static<typeof EmailLoginResponse>

export const User = Type.Object({
  user_id: Type.Integer(),
  user_name: Type.Union([Type.String(), Type.Null()]),
  email: Type.String(),
})
export type User = Static<typeof User>

/** An organization as its member sees it in the org list. */
export const OrgListItem = Type.Object({
  org_id: Type.Integer(),
  org_name: Type.String(),
  is_admin: Type.Boolean(),
  plan_id: Type.Union([Type.String(), Type.Null()]),
  plan: Type.Union([Plan, Type.Null()]),
  domain_prefix: Type.Union([Type.String(), Type.Null()]),
  cap_add_device: Type.Boolean(),
  cap_web_download: Type.Boolean(),
  cap_web_upload: Type.Boolean(),
  device_count: Type.Integer(),
})
export type OrgListItem = Static<typeof OrgListItem>

export const CurrentUserResponse = Type.Object({ user: User, org_list: Type.Array(OrgListItem) })
export type CurrentUserResponse = Static<typeof CurrentUserResponse>

export const UpdateUserRequest = Type.Object({ user_name: NameText(256) })
export type UpdateUserRequest = Static<typeof UpdateUserRequest>
