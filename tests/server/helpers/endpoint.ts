// Calls by the endpoint table (server/contract/endpoints.ts), as the console makes them: the entry gives
// the method and path (its parameters filled by src/api/endpoint.ts), its schemas the types of the
// parameters, query, body and answer. A test then cannot name a path the server does not have.
import type { Call } from '../../../server/contract/endpoints.ts'
import type { ErrorCode } from '../../../server/contract/errorCodes.ts'
import { endpointPath, type EndpointAnswer, type EndpointInput } from '../../../src/api/endpoint.ts'
import { call, type Answer } from './http.ts'

/** What a refused call answers: its code, and the limit it quotes when there is one. */
export interface ErrorBody {
  error: ErrorCode
  limit?: number
  message?: string
}

/** A call of any entry, its values untyped (what the generated tests build from the table at run time). */
export interface EndpointCall {
  params?: Readonly<Record<string, number | string>>
  query?: Readonly<Record<string, string | number | boolean | undefined>>
  body?: unknown
  /** The session key, sent as the query value session_key. */
  key?: string
  /** A device's token, sent as `Authorization: Bearer` (the device and mount scopes). */
  token?: string
}

/** The path and query of a call: '/api/1/org/7/volume?x=1'. */
export function endpointUrl(endpoint: Call, input: Pick<EndpointCall, 'params' | 'query'>): string {
  const path = endpointPath(endpoint.path, input.params)
  const query = new URLSearchParams()
  for (const [name, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined) query.set(name, String(value))
  }
  const search = query.toString()
  return search ? `${path}?${search}` : path
}

/** Makes the call of an entry with values checked at run time only. */
export function requestEndpoint(
  url: string,
  endpoint: Call,
  input: EndpointCall = {},
): Promise<Answer<unknown>> {
  return call<unknown>(url, endpoint.method, endpointUrl(endpoint, input), {
    ...(input.key !== undefined ? { key: input.key } : {}),
    ...(input.token !== undefined ? { bearer: input.token } : {}),
    ...(input.body !== undefined ? { body: input.body } : {}),
  })
}

/** What a test sends: the entry's parameters, query and body as the console's calls type them, and a key. */
export type EndpointCallInput<E extends Call> = EndpointInput<E> & { key?: string; token?: string }

/**
 * Makes the call of an entry: `callEndpoint(url, endpoints.volumeUpdate, { params: { org_id, volume_id },
 * body: { volume_name }, key })`. Answers the status and the body, typed as a success; a refusal's body is
 * an ErrorBody (compare it with toEqual).
 */
export async function callEndpoint<const E extends Call>(
  url: string,
  endpoint: E,
  input: EndpointCallInput<E>,
): Promise<Answer<EndpointAnswer<E>>> {
  return (await requestEndpoint(url, endpoint, input as EndpointCall)) as Answer<EndpointAnswer<E>>
}

/** The answer of a refusal, as tests compare it: `refusal(402, 'max_user_count', 2)`. */
export function refusal(status: number, error: ErrorCode, limit?: number): Answer<ErrorBody> {
  return { status, body: limit === undefined ? { error } : { error, limit } }
}
