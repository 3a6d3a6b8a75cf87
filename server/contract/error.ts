// Every error answer: its HTTP status and this body. `error` is a snake_case code; `limit` is the limit a
// code quotes, where it has one (max_device_count, max_live_expire_days, ...).
import { Type, type Static } from 'typebox'

export const ErrorBody = Type.Object({
  error: Type.String(),
  limit: Type.Optional(Type.Number()),
  message: Type.Optional(Type.String()),
})
export type ErrorBody = Static<typeof ErrorBody>
