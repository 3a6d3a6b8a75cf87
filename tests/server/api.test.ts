import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PlanListResponse } from '../../server/contract/plan.ts'
import { databaseKinds } from './helpers/databases.ts'
import { startServer, type TestServer } from './helpers/server.ts'

describe.each(databaseKinds)('API on %s', (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer(kind)
  })
  afterAll(async () => {
    await server?.close()
  })

  it('GET /healthz answers once the database answers', async () => {
    const response = await fetch(`${server.url}/healthz`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok' })
  })

  it('GET /api/1/plan lists the plans with their limits', async () => {
    const response = await fetch(`${server.url}/api/1/plan`)
    expect(response.status).toBe(200)
    const { plan_list } = (await response.json()) as PlanListResponse
    expect(plan_list.map((plan) => plan.plan_id)).toEqual([
      'starter_month',
      'pro_month',
      'business_month',
      'enterprise_month',
    ])
    const byPrefix = Object.fromEntries(plan_list.map((plan) => [plan.plan_id.split('_')[0], plan]))
    const TB = 1024 ** 4
    expect(byPrefix.starter).toMatchObject({
      plan_name: 'Starter',
      plan_frequency: 'MONTH',
      is_self_signup: true,
      max_user_count: 2,
      max_device_count: 2,
      max_storage_bytes: TB,
      retention_days: 3,
      max_org_count: 1,
    })
    expect(byPrefix.pro).toMatchObject({
      max_user_count: 2,
      max_device_count: 4,
      max_storage_bytes: 2 * TB,
      retention_days: 5,
    })
    expect(byPrefix.business).toMatchObject({
      max_user_count: 4,
      max_device_count: 8,
      max_storage_bytes: 10 * TB,
      retention_days: 14,
    })
    expect(byPrefix.enterprise).toMatchObject({
      is_self_signup: false,
      max_user_count: null,
      max_device_count: null,
      max_storage_bytes: null,
      retention_days: null,
    })
    for (const plan of plan_list) {
      expect(plan.display_price).not.toBe('')
      expect(plan.description).not.toBe('')
    }
  })

  it('answers unknown API paths with a JSON 404, never the app shell', async () => {
    for (const path of ['/api/1/nothing', '/web/1/nothing', '/org_admin/1/nothing', '/storage/nothing']) {
      const response = await fetch(`${server.url}${path}`)
      expect(response.status, path).toBe(404)
      expect(await response.json()).toEqual({ error: 'not_found' })
    }
  })

  it('sets the security headers on every answer', async () => {
    for (const path of ['/healthz', '/api/1/plan', '/api/1/nothing']) {
      const response = await fetch(`${server.url}${path}`)
      expect(response.headers.get('referrer-policy')).toBe('no-referrer')
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      const csp = response.headers.get('content-security-policy') ?? ''
      expect(csp).toContain("default-src 'self'")
      expect(csp).toContain("frame-ancestors 'none'")
    }
  })

  it('never writes the session key to the log', async () => {
    const secret = 'secret-session-key-7f3a9c'
    await fetch(`${server.url}/api/1/plan?session_key=${secret}`)
    await fetch(`${server.url}/api/1/nothing?session_key=${secret}&x=1`)
    const logText = server.logs.join('')
    expect(logText).toContain('"route":"/api/1/plan"')
    expect(logText).not.toContain(secret)
    expect(logText).not.toContain('session_key')
  })
})
