// Where the router answers 'Page not found' (specification 000, section 2): an unknown path, a file its
// directory does not hold, and (to an admin) a container no one has. For a signed-in user it is the signed-in
// area's (src/routes/_app/route.tsx: the layout, the sidebar kept); a visitor without a session gets the
// root's plain page (a known screen still sends them to the login: e2e/shell.spec.ts). The real route tree,
// loaded without rendering, over a fake server.
import { answering, forgetSession, loadRoute } from './routeTreeHarness.ts'
import { afterEach, describe, expect, it } from 'vitest'
import type { DirListResponse, Media } from '../../server/contract/media.ts'
import type { MediaGrant } from '../../server/contract/volume.ts'
import type { Transport } from '../../src/api/transport.ts'
import { org } from './orgFixture.ts'

function grant(media_grant_id: number, grant_name: string): MediaGrant {
  return {
    media_grant_id,
    grant_name,
    volume_id: media_grant_id,
    volume_name: grant_name,
    prefix_path: '/',
    is_disabled: 0,
    last_seen: null,
    user_list: [],
    device_list: [],
  } as unknown as MediaGrant
}

function file(name: string): Media {
  return {
    media_id: 7,
    media_path: `/media/${name}`,
    file_size: 1,
    file_hash: 'h',
    ctime: null,
    mtime: null,
    is_deleted: false,
    media_version_id: 7,
    last_updated: '2026-01-01T00:00:00.000Z',
    last_update_user_id: 1,
    last_update_device_id: null,
    media_kind: 'document',
    thumbnail_state: 'none',
    has_thumbnail: false,
  }
}

/** A server with one organization whose user holds 'Mine'; as admin they also see 'Unheld'. */
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
    [/^\/web\/1\/org\/1\/media_grant$/, { media_grant_list: [grant(1, 'Mine')] }],
    [/^\/org_admin\/1\/org\/1\/media_grant$/, { media_grant_list: [grant(1, 'Mine'), grant(2, 'Unheld')] }],
    [
      /^\/web\/1\/org\/1\/media_grant\/1\/dir$/,
      { media_list: [file('here.txt')], dir_list: [] } satisfies DirListResponse,
    ],
  ]
  return answering(answers)
}

async function load(path: string, { signedIn = true, isAdmin = true } = {}) {
  return loadRoute(path, fakeApi(isAdmin), { signedIn })
}

afterEach(forgetSession)

describe('Page not found', () => {
  it('for a signed-in user, an unknown path is the signed-in area’s, inside the layout', async () => {
    for (const path of ['/devices', '/orgs', '/nope', '/volume/7/nope', '/login/extra']) {
      expect(await load(path), path).toMatchObject({ pathname: path, notFoundAt: '/_app' })
    }
  })

  it('for a visitor without a session, an unknown path is the root’s plain page, not the login', async () => {
    for (const path of ['/nope', '/volume/7/nope']) {
      expect(await load(path, { signedIn: false }), path).toMatchObject({
        pathname: path,
        notFoundAt: '__root__',
      })
    }
  })

  it('a file its directory does not hold is not found inside the layout; one it holds is shown', async () => {
    expect(await load('/home/Mine/nope.txt')).toMatchObject({ notFoundAt: '/_app' })
    expect(await load('/home/Mine/missing/nope.txt')).toMatchObject({ notFoundAt: '/_app' })
    expect(await load('/home/Mine/HERE.txt')).toMatchObject({
      notFoundAt: undefined,
      leaf: '/_app/home/$grantName/$',
    })
    expect(await load('/home/Mine/')).toMatchObject({ notFoundAt: undefined })
  })

  it('a container no one has is not found to an admin; one not held is the no-access notice', async () => {
    expect(await load('/home/Nobody/nope.txt')).toMatchObject({ notFoundAt: '/_app' })
    expect(await load('/home/Unheld/')).toMatchObject({ notFoundAt: undefined })
    // A member is not told which containers exist: the no-access notice either way.
    expect(await load('/home/Nobody/nope.txt', { isAdmin: false })).toMatchObject({ notFoundAt: undefined })
  })
})
