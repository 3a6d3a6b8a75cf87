// The API's OpenAPI document (issue 10): generated from the schemas the routes register with, it names
// every call of the endpoint table, with its method and the schemas of its parameters and body.
import { describe, expect, it } from 'vitest'
import { pathParamNames } from '../../server/contract/endpoints.ts'
import { endpoints } from '../../server/contract/endpointSchemas.ts'
import { databaseKinds } from './helpers/databases.ts'
import { callEndpoint } from './helpers/endpoint.ts'
import { useServer } from './helpers/suite.ts'

interface OpenApiOperation {
  summary?: string
  parameters?: Array<{ name: string; in: string; required?: boolean }>
  requestBody?: unknown
  security?: Array<Record<string, string[]>>
}

interface OpenApiDocument {
  openapi: string
  info: { title: string; version: string }
  paths: Record<string, Record<string, OpenApiOperation>>
  components: { securitySchemes: Record<string, { type: string; scheme?: string }> }
}

/** '/api/1/org/:org_id' as OpenAPI writes it: '/api/1/org/{org_id}'. */
const openApiPath = (path: string) => path.replace(/:([a-z][a-z0-9_]*)/g, '{$1}')

describe.each(databaseKinds)('OpenAPI document on %s', (kind) => {
  const suite = useServer(kind)

  it('describes every call of the endpoint table', async () => {
    const answer = await callEndpoint(suite.url, endpoints.openApi, {})
    expect(answer.status).toBe(200)
    const document = answer.body as unknown as OpenApiDocument
    expect(document.openapi).toMatch(/^3\./)
    expect(document.info.version).toBe('1')
    const missing: string[] = []
    for (const [name, endpoint] of Object.entries(endpoints)) {
      const operation = document.paths[openApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()]
      if (!operation) {
        missing.push(`${name}: ${endpoint.method} ${endpoint.path}`)
        continue
      }
      expect(operation.summary, name).toBe(endpoint.summary)
      const pathParams = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path')
      expect(pathParams.map((parameter) => parameter.name).sort(), name).toEqual(
        pathParamNames(endpoint.path).sort(),
      )
      expect(operation.requestBody !== undefined, name).toBe('body' in endpoint)
      // The device protocol's calls carry a device's token, every other call the session key.
      if (endpoint.scope === 'device' || endpoint.scope === 'mount') {
        expect(operation.security, name).toEqual([{ device_token: [] }])
      } else {
        expect(operation.security, name).toBeUndefined()
      }
    }
    expect(document.components.securitySchemes.device_token).toEqual({ type: 'http', scheme: 'bearer' })
    expect(missing).toEqual([])
    // Nothing but the API: the store's signed URLs are not in it.
    expect(
      Object.keys(document.paths).filter(
        (path) =>
          !path.startsWith('/api/') &&
          !path.startsWith('/web/') &&
          !path.startsWith('/org_admin/') &&
          !path.startsWith('/device/') &&
          !path.startsWith('/s/1/') &&
          path !== '/healthz' &&
          path !== '/readyz',
      ),
    ).toEqual([])
  })
})
