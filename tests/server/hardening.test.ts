// Requests an attacker would send: bad input answers a clear 4xx and changes nothing, races answer their 409,
// answers are never cached, secrets never reach the log, stalled transfers are cut, and one file planned by
// several clients at once is one upload.
import fs from 'node:fs/promises'
import http from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MultipartResponse } from '../../server/contract/media.ts'
import { buildApp } from '../../server/app.ts'
import { loadConfig } from '../../server/config.ts'
import { compositeSha256Hex } from '../../server/storage/checksums.ts'
import type { LocalStore } from '../../server/storage/local.ts'
import { readyOrg, signUp, uniqueEmail } from './helpers/accounts.ts'
import { databaseKinds, freshDatabase } from './helpers/databases.ts'
import { call, callWithHeaders } from './helpers/http.ts'
import { startMailbox, type Mailbox } from './helpers/mailbox.ts'
import { grantedOrg, hashOf } from './helpers/media.ts'
import { startServer, type TestServer } from './helpers/server.ts'
import { useServer } from './helpers/suite.ts'

const MiB = 1024 * 1024

/** A multipart file of 16 MiB + 1 byte (parts of 16 MiB and 1 byte), with made-up part digests. */
function multipartPlan(label: string) {
  const parts = [
    { part_num: 1, part_hash: hashOf(`${label} 1`), part_size: 16 * MiB },
    { part_num: 2, part_hash: hashOf(`${label} 2`), part_size: 1 },
  ]
  return {
    file_hash: compositeSha256Hex(parts.map((part) => part.part_hash)),
    file_size: 16 * MiB + 1,
    part_list: parts,
  }
}

/** A signed URL (made for PUBLIC_URL) on the test server's own address. */
function onServer(signedUrl: string, serverUrl: string): string {
  const url = new URL(signedUrl)
  return new URL(`${url.pathname}${url.search}`, serverUrl).href
}

/** Counts the rows of every table the requests below could change. */
async function rowCounts(server: TestServer): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const table of [
    'app_user',
    'org',
    'org_user',
    'volume',
    'media_grant',
    'media',
    'media_dir',
    'stored_object',
  ]) {
    const [row] = await server.app.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${table}`)
    counts[table] = row?.count ?? -1
  }
  return counts
}

describe.each(databaseKinds)('hardening on %s', (kind) => {
  const suite = useServer(kind)
  const client = () => ({ url: suite.url, mailbox: suite.mailbox })

  it('answers 400 for a NUL byte anywhere, before any query', async () => {
    const org = await readyOrg(client(), 'Nul')
    const before = await rowCounts(suite.server)
    const cases: Array<[string, 'POST', string, unknown]> = [
      ['email_code', 'POST', '/api/1/user/email_code', { email: 'a\u0000@example.com', signup: true }],
      [
        'email_login',
        'POST',
        '/api/1/user/email_login',
        { email: 'a\u0000@example.com', login_code: '123456' },
      ],
      ['org create', 'POST', '/api/1/org', { org_name: 'Nul\u0000Org' }],
      ['org update', 'POST', `/api/1/org/${org.orgId}`, { org_name: 'Nul\u0000Org' }],
      ['plan', 'POST', `/api/1/org/${org.orgId}/plan`, { plan_id: 'pro\u0000month' }],
      ['user name', 'POST', '/api/1/user/current', { user_name: 'nul\u0000name' }],
    ]
    for (const [name, method, route, body] of cases) {
      const answer = await call(suite.url, method, route, { key: org.key, body })
      expect(answer, name).toEqual({ status: 400, body: { error: 'invalid_request' } })
    }
    expect(await rowCounts(suite.server)).toEqual(before)
  })

  it('refuses sizes and times no file can have, and values of the wrong type, with 400', async () => {
    const org = await grantedOrg(suite, 'Bounds')
    const register = (fields: Record<string, unknown>) =>
      call(suite.url, 'POST', `${org.base}/media`, {
        key: org.key,
        body: { media_path: 'bounds.bin', file_size: 1, file_hash: hashOf('bounds'), ...fields },
      })
    const before = await rowCounts(suite.server)
    for (const file_size of [1e308, 9223372036854775808, -1, 1.5, null, '1', true]) {
      expect((await register({ file_size })).status, `file_size ${String(file_size)}`).toBe(400)
    }
    for (const time of [1e308, -1e308, 2 ** 63, -(2 ** 63), 1.5, '0']) {
      expect((await register({ ctime: time })).status, `ctime ${String(time)}`).toBe(400)
      expect((await register({ mtime: time })).status, `mtime ${String(time)}`).toBe(400)
    }
    expect(
      (await call(suite.url, 'POST', '/api/1/org', { key: org.key, body: { org_name: 123 } })).status,
    ).toBe(400)
    expect(
      (await call(suite.url, 'POST', `${org.base}/dir`, { key: org.key, body: { prefix_path: null } }))
        .status,
    ).toBe(400)
    expect(await rowCounts(suite.server)).toEqual(before)
    // The bounds are the whole range of real files: years 1 to 9999, and every size up to the largest.
    expect((await register({ ctime: -62_135_596_800_000, mtime: 253_402_300_799_999 })).status).toBe(200)
  })

  it('answers a multipart plan or completion of an impossible size at once, and keeps serving', async () => {
    const org = await grantedOrg(suite, 'Huge')
    const part = { part_num: 1, part_hash: hashOf('part'), part_size: 8 * MiB }
    for (const file_size of [1e18, 2 ** 63, 1e308]) {
      for (const route of ['multipart', 'multipart_complete']) {
        const started = Date.now()
        const answer = await call(suite.url, 'POST', `${org.base}/${route}`, {
          key: org.key,
          body: { file_hash: hashOf('huge'), file_size, part_list: [part], upload_id: 'x', s3_bucket_id: 0 },
        })
        expect(answer.status, `${route} ${file_size}`).toBe(400)
        expect(Date.now() - started).toBeLessThan(2000)
      }
    }
    // A size within bounds with a part list that does not match it is refused before any plan is made.
    const answer = await call(suite.url, 'POST', `${org.base}/multipart`, {
      key: org.key,
      body: { file_hash: hashOf('huge'), file_size: 5 * 1024 ** 4, part_list: [part] },
    })
    expect(answer).toEqual({ status: 400, body: { error: 'invalid_parts' } })
    expect((await call(suite.url, 'GET', '/healthz')).status).toBe(200)
  })

  it('answers 409 to every creation but one of the same name at once', async () => {
    const name = `Race ${Date.now().toString(36)}`
    const keys = await Promise.all(Array.from({ length: 10 }, () => signUp(client(), uniqueEmail('race'))))
    const orgs = await Promise.all(
      keys.map((key) => call(suite.url, 'POST', '/api/1/org', { key, body: { org_name: name } })),
    )
    expect(orgs.map((answer) => answer.status).sort()).toEqual([200, ...Array<number>(9).fill(409)])
    expect(orgs.filter((answer) => answer.status === 409).map((answer) => answer.body)).toEqual(
      Array(9).fill({ error: 'used_org_name' }),
    )

    const userName = `racer_${Date.now().toString(36)}`
    const names = await Promise.all(
      keys.map((key) =>
        call(suite.url, 'POST', '/api/1/user/current', { key, body: { user_name: userName } }),
      ),
    )
    expect(names.map((answer) => answer.status).sort()).toEqual([200, ...Array<number>(9).fill(409)])
    expect(
      new Set(names.filter((answer) => answer.status === 409).map((answer) => answer.body.error)),
    ).toEqual(new Set(['used_user_name']))

    const admins = await Promise.all(
      Array.from({ length: 10 }, (_, index) => readyOrg(client(), `Prefix${index}`)),
    )
    const prefix = `race-${Date.now().toString(36)}`
    const prefixes = await Promise.all(
      admins.map((admin) =>
        call(suite.url, 'POST', `/api/1/org/${admin.orgId}`, {
          key: admin.key,
          body: { domain_prefix: prefix },
        }),
      ),
    )
    expect(prefixes.map((answer) => answer.status).sort()).toEqual([200, ...Array<number>(9).fill(409)])
    expect(
      new Set(prefixes.filter((answer) => answer.status === 409).map((answer) => answer.body.error)),
    ).toEqual(new Set(['used_domain_prefix']))
  })

  it('shares one upload among plans of one file made at once', async () => {
    const org = await grantedOrg(suite, 'Plans')
    const plan = multipartPlan(`plans ${Date.now()}`)
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call<MultipartResponse>(suite.url, 'POST', `${org.base}/multipart`, { key: org.key, body: plan }),
      ),
    )
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200])
    const uploadIds = new Set(answers.map((answer) => answer.body.upload_id))
    expect(uploadIds.size).toBe(1)
    const uploads = await fs.readdir(path.join(suite.server.database.dataDir, 'uploads'))
    expect(uploads.filter((name) => uploadIds.has(name))).toHaveLength(1)
    expect(uploads).toHaveLength(1)
  })

  it('marks every API answer no-store, errors and unknown paths included', async () => {
    const org = await grantedOrg(suite, 'Cache')
    for (const [method, route, key] of [
      ['GET', '/api/1/user/current', org.key],
      ['GET', '/api/1/user/current', undefined],
      ['GET', `${org.base}/dir?prefix_path=/`, org.key],
      ['GET', '/api/1/plan', undefined],
      ['GET', '/api/1/nothing-here', undefined],
      ['GET', '/healthz', undefined],
      ['POST', '/api/1/user/email_login', undefined],
    ] as const) {
      const answer = await callWithHeaders(suite.url, method, route, {
        ...(key ? { key } : {}),
        ...(method === 'POST' ? { body: { email: 'x@example.com', login_code: '1' } } : {}),
      })
      expect(answer.headers['cache-control'], `${method} ${route}`).toBe('no-store')
    }
  })

  it('logs a signed PUT that the client cut off (a reload, a closed tab) at info, not as an error', async () => {
    const store = suite.server.app.store as LocalStore
    const fileHash = hashOf('cut off')
    const signed = await store.signPut({ orgId: 1, fileHash }, { sha256Hex: fileHash, size: 1024 }, 60)
    const fromLine = suite.server.logs.length
    await new Promise<void>((resolve) => {
      const request = http.request(onServer(signed.url, suite.url), {
        method: 'PUT',
        headers: { 'content-length': 1024 },
      })
      request.on('error', () => resolve())
      request.write(Buffer.alloc(100), () => setTimeout(() => request.destroy(), 50))
      request.on('close', () => resolve())
    })
    const linesOfPut = async () =>
      suite.server.logs
        .slice(fromLine)
        .map((line) => JSON.parse(line) as { level: number; msg: string; request?: { route: string } })
        .filter((line) => line.request?.route.startsWith('/storage/object/'))
    await expect.poll(linesOfPut).toHaveLength(1)
    const [line] = await linesOfPut()
    expect(line).toMatchObject({ level: 30, msg: 'cut off by the client' })
    expect(suite.server.logs.slice(fromLine).some((text) => JSON.parse(text).level >= 50)).toBe(false)
    await expect
      .poll(async () => (await fs.readdir(store.tempDir)).filter((name) => name.endsWith('.incoming')))
      .toEqual([])
  })

  it('logs routes and ids, never a query string or a key sent under any name', async () => {
    const org = await grantedOrg(suite, 'Logs')
    const secret = org.key
    for (const name of ['session_key[]', 'Session_Key', 'session_key.x', 'session_key']) {
      await new Promise<void>((resolve, reject) => {
        const url = `${suite.url}${org.base}/dir?prefix_path=%2F&${encodeURIComponent(name)}=${secret}`
        http.get(url, (response) => response.resume().on('end', resolve)).on('error', reject)
      })
    }
    await call(suite.url, 'GET', '/api/1/nothing-here?session_key=' + secret)
    const logs = suite.server.logs.join('')
    expect(logs).not.toContain(secret)
    expect(logs).not.toContain('prefix_path')
    expect(logs).toContain('/web/1/org/:org_id/media_grant/:media_grant_id/dir')
    expect(logs).toContain(`"org_id":"${org.orgId}"`)
  })
})

describe.each(databaseKinds)('limits and timeouts of a server on its defaults, on %s', (kind) => {
  let server: TestServer
  let mailbox: Mailbox
  beforeAll(async () => {
    mailbox = await startMailbox()
    // No setting names a proxy or exempts anyone: as a new install runs.
    server = await startServer(kind, {
      env: { SMTP_URL: mailbox.url, TRUSTED_PROXIES: '', RATE_LIMIT_EXEMPT: '', IDLE_TIMEOUT_SECONDS: '1' },
    })
  })
  afterAll(async () => {
    await server?.close()
    await mailbox?.close()
  })

  it('counts callers on loopback, and believes no X-Forwarded-For', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 21; i++) {
      const answer = await call(server.url, 'POST', '/api/1/user/email_code', {
        body: { email: uniqueEmail('loop'), signup: true },
        // A new address each time, which a trusting server would count apart.
        forwardedFor: `198.51.100.${i + 1}`,
      })
      statuses.push(answer.status)
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true)
    expect(statuses[20]).toBe(412)
  })

  it('closes a signed PUT that stalls, and keeps none of its bytes', async () => {
    const store = server.app.store as LocalStore
    const fileHash = hashOf('stalled')
    const signed = await store.signPut({ orgId: 1, fileHash }, { sha256Hex: fileHash, size: 1024 }, 60)
    const started = Date.now()
    const outcome = await new Promise<string>((resolve) => {
      const request = http.request(onServer(signed.url, server.url), {
        method: 'PUT',
        headers: { 'content-length': 1024 },
      })
      request.on('response', (response) => resolve(`answered ${response.statusCode}`))
      request.on('error', () => resolve('closed'))
      request.write(Buffer.alloc(100))
      // ...and nothing more: the link died.
    })
    expect(outcome).toBe('closed')
    expect(Date.now() - started).toBeLessThan(10_000)
    await expect
      .poll(async () => (await fs.readdir(store.tempDir)).filter((name) => name.endsWith('.incoming')))
      .toEqual([])
    expect(await store.head({ orgId: 1, fileHash })).toBeUndefined()
  })
})

describe('the idle timeout', () => {
  it('spares an API call at work that sends nothing for longer than the timeout', async () => {
    const database = await freshDatabase('pglite')
    const config = loadConfig({ DATA_DIR: database.dataDir, IDLE_TIMEOUT_SECONDS: '1', LOG_LEVEL: 'warn' })
    const app = await buildApp({ config, appDir: '/nonexistent-app-dir' })
    // An API call that works 2.5 s before its answer, as a multipart completion of a large file does.
    app.get('/api/1/slow-call', async () => {
      await new Promise((resolve) => setTimeout(resolve, 2500))
      return { done: true }
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    try {
      const address = app.server.address()
      if (!address || typeof address === 'string') throw new Error('no TCP address')
      const url = `http://127.0.0.1:${address.port}`
      expect(await call(url, 'GET', '/api/1/slow-call')).toEqual({ status: 200, body: { done: true } })
      // The timeout is on again after the answer: the server still serves the next call.
      expect((await call(url, 'GET', '/healthz')).status).toBe(200)
    } finally {
      const closing = app.close()
      app.server.closeAllConnections()
      await closing
      await database.drop()
    }
  })
})
