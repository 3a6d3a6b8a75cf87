// /readyz on a real server over HTTP: ready when its database, migrations and default store answer; not
// ready, naming why, with the local store's directories gone, the newest migration unrecorded, an S3 store
// stopped, and while the process drains (http/drain.ts; the whole drain of a process is drain.test.ts).
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrations } from '../../server/db/migrations/index.ts'
import { READY_CHECK_TIMEOUT_MS } from '../../server/services/readiness.ts'
import { databaseKinds } from './helpers/databases.ts'
import { call, callWithHeaders } from './helpers/http.ts'
import { startS3Server, type TestS3Server } from './helpers/s3Server.ts'
import { startServer, type TestServer } from './helpers/server.ts'

describe.each(databaseKinds)('readiness on %s', (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer(kind)
  })
  afterAll(async () => {
    await server?.close()
  })

  it('answers /readyz 200 when the database, its migrations and the default store answer', async () => {
    const answer = await callWithHeaders(server.url, 'GET', '/readyz')
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ status: 'ok' })
    expect(answer.headers['cache-control']).toBe('no-store')
  })

  it('answers /readyz 503 naming the default store while its directories are gone', async () => {
    const objects = path.join(server.database.dataDir, 'objects')
    await fs.rename(objects, `${objects}.away`)
    try {
      expect(await call(server.url, 'GET', '/readyz')).toEqual({
        status: 503,
        body: { error: 'not_ready', not_ready: ['store'] },
      })
      // Alive all the while: /healthz is about the process and its database.
      expect((await call(server.url, 'GET', '/healthz')).status).toBe(200)
    } finally {
      await fs.rename(`${objects}.away`, objects)
    }
    expect((await call(server.url, 'GET', '/readyz')).status).toBe(200)
  })

  it('answers /readyz 503 naming the migrations when the newest is not recorded', async () => {
    const last = migrations.at(-1)?.id
    const db = server.app.db
    const [row] = await db.query<{ applied_at: string }>(
      'DELETE FROM schema_migration WHERE migration_id = $1 RETURNING applied_at',
      [last],
    )
    expect(row).toBeDefined()
    try {
      expect(await call(server.url, 'GET', '/readyz')).toEqual({
        status: 503,
        body: { error: 'not_ready', not_ready: ['migrations'] },
      })
    } finally {
      await db.query('INSERT INTO schema_migration (migration_id, applied_at) VALUES ($1, $2)', [
        last,
        row?.applied_at,
      ])
    }
    expect((await call(server.url, 'GET', '/readyz')).status).toBe(200)
  })

  // Last in this server's life: a drain is not undone.
  it('answers /readyz 503 while draining, closing each connection after its answer', async () => {
    server.app.drain.start()
    const answer = await callWithHeaders(server.url, 'GET', '/readyz')
    expect(answer.status).toBe(503)
    expect(answer.body).toEqual({ error: 'not_ready', not_ready: ['draining'] })
    expect(answer.headers.connection).toBe('close')
    // Alive while it drains.
    const health = await callWithHeaders(server.url, 'GET', '/healthz')
    expect(health.status).toBe(200)
    expect(health.headers.connection).toBe('close')
  })
})

// The store decides here, not the database: one database kind is enough.
describe('readiness with a default S3 store', () => {
  let s3: TestS3Server | undefined
  let server: TestServer | undefined
  afterAll(async () => {
    await server?.close()
    await s3?.close()
  })

  it('answers /readyz 200 while the bucket answers HeadBucket, 503 naming the store once it is gone', async () => {
    s3 = await startS3Server()
    server = await startServer('pglite', { env: s3.env })
    expect(await call(server.url, 'GET', '/readyz')).toEqual({ status: 200, body: { status: 'ok' } })
    await s3.close()
    s3 = undefined
    const started = Date.now()
    expect(await call(server.url, 'GET', '/readyz')).toEqual({
      status: 503,
      body: { error: 'not_ready', not_ready: ['store'] },
    })
    // Bounded: a store that does not answer costs a load balancer's check no more than the check's limit.
    expect(Date.now() - started).toBeLessThan(READY_CHECK_TIMEOUT_MS + 1_000)
  })
})
