import { describe, expect, it } from 'vitest'
import { isAppPath } from '../../server/contract/paths.ts'

describe('isAppPath', () => {
  it.each([
    '/',
    '/home',
    '/home/grant/a/b/',
    '/volume/3/audit',
    '/org/app',
    '/admin/user/7',
    '/webinar',
    '/s/Ab3_x-9',
  ])('%s is an app route', (path) => expect(isAppPath(path)).toBe(true))

  it.each([
    '/api/1/plan',
    '/web/1/org/1/media_grant',
    '/org_admin/1/org/1/app',
    '/storage/x',
    '/healthz',
    '/readyz',
    '/metrics',
    '/api',
    '/downloads/media-agent.mjs',
    '/s/1/Ab3_x-9/media/4/download_url',
  ])('%s belongs to the API, storage or downloads', (path) => expect(isAppPath(path)).toBe(false))
})
