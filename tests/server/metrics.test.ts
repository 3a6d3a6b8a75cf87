// /metrics on a real server over HTTP: off by default (404, nothing counted); with METRICS_TOKEN, refused
// without the token; a request shows up under its route pattern, never its URL; an object the local store
// received in its figures; listings in the cache's.
import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UploadResponse } from '../../server/contract/media.ts'
import { METRIC_NAMES } from '../../server/metrics.ts'
import { databaseKinds } from './helpers/databases.ts'
import { call } from './helpers/http.ts'
import { grantedOrg } from './helpers/media.ts'
import { sha256Hex } from './helpers/objects.ts'
import { startServer, type TestServer } from './helpers/server.ts'
import { useServer } from './helpers/suite.ts'

const TOKEN = crypto.randomBytes(24).toString('hex')

const readMetrics = (url: string, authorization?: string) =>
  fetch(`${url}/metrics`, authorization ? { headers: { authorization } } : {})

/** The value of one series of the exposition ('name{labels} value'), or undefined when it is absent. */
function seriesValue(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([label, value]) => `${label}="${value}"`)
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)\{([^}]*)\} (\S+)$/.exec(line)
    if (!match || match[1] !== name) continue
    const given = (match[2] ?? '').split(',')
    if (wanted.every((pair) => given.includes(pair))) return Number(match[3])
  }
  return undefined
}

describe.each(databaseKinds)('metrics on %s', (kind) => {
  describe('without METRICS_TOKEN', () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer(kind)
    })
    afterAll(async () => {
      await server?.close()
    })

    it('answers /metrics 404, as any unknown API path, and counts nothing', async () => {
      const answer = await readMetrics(server.url, `Bearer ${TOKEN}`)
      expect(answer.status).toBe(404)
      expect(await answer.json()).toEqual({ error: 'not_found' })
      expect(server.app.metrics).toBeUndefined()
    })
  })

  describe('with METRICS_TOKEN', () => {
    const suite = useServer(kind, { METRICS_TOKEN: TOKEN })

    it('refuses /metrics without the token, or with another', async () => {
      for (const authorization of [
        undefined,
        `Bearer ${TOKEN.slice(1)}`,
        `Bearer ${TOKEN}x`,
        `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}`,
        TOKEN,
      ]) {
        const answer = await readMetrics(suite.url, authorization)
        expect(answer.status, authorization).toBe(401)
        expect(answer.headers.get('www-authenticate')).toBe('Bearer')
        expect(await answer.json()).toEqual({ error: 'invalid_metrics_token' })
      }
    })

    it('counts a request and its time under its route pattern, never its URL', async () => {
      const labels = { method: 'GET', route: '/web/1/org/:org_id/media_grant', status_class: '4xx' }
      const before = await (await readMetrics(suite.url, `Bearer ${TOKEN}`)).text()
      const count = seriesValue(before, METRIC_NAMES.requests, labels) ?? 0
      // Refused without a session: a 4xx.
      expect((await call(suite.url, 'GET', '/web/1/org/424242/media_grant')).status).toBe(403)

      const answer = await readMetrics(suite.url, `Bearer ${TOKEN}`)
      expect(answer.status).toBe(200)
      expect(answer.headers.get('content-type')).toContain('text/plain; version=0.0.4')
      const text = await answer.text()
      expect(seriesValue(text, METRIC_NAMES.requests, labels)).toBe(count + 1)
      expect(seriesValue(text, `${METRIC_NAMES.requestSeconds}_count`, labels)).toBe(count + 1)
      expect(seriesValue(text, `${METRIC_NAMES.requestSeconds}_bucket`, { ...labels, le: '+Inf' })).toBe(
        count + 1,
      )
      expect(text).not.toContain('424242')
      // The scrape before this one is counted too.
      expect(
        seriesValue(text, METRIC_NAMES.requests, { method: 'GET', route: '/metrics', status_class: '2xx' }),
      ).toBeGreaterThanOrEqual(1)
      // The pool's figures are PostgreSQL's; PGlite has no pool.
      expect(text.includes(`${METRIC_NAMES.poolConnections} `)).toBe(kind === 'postgres')
      expect(text).toContain(`# TYPE ${METRIC_NAMES.listingCache} counter`)
      expect(text).toContain('process_cpu_seconds_total')
    })

    it("counts the local store's verified bytes, and listings found in the cache", async () => {
      const org = await grantedOrg(suite, 'Metrics')
      const bytes = crypto.randomBytes(3000)
      const ref = { file_hash: sha256Hex(bytes), file_size: bytes.length }
      expect(
        (
          await call(suite.url, 'POST', `${org.base}/media`, {
            key: org.key,
            body: { media_path: '/media/a/b.bin', ...ref },
          })
        ).status,
      ).toBe(200)
      const before = await (await readMetrics(suite.url, `Bearer ${TOKEN}`)).text()
      const received = (name: string) => seriesValue(before, name, { kind: 'object' }) ?? 0
      const signed = await call<UploadResponse>(suite.url, 'POST', `${org.base}/upload`, {
        key: org.key,
        body: { file_list: [ref] },
      })
      const url = signed.body.upload_list[0]?.signed_opts?.url
      expect(url).toBeDefined()
      expect((await fetch(url as string, { method: 'PUT', body: bytes })).status).toBe(200)
      for (let i = 0; i < 2; i++) {
        const listing = await call(
          suite.url,
          'GET',
          `${org.base}/dir?prefix_path=${encodeURIComponent('/media/a/')}`,
          { key: org.key },
        )
        expect(listing.status).toBe(200)
      }

      const after = await (await readMetrics(suite.url, `Bearer ${TOKEN}`)).text()
      expect(seriesValue(after, METRIC_NAMES.receivedBytes, { kind: 'object' })).toBe(
        received(METRIC_NAMES.receivedBytes) + bytes.length,
      )
      expect(seriesValue(after, METRIC_NAMES.receivedUploads, { kind: 'object' })).toBe(
        received(METRIC_NAMES.receivedUploads) + 1,
      )
      expect(
        seriesValue(after, METRIC_NAMES.requests, {
          method: 'PUT',
          route: '/storage/object/:orgId/:hash/:sender',
          status_class: '2xx',
        }),
      ).toBe(1)
      // The second listing of an unchanged folder is the kept one.
      expect(seriesValue(after, METRIC_NAMES.listingCache, { result: 'hit' })).toBeGreaterThanOrEqual(1)
      expect(seriesValue(after, METRIC_NAMES.listingCache, { result: 'miss' })).toBeGreaterThanOrEqual(1)
    })
  })
})
