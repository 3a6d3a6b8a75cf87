// Wire types of apps (specification 001 sections 3 and 7): the clients a device registers through. An app's
// secret key is stored only as a hash, so it is shown once, in the answer that makes it.
import { Type, type Static } from 'typebox'
import { NameText, ZeroOrOne } from './wireValues.ts'

export const AppDevice = Type.Object({
  device_id: Type.Integer(),
  device_name: Type.String(),
  is_disabled: Type.Boolean(),
})
export type AppDevice = Static<typeof AppDevice>

export const AppListItem = Type.Object({
  app_id: Type.Integer(),
  app_name: Type.String(),
  is_disabled: Type.Boolean(),
  has_key: Type.Boolean(),
})
export type AppListItem = Static<typeof AppListItem>

export const App = Type.Intersect([AppListItem, Type.Object({ device_list: Type.Array(AppDevice) })])
export type App = Static<typeof App>

export const AppListResponse = Type.Object({ app_list: Type.Array(AppListItem) })
export type AppListResponse = Static<typeof AppListResponse>

export const AppResponse = Type.Object({ app: App })
export type AppResponse = Static<typeof AppResponse>

export const CreateAppRequest = Type.Object({ app_name: NameText(256) }, { additionalProperties: false })
export type CreateAppRequest = Static<typeof CreateAppRequest>

export const CreateAppResponse = Type.Object({ app_id: Type.Integer() })
export type CreateAppResponse = Static<typeof CreateAppResponse>

export const UpdateAppRequest = Type.Object(
  { app_name: Type.Optional(NameText(256)), is_disabled: Type.Optional(ZeroOrOne) },
  { additionalProperties: false },
)
export type UpdateAppRequest = Static<typeof UpdateAppRequest>

export const NewKeyResponse = Type.Object({ secret_key: Type.String() })
export type NewKeyResponse = Static<typeof NewKeyResponse>
