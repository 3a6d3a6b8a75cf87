// The app's one transport instance. The session key joins in the accounts work; until then calls go out
// without one.
import { createTransport, type Transport } from './transport.ts'

export type ApiClient = Transport

export const api: ApiClient = createTransport()
