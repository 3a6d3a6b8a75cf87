// The app's one transport, and the calls by the endpoint table that go through it: the modules of src/api
// reach it here, so no screen, loader or hook passes it along. Every call carries the session key kept in
// local state, read at the moment of the call so that signing in or out takes effect on the next request.
// Every call's outcome tells whether the server can be reached (src/api/serverReach.ts).
import { fetchTakingEarlyAnswers } from './earlyAnswers.ts'
import { callEndpoint, type EndpointAnswer, type EndpointInput } from './endpoint.ts'
import { localState } from '../lib/localState.ts'
import { trackServerReach } from './serverReach.ts'
import { createTransport, type RequestOptions, type Transport } from './transport.ts'

export const api: Transport = createTransport({
  getSessionKey: () => localState.read('session_key'),
  trackReach: trackServerReach,
  // The first screen's calls may be on their way already, asked for by index.html.
  fetch: fetchTakingEarlyAnswers,
})

let current: Transport = api

/**
 * Tests answer the calls themselves: every call goes to the transport given here from now on, until it is
 * called again without one (the app's own transport again).
 */
export function setTransport(transport: Transport | undefined): void {
  current = transport ?? api
}

/** An entry of the endpoint table, as callEndpoint takes it. */
type Entry = Parameters<typeof callEndpoint>[1]

/** A call of the endpoint table (src/api/endpoint.ts) through the app's transport. */
export function call<const E extends Entry>(
  endpoint: E,
  input: EndpointInput<E>,
  options: Pick<RequestOptions, 'timeoutMs' | 'retry' | 'signal'> = {},
): Promise<EndpointAnswer<E>> {
  return callEndpoint(current, endpoint, input, options)
}
