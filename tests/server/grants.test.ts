// Containers (grants) as admins manage them (specification 001 sections 2-5, 7, 8; issue 10): adding one
// over a prefix, names and prefixes in use, changes, deletion unless a device mounts it, holders, what a
// prefix would overlap, and the admin's list.
import { describe, expect, it } from 'vitest'
import { endpoints } from '../../server/contract/endpoints.ts'
import type { CreateGrantRequest, UpdateGrantRequest } from '../../server/contract/grant.ts'
import { HttpError, databaseRefusal } from '../../server/errors.ts'
import { addPerson, adminOrg, mountGrant, storeFile, type AdminOrg } from './helpers/admin.ts'
import { databaseKinds } from './helpers/databases.ts'
import { callEndpoint, refusal } from './helpers/endpoint.ts'
import { useServer } from './helpers/suite.ts'

const OK = { status: 200, body: {} }

describe.each(databaseKinds)('containers on %s', (kind) => {
  const suite = useServer(kind)

  const grants = async (org: AdminOrg) => {
    const answer = await callEndpoint(suite.url, endpoints.grantList, {
      params: { org_id: org.orgId },
      key: org.key,
    })
    expect(answer.status).toBe(200)
    return answer.body.media_grant_list
  }
  const grantOf = async (org: AdminOrg, grantId: number) =>
    (await grants(org)).find((grant) => grant.media_grant_id === grantId)
  const create = (
    org: AdminOrg,
    body: Partial<CreateGrantRequest> & Pick<CreateGrantRequest, 'grant_name' | 'prefix_path'>,
  ) =>
    callEndpoint(suite.url, endpoints.grantCreate, {
      params: { org_id: org.orgId },
      body: { volume_id: org.volumeId, ...body },
      key: org.key,
    })
  const created = async (org: AdminOrg, grant_name: string, prefix_path: string) => {
    const answer = await create(org, { grant_name, prefix_path })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body.media_grant_id
  }
  const update = (org: AdminOrg, grantId: number, body: UpdateGrantRequest) =>
    callEndpoint(suite.url, endpoints.grantUpdate, {
      params: { org_id: org.orgId, media_grant_id: grantId },
      body,
      key: org.key,
    })
  const remove = (org: AdminOrg, grantId: number) =>
    callEndpoint(suite.url, endpoints.grantDelete, {
      params: { org_id: org.orgId, media_grant_id: grantId },
      key: org.key,
    })
  const holder = (org: AdminOrg, grantId: number, userId: number, holds: boolean) =>
    callEndpoint(suite.url, holds ? endpoints.grantAddUser : endpoints.grantRemoveUser, {
      params: { org_id: org.orgId, media_grant_id: grantId },
      body: { user_id: userId },
      key: org.key,
    })
  const held = async (orgId: number, key: string) => {
    const answer = await callEndpoint(suite.url, endpoints.memberGrantList, {
      params: { org_id: orgId },
      key,
    })
    expect(answer.status).toBe(200)
    return answer.body.media_grant_list.map((grant) => grant.grant_name)
  }
  const listDir = (orgId: number, grantId: number, key: string) =>
    callEndpoint(suite.url, endpoints.dirList, {
      params: { org_id: orgId, media_grant_id: grantId },
      query: { prefix_path: '/' },
      key,
    })

  it("adds a container over a prefix, appending the trailing '/', held by the members named", async () => {
    const org = await adminOrg(suite, 'Adding')
    const member = await addPerson(suite, org)
    const answer = await create(org, {
      grant_name: 'Team',
      prefix_path: 'a/b',
      user_id_list: [member.userId],
    })
    expect(answer).toEqual({ status: 200, body: { media_grant_id: expect.any(Number) as number } })
    const volumeName = (await grantOf(org, org.grantId))?.volume_name
    expect(await grantOf(org, answer.body.media_grant_id)).toEqual({
      media_grant_id: answer.body.media_grant_id,
      grant_name: 'Team',
      volume_id: org.volumeId,
      volume_name: volumeName,
      prefix_path: '/a/b/',
      is_disabled: 0,
      last_seen: null,
      user_list: [{ user_id: member.userId, user_name: null, email: member.email }],
      device_list: [],
    })
    for (const [name, prefix, stored] of [
      ['Slashes', '/c/d/', '/c/d/'],
      ['Leading', '/e', '/e/'],
      ['Trailing', 'f/', '/f/'],
    ] as const) {
      const id = await created(org, name, prefix)
      expect((await grantOf(org, id))?.prefix_path, prefix).toBe(stored)
    }
    expect(await held(org.orgId, member.key)).toEqual(['Team'])
  })

  it('refuses a name or prefix in use, a prefix outside the volume, and volumes or people of other organizations', async () => {
    const org = await adminOrg(suite, 'Refusing')
    const other = await adminOrg(suite, 'Outsider')
    await created(org, 'Team', 'a/b')
    const before = await grants(org)
    expect(await create(org, { grant_name: 'TEAM', prefix_path: 'c' })).toEqual(
      refusal(409, 'used_grant_name'),
    )
    expect(await create(org, { grant_name: 'Refusing media', prefix_path: 'c' })).toEqual(
      refusal(409, 'used_grant_name'),
    )
    expect(await create(org, { grant_name: 'Other', prefix_path: '/a/b/' })).toEqual(
      refusal(409, 'used_prefix_path'),
    )
    expect(await create(org, { grant_name: 'Other', prefix_path: 'a/b' })).toEqual(
      refusal(409, 'used_prefix_path'),
    )
    // Folders are found without regard to case: /A/B/ is the folder /a/b/.
    expect(await create(org, { grant_name: 'Other', prefix_path: 'A/B' })).toEqual(
      refusal(409, 'used_prefix_path'),
    )
    expect(await create(org, { grant_name: 'Other', prefix_path: '/' })).toEqual(
      refusal(409, 'used_prefix_path'),
    )
    for (const prefix of ['../x', 'a/../../x', 'a//b', '.hidden']) {
      expect(await create(org, { grant_name: 'Other', prefix_path: prefix }), prefix).toEqual(
        refusal(400, 'invalid_prefix_path'),
      )
    }
    for (const name of ['', '   ', 'a/b', '-dash']) {
      expect(await create(org, { grant_name: name, prefix_path: 'c' }), name).toEqual(
        refusal(400, 'invalid_grant_name'),
      )
    }
    expect(await create(org, { grant_name: 'Other', prefix_path: 'c', volume_id: other.volumeId })).toEqual(
      refusal(404, 'not_found'),
    )
    expect(await create(org, { grant_name: 'Other', prefix_path: 'c', volume_id: 999_999_999 })).toEqual(
      refusal(404, 'not_found'),
    )
    const otherAdmin = (await callEndpoint(suite.url, endpoints.currentUser, { key: other.key })).body.user
      .user_id
    expect(await create(org, { grant_name: 'Other', prefix_path: 'c', user_id_list: [otherAdmin] })).toEqual(
      refusal(404, 'not_found'),
    )
    expect(await grants(org)).toEqual(before)
    // The same prefix in another volume is another container.
    const second = await callEndpoint(suite.url, endpoints.volumeCreate, {
      params: { org_id: org.orgId },
      body: { volume_name: 'Second' },
      key: org.key,
    })
    expect(
      (await create(org, { grant_name: 'Second team', prefix_path: 'a/b', volume_id: second.body.volume_id }))
        .status,
    ).toBe(200)
  })

  it('enables, disables, renames and moves a container', async () => {
    const org = await adminOrg(suite, 'Changing')
    const other = await adminOrg(suite, 'Elsewhere')
    const id = await created(org, 'Team', 'a')
    expect(await update(org, id, { is_disabled: 1 })).toEqual(OK)
    expect((await grantOf(org, id))?.is_disabled).toBe(1)
    expect(await update(org, id, { is_disabled: 0 })).toEqual(OK)
    expect((await grantOf(org, id))?.is_disabled).toBe(0)
    expect(await update(org, id, { grant_name: 'Crew' })).toEqual(OK)
    expect(await update(org, id, { prefix_path: 'b/c' })).toEqual(OK)
    expect(await grantOf(org, id)).toMatchObject({ grant_name: 'Crew', prefix_path: '/b/c/', is_disabled: 0 })

    expect(await update(org, id, { grant_name: 'changing MEDIA' })).toEqual(refusal(409, 'used_grant_name'))
    expect(await update(org, id, { prefix_path: '/' })).toEqual(refusal(409, 'used_prefix_path'))
    expect(await update(org, id, { prefix_path: '../x' })).toEqual(refusal(400, 'invalid_prefix_path'))
    expect(await update(org, id, { grant_name: 'bad/name' })).toEqual(refusal(400, 'invalid_grant_name'))
    expect(await update(org, id, { is_disabled: 2 })).toEqual({
      status: 400,
      body: { error: 'invalid_request', message: expect.any(String) },
    })
    // A refused change makes none of the others sent with it.
    expect(await update(org, id, { is_disabled: 1, prefix_path: '/' })).toEqual(
      refusal(409, 'used_prefix_path'),
    )
    expect(await grantOf(org, id)).toMatchObject({ grant_name: 'Crew', prefix_path: '/b/c/', is_disabled: 0 })
    expect(await update(org, other.grantId, { is_disabled: 1 })).toEqual(refusal(404, 'not_found'))
    expect((await grantOf(other, other.grantId))?.is_disabled).toBe(0)
  })

  it('deletes a container, but not one a device mounts', async () => {
    const org = await adminOrg(suite, 'Deleting')
    const other = await adminOrg(suite, 'Untouched')
    const gone = await created(org, 'Gone', 'gone')
    expect(await remove(org, gone)).toEqual(OK)
    expect(await grantOf(org, gone)).toBeUndefined()
    expect(await remove(org, gone)).toEqual(refusal(404, 'not_found'))

    const mounted = await created(org, 'Mounted', 'mounted')
    await mountGrant(suite, org.orgId, mounted, 'Edit bay')
    expect(await remove(org, mounted)).toEqual(refusal(409, 'grant_has_devices'))
    expect(await grantOf(org, mounted)).toBeDefined()
    // It may be disabled instead.
    expect(await update(org, mounted, { is_disabled: 1 })).toEqual(OK)
    // A mount that lands between the check and the delete is refused by the key, with the same answer.
    const byKey = await suite.server.app.db
      .query('DELETE FROM media_grant WHERE media_grant_id = $1', [mounted])
      .then(() => 'deleted', databaseRefusal)
    expect(byKey).toEqual(new HttpError(409, 'grant_has_devices'))
    expect(await remove(org, other.grantId)).toEqual(refusal(404, 'not_found'))
    expect(await grantOf(other, other.grantId)).toBeDefined()
  })

  it('gives a container to a member, who then sees and lists it, and takes it back', async () => {
    const org = await adminOrg(suite, 'Holding')
    const other = await adminOrg(suite, 'Foreign')
    await storeFile(suite, org, org.grantId, 'team/cut.mov', 'cut')
    const team = await created(org, 'Team', 'team')
    const member = await addPerson(suite, org, { cap_web_download: true })
    expect(await held(org.orgId, member.key)).toEqual([])
    expect(await listDir(org.orgId, team, member.key)).toEqual(refusal(404, 'not_found'))

    expect(await holder(org, team, member.userId, true)).toEqual(OK)
    expect(await held(org.orgId, member.key)).toEqual(['Team'])
    const listing = await listDir(org.orgId, team, member.key)
    expect(listing.status).toBe(200)
    expect(listing.body.media_list.map((media) => media.media_path)).toEqual(['/media/team/cut.mov'])
    // Giving it again changes nothing.
    expect(await holder(org, team, member.userId, true)).toEqual(OK)
    expect((await grantOf(org, team))?.user_list.map((user) => user.user_id)).toEqual([member.userId])

    expect(await holder(org, team, member.userId, false)).toEqual(OK)
    expect(await held(org.orgId, member.key)).toEqual([])
    expect(await listDir(org.orgId, team, member.key)).toEqual(refusal(404, 'not_found'))
    expect(await holder(org, team, member.userId, false)).toEqual(OK)

    // People and containers of other organizations, and missing ones, are not found.
    const otherAdmin = (await callEndpoint(suite.url, endpoints.currentUser, { key: other.key })).body.user
      .user_id
    for (const holds of [true, false]) {
      expect(await holder(org, team, otherAdmin, holds)).toEqual(refusal(404, 'not_found'))
      expect(await holder(org, team, 999_999_999, holds)).toEqual(refusal(404, 'not_found'))
      expect(await holder(org, other.grantId, member.userId, holds)).toEqual(refusal(404, 'not_found'))
    }
    expect((await grantOf(org, team))?.user_list).toEqual([])
    expect((await grantOf(other, other.grantId))?.user_list.map((user) => user.user_id)).toEqual([otherAdmin])
  })

  it('reports the containers a prefix would overlap and the files already under it', async () => {
    const org = await adminOrg(suite, 'Overlap')
    const other = await adminOrg(suite, 'Stranger')
    await storeFile(suite, org, org.grantId, 'Footage/day1/a.mov', 'aaa')
    await storeFile(suite, org, org.grantId, 'Footage/day1/b.mov', 'bbbb')
    await storeFile(suite, org, org.grantId, 'Footage/c.mov', 'cc')
    await storeFile(suite, org, org.grantId, 'Other/d.mov', 'd')
    const old = await storeFile(suite, org, org.grantId, 'Footage/old.mov', 'old file')
    const deleted = await callEndpoint(suite.url, endpoints.mediaDelete, {
      params: { org_id: org.orgId, media_grant_id: org.grantId, media_id: old.mediaId },
      key: org.key,
    })
    expect(deleted).toEqual(OK)
    const footage = await created(org, 'Footage', 'Footage')
    const day1 = await created(org, 'Day one', 'Footage/day1')
    await created(org, 'Elsewhere', 'Other')
    const overlap = (prefix_path: string, media_grant_id?: number, volume_id = org.volumeId) =>
      callEndpoint(suite.url, endpoints.grantOverlap, {
        params: { org_id: org.orgId },
        body: { volume_id, prefix_path, ...(media_grant_id ? { media_grant_id } : {}) },
        key: org.key,
      })
    const root = {
      media_grant_id: org.grantId,
      grant_name: 'Overlap media',
      prefix_path: '/',
      relation: 'contains',
    }
    expect(await overlap('Footage')).toEqual({
      status: 200,
      body: {
        prefix_path: '/Footage/',
        overlap_list: [
          root,
          { media_grant_id: footage, grant_name: 'Footage', prefix_path: '/Footage/', relation: 'same' },
          { media_grant_id: day1, grant_name: 'Day one', prefix_path: '/Footage/day1/', relation: 'inside' },
        ],
        // Live files only: the deleted one is not counted.
        file_count: 3,
        total_bytes: 9,
      },
    })
    // The container being moved is left out of its own overlaps.
    expect((await overlap('/Footage/', footage)).body.overlap_list.map((grant) => grant.relation)).toEqual([
      'contains',
      'inside',
    ])
    expect(await overlap('Footage/day1/take2')).toEqual({
      status: 200,
      body: {
        prefix_path: '/Footage/day1/take2/',
        overlap_list: [
          root,
          { media_grant_id: footage, grant_name: 'Footage', prefix_path: '/Footage/', relation: 'contains' },
          {
            media_grant_id: day1,
            grant_name: 'Day one',
            prefix_path: '/Footage/day1/',
            relation: 'contains',
          },
        ],
        file_count: 0,
        total_bytes: 0,
      },
    })
    expect((await overlap('/')).body).toMatchObject({ file_count: 4, total_bytes: 10 })
    expect(await overlap('../x')).toEqual(refusal(400, 'invalid_prefix_path'))
    expect(await overlap('Footage', undefined, other.volumeId)).toEqual(refusal(404, 'not_found'))
  })

  it('lists every container of the organization with its holders and the devices that mount it, and no other', async () => {
    const org = await adminOrg(suite, 'Listing')
    const other = await adminOrg(suite, 'Neighbour')
    const member = await addPerson(suite, org, {}, [org.grantId])
    const team = await created(org, 'Team', 'team')
    const camA = await mountGrant(suite, org.orgId, team, 'Cam A', { userId: member.userId })
    const camB = await mountGrant(suite, org.orgId, team, 'cam B', { isDisabled: true })
    // A device that mounts nothing, and another organization's mount.
    await suite.server.app.db.query(`INSERT INTO device (org_id, device_name) VALUES ($1, 'Idle')`, [
      org.orgId,
    ])
    await mountGrant(suite, other.orgId, other.grantId, 'Their cam')

    const list = await grants(org)
    expect(list.map((grant) => grant.media_grant_id)).toEqual([org.grantId, team])
    const [root, teamGrant] = list
    expect(root?.device_list).toEqual([])
    expect(root?.user_list.map((user) => user.user_id).sort()).toEqual(
      [
        member.userId,
        (await callEndpoint(suite.url, endpoints.currentUser, { key: org.key })).body.user.user_id,
      ].sort(),
    )
    expect(teamGrant?.user_list).toEqual([])
    expect(teamGrant?.device_list).toEqual([
      { device_id: camA, device_name: 'Cam A', is_disabled: 0 },
      { device_id: camB, device_name: 'cam B', is_disabled: 1 },
    ])
    expect(
      (await grants(other)).map((grant) => [
        grant.media_grant_id,
        grant.device_list.map((d) => d.device_name),
      ]),
    ).toEqual([[other.grantId, ['Their cam']]])
  })
})
