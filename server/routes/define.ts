// Routes are registered from the endpoint table (server/contract/endpoints.ts): the table gives the
// method, path, scope and schemas, so a route module only says what the call does. Every path parameter
// is an id, validated by the schema made from the path and handed to the handler as a number (or a text
// parameter, such as an invoice's UUID, as a string); the scope's
// hook (access/scopes.ts) has checked access before the handler runs and hands it what it found.
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify'
import { Type, type Static, type TSchema } from 'typebox'
import {
  ID_PARAM_PATTERN,
  isTextParam,
  pathParamNames,
  TEXT_PARAM_PATTERNS,
  type Endpoint,
  type PathParams,
} from '../contract/endpoints.ts'
import { accessOf, scopeHook, type ScopeAccess } from '../access/scopes.ts'

type Schema<T> = T extends TSchema ? Static<T> : undefined

export interface RouteInput<E extends Endpoint> {
  params: PathParams<E['path']>
  query: Schema<E['query']>
  body: Schema<E['body']>
  access: ScopeAccess[E['scope']]
  request: FastifyRequest
  reply: FastifyReply
}

/** A success answer: what the response schema says, or an empty object; or the reply, already sent. */
export type RouteOutput<E extends Endpoint> =
  (E['response'] extends TSchema ? Static<E['response']> : Record<string, never>) | FastifyReply

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The entry of the endpoint table a route was registered from. */
    endpoint?: Endpoint
  }
}

const paramsSchemas = new Map<string, TSchema>()

/** The schema of a path's parameters: each an id, or text of its own pattern (TEXT_PARAM_PATTERNS). */
export function paramsSchema(path: string): TSchema | undefined {
  const names = pathParamNames(path)
  if (names.length === 0) return undefined
  let schema = paramsSchemas.get(path)
  if (!schema) {
    schema = Type.Object(
      Object.fromEntries(
        names.map((name) => [
          name,
          Type.String({ pattern: isTextParam(name) ? TEXT_PARAM_PATTERNS[name] : ID_PARAM_PATTERN }),
        ]),
      ),
    )
    paramsSchemas.set(path, schema)
  }
  return schema
}

/** The route's Fastify schema, from its entry: what validates it and what the OpenAPI document shows. */
export function routeSchema(endpoint: Endpoint): FastifySchema {
  const params = paramsSchema(endpoint.path)
  return {
    summary: endpoint.summary,
    tags: [endpoint.scope],
    ...(endpoint.scope === 'device' || endpoint.scope === 'mount'
      ? { security: [{ device_token: [] }] }
      : {}),
    ...(params ? { params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(endpoint.response ? { response: { 200: endpoint.response } } : {}),
  }
}

/** Registers the route of an endpoint entry. */
export function route<const E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: RouteInput<E>) => Promise<RouteOutput<E>>,
): void {
  const names = pathParamNames(endpoint.path)
  const hook = scopeHook(endpoint)
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: routeSchema(endpoint),
    config: { endpoint },
    ...(hook ? { preHandler: hook } : {}),
    handler: async (request, reply) => {
      const raw = request.params as Record<string, string>
      const params = Object.fromEntries(
        names.map((name) => [name, isTextParam(name) ? raw[name] : Number(raw[name])]),
      )
      return handler({
        params: params as RouteInput<E>['params'],
        query: request.query as RouteInput<E>['query'],
        body: request.body as RouteInput<E>['body'],
        access: accessOf(request, endpoint.scope) as RouteInput<E>['access'],
        request,
        reply,
      })
    },
  })
}
