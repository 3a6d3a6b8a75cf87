// Calls by the endpoint table (server/contract/endpoints.ts): the entry gives the method and path, the
// types of its schemas give those of the parameters, query, body and answer, so a call cannot name a path
// the server does not have or send a body it does not take. Transport rules stay in transport.ts.
import type { Static, TSchema } from 'typebox'
import type { Call, CallSchemas, PathParams } from '../../server/contract/endpoints.ts'
import type { RequestOptions, Transport } from './transport.ts'

type SchemaOf<T> = T extends TSchema ? Static<T> : undefined

export type EndpointParams<E extends Call> = PathParams<E['path']>
export type EndpointQuery<E extends Call> = SchemaOf<CallSchemas<E>['query']>
export type EndpointBody<E extends Call> = SchemaOf<CallSchemas<E>['body']>
export type EndpointAnswer<E extends Call> = CallSchemas<E>['response'] extends TSchema
  ? Static<CallSchemas<E>['response']>
  : Record<string, never>

type Part<Key extends string, T> = [T] extends [undefined]
  ? { [K in Key]?: undefined }
  : // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an object whose fields are all optional
    {} extends T
    ? { [K in Key]?: T }
    : { [K in Key]: T }

export type EndpointInput<E extends Call> = Part<'params', EndpointParams<E>> &
  Part<'query', EndpointQuery<E>> &
  Part<'body', EndpointBody<E>>

/** The path of an entry with its parameters filled in. */
export function endpointPath(path: string, params: Readonly<Record<string, number | string>> = {}): string {
  return path.replace(/:([a-z][a-z0-9_]*)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`${path}: no value for :${name}`)
    return encodeURIComponent(String(value))
  })
}

export function callEndpoint<const E extends Call>(
  api: Transport,
  endpoint: E,
  input: EndpointInput<E>,
  options: Pick<RequestOptions, 'timeoutMs' | 'retry' | 'signal'> = {},
): Promise<EndpointAnswer<E>> {
  const { params, query, body } = input as {
    params?: Record<string, number | string>
    query?: Record<string, string | undefined>
    body?: unknown
  }
  return api.request<EndpointAnswer<E>>(endpointPath(endpoint.path, params), {
    method: endpoint.method,
    ...(query ? { query } : {}),
    ...(body !== undefined ? { body } : {}),
    ...options,
  })
}
