// The container screens of specification 001 (src/lib/grants.ts and the routes under /volume): the
// prefix as sent, finding a container by its address, the holder lists cut at five, the overlap
// preview's words, the deletion's confirmation lines; and, over the real route tree and a fake server,
// who reaches which screen ('Page not found' inside the layout for a member or an unknown container).
import { answering, forgetSession, loadRoute } from './routeTreeHarness.ts'
import { afterEach, describe, expect, it } from 'vitest'
import type { MediaGrant, Volume } from '../../server/contract/volume.ts'
import type { Transport } from '../../src/api/transport.ts'
import {
  filesUnderText,
  findGrantByName,
  grantHoldings,
  holderName,
  permissionListText,
  statusText,
  storedPrefix,
  withTrailingSlash,
} from '../../src/lib/grants.ts'
import { org } from './orgFixture.ts'

function grant(media_grant_id: number, grant_name: string, volume_id = 1): MediaGrant {
  return {
    media_grant_id,
    grant_name,
    volume_id,
    volume_name: `Volume ${volume_id}`,
    prefix_path: `/${grant_name.toLowerCase()}/`,
    is_disabled: 0,
    last_seen: null,
    user_list: [],
    device_list: [],
  }
}

describe('the prefix as sent', () => {
  it('gets its trailing slash when it lacks one, and keeps the one it has', () => {
    expect(withTrailingSlash('projects')).toBe('projects/')
    expect(withTrailingSlash('/projects/')).toBe('/projects/')
    expect(withTrailingSlash('/')).toBe('/')
    // What the server stores: typing 'foo' for a saved '/foo/' is no change.
    expect(storedPrefix('foo')).toBe('/foo/')
    expect(storedPrefix(' //a//b ')).toBe('/a/b/')
    expect(storedPrefix('/')).toBe('/')
  })
})

describe('a container by its address', () => {
  const grants = [grant(1, 'Projects'), grant(2, 'Other', 2)]
  it('is found by volume and name without regard to case', () => {
    expect(findGrantByName(grants, 1, 'projects')?.media_grant_id).toBe(1)
    expect(findGrantByName(grants, 1, 'PROJECTS')?.media_grant_id).toBe(1)
  })
  it('is not found on another volume, or by another name', () => {
    expect(findGrantByName(grants, 2, 'Projects')).toBeUndefined()
    expect(findGrantByName(grants, 1, 'Project')).toBeUndefined()
  })
})

describe('a permission list cell', () => {
  it('names up to five, then an ellipsis; nothing for none', () => {
    expect(permissionListText([])).toBe('')
    expect(permissionListText(['a', 'b', 'c', 'd', 'e'])).toBe('a, b, c, d, e')
    expect(permissionListText(['a', 'b', 'c', 'd', 'e', 'f'])).toBe('a, b, c, d, e, …')
  })
  it('names a holder by user name, else by e-mail', () => {
    expect(holderName({ user_name: 'ann', email: 'ann@example.com' })).toBe('ann')
    expect(holderName({ user_name: null, email: 'bob@example.com' })).toBe('bob@example.com')
    expect(holderName({ user_name: '', email: 'bob@example.com' })).toBe('bob@example.com')
  })
  it('reads the state of the wire (0 or 1)', () => {
    expect(statusText(0)).toBe('Enabled')
    expect(statusText(1)).toBe('Disabled')
  })
})

describe('the overlap preview', () => {
  it('counts the files and bytes already under the path', () => {
    expect(filesUnderText({ file_count: 0, total_bytes: 0 })).toBe('No files are under this path yet.')
    expect(filesUnderText({ file_count: 1, total_bytes: 5 })).toBe('1 file (5 B) already under this path.')
    expect(filesUnderText({ file_count: 1200, total_bytes: 2048 })).toBe(
      '1,200 files (2.000 KB) already under this path.',
    )
  })
})

describe('the confirmation of a deletion', () => {
  it('lists who holds the container and what mounts it', () => {
    expect(
      grantHoldings({
        user_list: [
          { user_id: 1, user_name: 'ann', email: 'ann@example.com' },
          { user_id: 2, user_name: null, email: 'bob@example.com' },
        ],
        device_list: [{ device_id: 3, device_name: 'Edit Bay', is_disabled: 0 }],
      }),
    ).toEqual(['User: ann (ann@example.com)', 'User: bob@example.com', 'Device: Edit Bay'])
    expect(grantHoldings({ user_list: [], device_list: [] })).toEqual([])
  })
})

function volume(volume_id: number): Volume {
  return {
    volume_id,
    volume_name: `Volume ${volume_id}`,
    is_disabled: false,
    is_user_volume: false,
    min_expire_size: 0,
    live_expire_days: 0,
    dead_expire_days: 3,
  }
}

/** One organization with volume 1 and its container 'Projects'; the user is its admin or a member. */
function fakeApi(isAdmin: boolean): Transport {
  const answers: Array<[RegExp, unknown]> = [
    [/^\/api\/1\/config/, { domain_prefix: null, stripe_publishable_key: null }],
    [
      /^\/api\/1\/user\/current$/,
      {
        user: { user_id: 1, user_name: null, email: 'one@example.com' },
        org_list: [org(1, { is_admin: isAdmin })],
      },
    ],
    [/^\/web\/1\/org\/1\/media_grant$/, { media_grant_list: [] }],
    [/^\/org_admin\/1\/org\/1\/media_grant$/, { media_grant_list: [grant(1, 'Projects')] }],
    [/^\/api\/1\/org\/1\/volume$/, { volume_list: [volume(1)] }],
    [/^\/api\/1\/org\/1\/user$/, { user_list: [] }],
  ]
  return answering(answers)
}

async function load(path: string, isAdmin = true) {
  return loadRoute(path, fakeApi(isAdmin))
}

afterEach(forgetSession)

describe('the container screens', () => {
  it('open for an admin, the container found without regard to case', async () => {
    expect(await load('/volume/permission')).toMatchObject({
      notFoundAt: undefined,
      leaf: '/_app/_admin/volume/permission',
      status: 'success',
    })
    expect(await load('/volume/1/permission')).toMatchObject({
      notFoundAt: undefined,
      leaf: '/_app/_admin/volume/$volumeId/permission',
      status: 'success',
    })
    expect(await load('/volume/1/grant/projects')).toMatchObject({
      notFoundAt: undefined,
      leaf: '/_app/_admin/volume/$volumeId_/grant/$grantName',
      status: 'success',
    })
  })

  it('are not found inside the layout for a member', async () => {
    for (const path of ['/volume/permission', '/volume/1/permission', '/volume/1/grant/Projects'])
      expect(await load(path, false), path).toMatchObject({ notFoundAt: '/_app' })
  })

  it('are not found for a volume or container the organization does not have', async () => {
    for (const path of [
      '/volume/9/permission',
      '/volume/x/permission',
      '/volume/1/grant/Nobody',
      '/volume/2/grant/Projects',
    ])
      expect(await load(path), path).toMatchObject({ notFoundAt: '/_app' })
  })
})
