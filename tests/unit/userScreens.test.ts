// The users screens (specification 001, sections 2, 5 and 6): who reaches /admin/user and
// /admin/user/{user_id} (an admin; a member or an unknown user is 'Page not found' inside the layout), the
// role rule (an admin holds every capability; back to Member gives back what the person had), and what the
// removal's confirmation lists. The real route tree, loaded without rendering, over a fake server.
import { answering, forgetSession, loadRoute } from './routeTreeHarness.ts'
import { afterEach, describe, expect, it } from 'vitest'
import type { OrgUser } from '../../server/contract/orgUser.ts'
import type { Transport } from '../../src/api/transport.ts'
import { chooseRole, holdings, NEW_USER_ROLE, roleOf } from '../../src/routes/_app/-users/roles.ts'
import { org, plan } from './orgFixture.ts'

function orgUser(user_id: number, overrides: Partial<OrgUser> = {}): OrgUser {
  return {
    user_id,
    email: `user${user_id}@example.com`,
    user_name: null,
    is_admin: false,
    cap_add_device: false,
    cap_web_download: true,
    cap_web_upload: true,
    media_grant_list: [],
    volume_list: [],
    device_list: [],
    ...overrides,
  }
}

function fakeApi(isAdmin: boolean): Transport {
  const theOrg = org(1, { is_admin: isAdmin, plan: plan('starter_month') })
  const answers: Array<[RegExp, unknown]> = [
    [/^\/api\/1\/config/, { domain_prefix: null, stripe_publishable_key: null }],
    [
      /^\/api\/1\/user\/current$/,
      { user: { user_id: 1, user_name: null, email: 'user1@example.com' }, org_list: [theOrg] },
    ],
    [/^\/api\/1\/org\/1$/, { org: { ...theOrg, s3_bucket_list: [] } }],
    [/^\/api\/1\/org\/1\/user$/, { user_list: [orgUser(1, { is_admin: true }), orgUser(2)] }],
    [/^\/api\/1\/org\/1\/volume$/, { volume_list: [] }],
    [/^\/org_admin\/1\/org\/1\/media_grant$/, { media_grant_list: [] }],
  ]
  return answering(answers)
}

async function load(path: string, { isAdmin = true } = {}) {
  return loadRoute(path, fakeApi(isAdmin))
}

afterEach(forgetSession)

describe('users screens', () => {
  it('an admin reaches the list and a user of the organization, their own record included', async () => {
    expect(await load('/admin/user')).toMatchObject({
      notFoundAt: undefined,
      failed: false,
      leaf: '/_app/_admin/admin/user/',
    })
    for (const path of ['/admin/user/2', '/admin/user/1']) {
      expect(await load(path), path).toMatchObject({
        notFoundAt: undefined,
        failed: false,
        leaf: '/_app/_admin/admin/user/$userId',
      })
    }
  })

  it('a user the organization does not have is not found, inside the layout', async () => {
    for (const path of ['/admin/user/3', '/admin/user/02', '/admin/user/x']) {
      expect(await load(path), path).toMatchObject({ notFoundAt: '/_app', failed: false })
    }
  })

  it('a member finds no users screen, inside the layout', async () => {
    for (const path of ['/admin/user', '/admin/user/2']) {
      expect(await load(path, { isAdmin: false }), path).toMatchObject({ notFoundAt: '/_app', failed: false })
    }
  })
})

describe('roles', () => {
  const member = roleOf(orgUser(2, { cap_web_upload: true, cap_web_download: false, cap_add_device: false }))

  it('Org Admin turns every capability on; Member again gives back what the person had', () => {
    const admin = chooseRole(member, true, member)
    expect(admin).toEqual({
      is_admin: true,
      cap_web_upload: true,
      cap_web_download: true,
      cap_add_device: true,
    })
    expect(chooseRole(admin, false, member)).toEqual(member)
    // Choosing Member while a member changes nothing.
    expect(chooseRole(member, false, NEW_USER_ROLE)).toBe(member)
  })

  it('a new user starts as a member who may upload and download but not add devices', () => {
    expect(NEW_USER_ROLE).toEqual({
      is_admin: false,
      cap_web_upload: true,
      cap_web_download: true,
      cap_add_device: false,
    })
  })

  it('the removal lists containers, devices and capabilities', () => {
    const user = orgUser(2, {
      cap_web_download: false,
      media_grant_list: [
        {
          media_grant_id: 4,
          grant_name: 'Edits',
          volume_id: 3,
          volume_name: 'Footage',
          prefix_path: '/edits/',
          is_disabled: 0,
        },
      ],
      device_list: [
        { device_id: 9, device_name: 'Laptop', is_disabled: false, mount_count: 2, volume_key_count: 1 },
        { device_id: 10, device_name: 'Old tower', is_disabled: true, mount_count: 1, volume_key_count: 0 },
      ],
    })
    expect(holdings(user)).toEqual([
      'Container: Edits (Footage /edits/)',
      'Device: Laptop (2 mounts, 1 volume key handed out)',
      'Device: Old tower (disabled, 1 mount, 0 volume keys handed out)',
      'Capabilities: Web Upload',
    ])
    expect(holdings(orgUser(5, { cap_web_upload: false, cap_web_download: false }))).toEqual([
      'Containers: none',
      'Devices: none',
      'Capabilities: Usage',
    ])
  })
})
