// The error contract every route shares: a status and {"error": "<snake_case_code>"}, with the limit a
// code quotes. Routes added here stand in for the domain routes that throw these errors.
import { Type } from 'typebox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app.ts'
import { loadConfig } from '../../server/config.ts'
import { HttpError } from '../../server/errors.ts'
import { freshDatabase, type FreshDatabase } from './helpers/databases.ts'

describe('error answers', () => {
  let app: FastifyInstance
  let database: FreshDatabase
  beforeAll(async () => {
    database = await freshDatabase('pglite')
    app = await buildApp({ config: loadConfig({ DATA_DIR: database.dataDir, LOG_LEVEL: 'silent' }) })
    app.get('/api/1/limited', async () => {
      throw new HttpError(402, 'max_device_count', 2)
    })
    app.get('/api/1/conflict', async () => {
      throw new HttpError(409, 'used_grant_name')
    })
    app.get('/api/1/broken', async () => {
      throw new Error('database exploded: password=hunter2')
    })
    app.post(
      '/api/1/echo',
      { schema: { body: Type.Object({ org_name: Type.String({ minLength: 1 }) }) } },
      async (request) => request.body,
    )
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await database?.drop()
  })

  it('answers a spec error with its code and the limit it quotes', async () => {
    const response = await app.inject('/api/1/limited')
    expect(response.statusCode).toBe(402)
    expect(response.json()).toEqual({ error: 'max_device_count', limit: 2 })
    expect((await app.inject('/api/1/conflict')).json()).toEqual({ error: 'used_grant_name' })
  })

  it('refuses a body that fails its schema', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/1/echo', payload: { org_name: '' } })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ error: 'invalid_request' })
  })

  it('refuses unparsable JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/1/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"org_name":',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ error: 'invalid_request' })
  })

  it('hides the detail of an unexpected failure', async () => {
    const response = await app.inject('/api/1/broken')
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({ error: 'internal_error' })
    expect(response.body).not.toContain('hunter2')
  })
})
