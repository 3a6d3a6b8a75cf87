// Every answer carries its request's id, which its log lines carry as reqId: a load balancer's X-Request-Id
// when it is a safe one (http/requestId.ts), else a new UUID.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseKinds } from './helpers/databases.ts'
import { startServer, type TestServer } from './helpers/server.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe.each(databaseKinds)('request ids on %s', (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer(kind)
  })
  afterAll(async () => {
    await server?.close()
  })

  it("answers with the load balancer's id and logs the request under it, an error's answer too", async () => {
    const given = 'a3f9c0de7b1e4f2a9c8d7e6f5a4b3c2d'
    const taken = await fetch(`${server.url}/api/1/plan`, { headers: { 'x-request-id': given } })
    expect(taken.headers.get('x-request-id')).toBe(given)
    const missing = await fetch(`${server.url}/api/1/nothing`, {
      headers: { 'x-request-id': 'lb-7:trace=1' },
    })
    expect(missing.status).toBe(404)
    expect(missing.headers.get('x-request-id')).toBe('lb-7:trace=1')
    const lines = server.logs.map((line) => JSON.parse(line) as { reqId?: string; msg?: string })
    expect(lines.find((line) => line.reqId === given)?.msg).toBe('answered')
  })

  it('makes a new id when the request has none, or one too long, with unsafe characters or given twice', async () => {
    const made = new Set<string>()
    for (const header of [undefined, 'x'.repeat(129), 'a b', 'id\u00e9', '"quoted"', 'a<b>', '']) {
      const answer = await fetch(`${server.url}/healthz`, {
        headers: header === undefined ? {} : { 'x-request-id': header },
      })
      const id = answer.headers.get('x-request-id')
      expect(id, header).toMatch(UUID)
      made.add(id as string)
    }
    expect(made.size).toBe(7)
    // Two headers arrive joined by a comma, which no id holds.
    const twice = new Headers([
      ['x-request-id', 'a'],
      ['x-request-id', 'b'],
    ])
    expect((await fetch(`${server.url}/healthz`, { headers: twice })).headers.get('x-request-id')).toMatch(
      UUID,
    )
    // The longest taken whole.
    const longest = 'x'.repeat(128)
    const kept = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': longest } })
    expect(kept.headers.get('x-request-id')).toBe(longest)
  })
})
