import { describe, expect, it } from 'vitest'
import { isAppPath } from '../../server/contract/paths.ts'

describe('isAppPath', () => {
  it.each(['/', '/home', '/home/grant/a/b/', '/volume/3/audit', '/org/app', '/admin/user/7', '/webinar'])(
    '%s is an app route',
    (path) => expect(isAppPath(path)).toBe(true),
  )

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
  ])('%s belongs to the API, storage or downloads', (path) => expect(isAppPath(path)).toBe(false))
})
