// The app's one transport instance. Every call carries the session key kept in local state, read at the
// moment of the call so that signing in or out takes effect on the next request. Every call's outcome tells
// whether the server can be reached (src/api/serverReach.ts).
import { localState } from '../lib/localState.ts'
import { fetchTakingEarlyAnswers } from './earlyAnswers.ts'
import { trackServerReach } from './serverReach.ts'
import { createTransport, type Transport } from './transport.ts'

export type ApiClient = Transport

export const api: ApiClient = createTransport({
  getSessionKey: () => localState.read('session_key'),
  trackReach: trackServerReach,
  // The first screen's calls may be on their way already, asked for by index.html.
  fetch: fetchTakingEarlyAnswers,
})
