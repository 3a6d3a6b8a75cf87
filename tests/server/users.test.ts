// An organization's users as its admins manage them (specification 001 sections 2, 3, 5-9; issue 10): the
// list, adding by e-mail (making the account and mailing it) within the plan's user count, roles and
// capabilities, an admin's own record, removal, volumes, and the capabilities' refusals of file calls.
import { describe, expect, it } from 'vitest'
import { endpoints } from '../../server/contract/endpoints.ts'
import { OrgUser, type AddUserRequest, type UpdateOrgUserRequest } from '../../server/contract/orgUser.ts'
import { signIn, uniqueEmail } from './helpers/accounts.ts'
import { addPerson, adminOrg, mountGrant, storeFile, type AdminOrg } from './helpers/admin.ts'
import { databaseKinds } from './helpers/databases.ts'
import { callEndpoint, refusal } from './helpers/endpoint.ts'
import { hashOf } from './helpers/media.ts'
import { useServer } from './helpers/suite.ts'

const OK = { status: 200, body: {} }
const ALL_CAPS = { is_admin: false, cap_add_device: true, cap_web_download: true, cap_web_upload: true }

describe.each(databaseKinds)('users of an organization on %s', (kind) => {
  const suite = useServer(kind)
  const client = () => ({ url: suite.url, mailbox: suite.mailbox })

  const users = async (org: AdminOrg) => {
    const answer = await callEndpoint(suite.url, endpoints.userList, {
      params: { org_id: org.orgId },
      key: org.key,
    })
    expect(answer.status).toBe(200)
    return answer.body.user_list
  }
  const userOf = async (org: AdminOrg, userId: number) =>
    (await users(org)).find((user) => user.user_id === userId)
  const capsOf = async (org: AdminOrg, userId: number) => {
    const user = await userOf(org, userId)
    return (
      user && {
        is_admin: user.is_admin,
        cap_add_device: user.cap_add_device,
        cap_web_download: user.cap_web_download,
        cap_web_upload: user.cap_web_upload,
      }
    )
  }
  const add = (org: AdminOrg, body: AddUserRequest) =>
    callEndpoint(suite.url, endpoints.userAdd, { params: { org_id: org.orgId }, body, key: org.key })
  const change = (org: AdminOrg, userId: number, body: UpdateOrgUserRequest) =>
    callEndpoint(suite.url, endpoints.userUpdate, {
      params: { org_id: org.orgId, user_id: userId },
      body,
      key: org.key,
    })
  const remove = (org: AdminOrg, userId: number) =>
    callEndpoint(suite.url, endpoints.userRemove, {
      params: { org_id: org.orgId, user_id: userId },
      key: org.key,
    })
  const volume = (org: AdminOrg, userId: number, volumeId: number, holds: boolean) =>
    callEndpoint(suite.url, holds ? endpoints.userVolumeAdd : endpoints.userVolumeRemove, {
      params: { org_id: org.orgId, user_id: userId, volume_id: volumeId },
      key: org.key,
    })
  const adminId = async (org: AdminOrg) =>
    (await callEndpoint(suite.url, endpoints.currentUser, { key: org.key })).body.user.user_id
  const held = async (orgId: number, key: string) => {
    const answer = await callEndpoint(suite.url, endpoints.memberGrantList, {
      params: { org_id: orgId },
      key,
    })
    expect(answer.status).toBe(200)
    return answer.body.media_grant_list.map((grant) => grant.media_grant_id)
  }
  const accountsOf = async (email: string) =>
    (
      await suite.server.app.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM app_user WHERE lower(email) = lower($1)',
        [email],
      )
    )[0]?.n

  it('lists every member with role, capabilities, containers, volumes and devices', async () => {
    const org = await adminOrg(suite, 'Roster', 'business_month')
    const admin = await adminId(org)
    const member = await addPerson(suite, org, { cap_web_upload: true }, [org.grantId])
    const team = await callEndpoint(suite.url, endpoints.grantCreate, {
      params: { org_id: org.orgId },
      body: {
        volume_id: org.volumeId,
        grant_name: 'Team',
        prefix_path: 'team',
        user_id_list: [member.userId],
      },
      key: org.key,
    })
    const device = await mountGrant(suite, org.orgId, team.body.media_grant_id, 'Laptop', {
      userId: member.userId,
    })
    const list = await users(org)
    // Every field of the schema, none beyond.
    for (const user of list) expect(Object.keys(user).sort()).toEqual(Object.keys(OrgUser.properties).sort())
    const rootGrant = {
      media_grant_id: org.grantId,
      grant_name: 'Roster media',
      volume_id: org.volumeId,
      volume_name: 'Roster media',
      prefix_path: '/',
      is_disabled: 0,
    }
    const byId = Object.fromEntries(list.map((user) => [user.user_id, user]))
    expect(byId[admin]).toEqual({
      user_id: admin,
      email: org.email.toLowerCase(),
      user_name: null,
      is_admin: true,
      cap_add_device: true,
      cap_web_download: true,
      cap_web_upload: true,
      media_grant_list: [rootGrant],
      volume_list: [{ volume_id: org.volumeId, volume_name: 'Roster media' }],
      device_list: [],
    })
    expect(byId[member.userId]).toEqual({
      user_id: member.userId,
      email: member.email,
      user_name: null,
      is_admin: false,
      cap_add_device: false,
      cap_web_download: false,
      cap_web_upload: true,
      media_grant_list: [
        rootGrant,
        { ...rootGrant, media_grant_id: team.body.media_grant_id, grant_name: 'Team', prefix_path: '/team/' },
      ],
      volume_list: [{ volume_id: org.volumeId, volume_name: 'Roster media' }],
      device_list: [
        { device_id: device, device_name: 'Laptop', is_disabled: false, mount_count: 1, volume_key_count: 0 },
      ],
    })
    expect(list.map((user) => user.email)).toEqual([org.email.toLowerCase(), member.email].sort())
  })

  it('adds a person by e-mail, making their account and mailing them; they see only the containers they hold', async () => {
    const org = await adminOrg(suite, 'Welcome')
    const orgName = (
      await callEndpoint(suite.url, endpoints.orgDetail, { params: { org_id: org.orgId }, key: org.key })
    ).body.org.org_name
    const email = uniqueEmail('newcomer')
    expect(await accountsOf(email)).toBe(0)
    const added = await add(org, { email: `  ${email.toUpperCase()} ` })
    expect(added).toEqual({ status: 200, body: { user_id: expect.any(Number) as number } })
    expect(await accountsOf(email)).toBe(1)
    const mail = await suite.mailbox.latestTo(email)
    expect(mail.subject).toContain(orgName)
    expect(mail.text).toContain(orgName)
    expect(mail.text).toMatch(/^https?:\/\/\S+\/login$/m)
    // A new member uploads and downloads on the web, adds no device, and holds nothing.
    expect(await userOf(org, added.body.user_id)).toMatchObject({
      email,
      is_admin: false,
      cap_add_device: false,
      cap_web_download: true,
      cap_web_upload: true,
      media_grant_list: [],
      volume_list: [],
      device_list: [],
    })

    const key = await signIn(client(), email)
    const current = await callEndpoint(suite.url, endpoints.currentUser, { key })
    expect(current.body.org_list.map((item) => [item.org_id, item.is_admin])).toEqual([[org.orgId, false]])
    expect(await held(org.orgId, key)).toEqual([])
    const team = await callEndpoint(suite.url, endpoints.grantCreate, {
      params: { org_id: org.orgId },
      body: {
        volume_id: org.volumeId,
        grant_name: 'Team',
        prefix_path: 'team',
        user_id_list: [added.body.user_id],
      },
      key: org.key,
    })
    expect(await held(org.orgId, key)).toEqual([team.body.media_grant_id])
    const dir = (grantId: number) =>
      callEndpoint(suite.url, endpoints.dirList, {
        params: { org_id: org.orgId, media_grant_id: grantId },
        query: { prefix_path: '/' },
        key,
      })
    expect((await dir(team.body.media_grant_id)).status).toBe(200)
    expect(await dir(org.grantId)).toEqual(refusal(404, 'not_found'))
  })

  it('gives an admin every capability, whatever was asked', async () => {
    const org = await adminOrg(suite, 'Admins')
    const added = await add(org, {
      email: uniqueEmail('second-admin'),
      is_admin: true,
      cap_add_device: false,
      cap_web_download: false,
      cap_web_upload: false,
    })
    expect(added.status).toBe(200)
    expect(await capsOf(org, added.body.user_id)).toEqual({ ...ALL_CAPS, is_admin: true })
  })

  it("counts every member, the admin included, against the plan's user limit; a member again is 409 even at the limit", async () => {
    const org = await adminOrg(suite, 'Seats')
    const first = uniqueEmail('first')
    const second = uniqueEmail('second')
    expect((await add(org, { email: first })).status).toBe(200)
    // Starter: 2 users, and the admin is one of them.
    expect(await add(org, { email: second })).toEqual(refusal(402, 'max_user_count', 2))
    expect(await accountsOf(second)).toBe(0)
    expect(await add(org, { email: first.toUpperCase() })).toEqual(refusal(409, 'used_email'))
    expect(await add(org, { email: org.email })).toEqual(refusal(409, 'used_email'))
    for (const email of ['', 'not-an-email', 'a@b', 'two words@example.com', '@example.com']) {
      expect(await add(org, { email }), email).toEqual(refusal(400, 'invalid_email'))
    }
    expect((await users(org)).map((user) => user.email)).toEqual([first, org.email.toLowerCase()].sort())
    // A seat freed is a seat to fill.
    const firstId = (await users(org)).find((user) => user.email === first)?.user_id as number
    expect(await remove(org, firstId)).toEqual(OK)
    expect((await add(org, { email: second })).status).toBe(200)
  })

  it('fills the last seat once when two people are added at once', async () => {
    const org = await adminOrg(suite, 'Race')
    const answers = await Promise.all([
      add(org, { email: uniqueEmail('one') }),
      add(org, { email: uniqueEmail('two') }),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 402])
    expect(answers.find((answer) => answer.status === 402)).toEqual(refusal(402, 'max_user_count', 2))
    expect(await users(org)).toHaveLength(2)
  })

  it("changes a member's capabilities and role, an admin holding every capability, but never the admin's own", async () => {
    const org = await adminOrg(suite, 'Roles')
    const other = await adminOrg(suite, 'Others')
    const member = await addPerson(suite, org)
    const none = { is_admin: false, cap_add_device: false, cap_web_download: false, cap_web_upload: false }
    expect(await capsOf(org, member.userId)).toEqual(none)
    expect(await change(org, member.userId, { cap_web_upload: true })).toEqual(OK)
    expect(await capsOf(org, member.userId)).toEqual({ ...none, cap_web_upload: true })
    expect(
      await change(org, member.userId, {
        cap_add_device: true,
        cap_web_download: true,
        cap_web_upload: false,
      }),
    ).toEqual(OK)
    expect(await capsOf(org, member.userId)).toEqual({
      ...none,
      cap_add_device: true,
      cap_web_download: true,
    })
    expect(await change(org, member.userId, { is_admin: true, cap_web_download: false })).toEqual(OK)
    expect(await capsOf(org, member.userId)).toEqual({ ...ALL_CAPS, is_admin: true })
    // The new admin may make admin calls.
    expect(
      (await callEndpoint(suite.url, endpoints.userList, { params: { org_id: org.orgId }, key: member.key }))
        .status,
    ).toBe(200)
    expect(await change(org, member.userId, { is_admin: false })).toEqual(OK)
    expect(await capsOf(org, member.userId)).toEqual(ALL_CAPS)
    expect(
      await callEndpoint(suite.url, endpoints.userList, { params: { org_id: org.orgId }, key: member.key }),
    ).toEqual(refusal(403, 'admin_required'))
    expect(await change(org, member.userId, {})).toEqual(OK)
    expect(
      await change(org, member.userId, { cap_web_upload: 'yes' } as unknown as UpdateOrgUserRequest),
    ).toEqual({
      status: 400,
      body: { error: 'invalid_request', message: expect.any(String) },
    })

    const self = await adminId(org)
    expect(await change(org, self, { cap_web_upload: false })).toEqual(refusal(403, 'cannot_edit_self'))
    expect(await change(org, self, { is_admin: false })).toEqual(refusal(403, 'cannot_edit_self'))
    expect(await remove(org, self)).toEqual(refusal(403, 'cannot_edit_self'))
    expect(await capsOf(org, self)).toEqual({ ...ALL_CAPS, is_admin: true })

    const outsider = await adminId(other)
    expect(await change(org, outsider, { cap_web_upload: false })).toEqual(refusal(404, 'not_found'))
    expect(await change(org, 999_999_999, { cap_web_upload: false })).toEqual(refusal(404, 'not_found'))
    expect(await remove(org, outsider)).toEqual(refusal(404, 'not_found'))
    expect(await capsOf(other, outsider)).toEqual({ ...ALL_CAPS, is_admin: true })
  })

  it('removes a member with every container they held', async () => {
    const org = await adminOrg(suite, 'Leaving', 'business_month')
    const member = await addPerson(suite, org, { cap_web_upload: true, cap_web_download: true }, [
      org.grantId,
    ])
    const team = await callEndpoint(suite.url, endpoints.grantCreate, {
      params: { org_id: org.orgId },
      body: {
        volume_id: org.volumeId,
        grant_name: 'Team',
        prefix_path: 'team',
        user_id_list: [member.userId],
      },
      key: org.key,
    })
    expect(await held(org.orgId, member.key)).toEqual(
      [org.grantId, team.body.media_grant_id].sort((a, b) => a - b),
    )
    expect(await remove(org, member.userId)).toEqual(OK)
    expect(await userOf(org, member.userId)).toBeUndefined()
    const grants = await callEndpoint(suite.url, endpoints.grantList, {
      params: { org_id: org.orgId },
      key: org.key,
    })
    for (const grant of grants.body.media_grant_list) {
      expect(grant.user_list.map((user) => user.user_id)).not.toContain(member.userId)
    }
    const [rows] = await suite.server.app.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM media_grant_user WHERE user_id = $1',
      [member.userId],
    )
    expect(rows?.n).toBe(0)
    expect(
      await callEndpoint(suite.url, endpoints.memberGrantList, {
        params: { org_id: org.orgId },
        key: member.key,
      }),
    ).toEqual(refusal(404, 'not_found'))
    expect(
      await callEndpoint(suite.url, endpoints.dirList, {
        params: { org_id: org.orgId, media_grant_id: org.grantId },
        query: { prefix_path: '/' },
        key: member.key,
      }),
    ).toEqual(refusal(404, 'not_found'))
    expect(await remove(org, member.userId)).toEqual(refusal(404, 'not_found'))
    // Added again, they hold nothing of before.
    const again = await add(org, { email: member.email })
    expect(again).toEqual({ status: 200, body: { user_id: member.userId } })
    expect(await held(org.orgId, member.key)).toEqual([])
  })

  it("gives and takes a volume's root container, making it when the volume has none", async () => {
    const org = await adminOrg(suite, 'Volumes')
    const other = await adminOrg(suite, 'Strangers')
    const member = await addPerson(suite, org)
    const second = await callEndpoint(suite.url, endpoints.volumeCreate, {
      params: { org_id: org.orgId },
      body: { volume_name: 'Second' },
      key: org.key,
    })
    const secondId = second.body.volume_id
    const rootOf = async (volumeId: number) => {
      const list = await callEndpoint(suite.url, endpoints.grantList, {
        params: { org_id: org.orgId },
        key: org.key,
      })
      return list.body.media_grant_list.filter(
        (grant) => grant.volume_id === volumeId && grant.prefix_path === '/',
      )
    }
    // The volume loses its root container.
    const [createdRoot] = await rootOf(secondId)
    expect(
      await callEndpoint(suite.url, endpoints.grantDelete, {
        params: { org_id: org.orgId, media_grant_id: createdRoot?.media_grant_id as number },
        key: org.key,
      }),
    ).toEqual(OK)
    expect(await rootOf(secondId)).toEqual([])

    expect(await volume(org, member.userId, secondId, true)).toEqual(OK)
    const [made] = await rootOf(secondId)
    expect(made).toMatchObject({ grant_name: 'Second', volume_name: 'Second', is_disabled: 0 })
    expect(made?.user_list.map((user) => user.user_id)).toEqual([member.userId])
    expect(await volume(org, member.userId, secondId, true)).toEqual(OK)
    expect(await rootOf(secondId)).toHaveLength(1)
    expect(await volume(org, member.userId, org.volumeId, true)).toEqual(OK)
    expect((await userOf(org, member.userId))?.volume_list).toEqual([
      { volume_id: secondId, volume_name: 'Second' },
      { volume_id: org.volumeId, volume_name: 'Volumes media' },
    ])
    expect((await held(org.orgId, member.key)).sort((a, b) => a - b)).toEqual(
      [org.grantId, made?.media_grant_id as number].sort((a, b) => a - b),
    )

    expect(await volume(org, member.userId, secondId, false)).toEqual(OK)
    expect((await userOf(org, member.userId))?.volume_list).toEqual([
      { volume_id: org.volumeId, volume_name: 'Volumes media' },
    ])
    expect(await volume(org, member.userId, secondId, false)).toEqual(OK)
    // The container stays, without them.
    expect((await rootOf(secondId))[0]?.user_list).toEqual([])

    const outsider = await adminId(other)
    for (const holds of [true, false]) {
      expect(await volume(org, member.userId, other.volumeId, holds)).toEqual(refusal(404, 'not_found'))
      expect(await volume(org, outsider, org.volumeId, holds)).toEqual(refusal(404, 'not_found'))
      expect(await volume(org, member.userId, 999_999_999, holds)).toEqual(refusal(404, 'not_found'))
    }
    expect((await userOf(other, outsider))?.volume_list).toEqual([
      { volume_id: other.volumeId, volume_name: 'Strangers media' },
    ])
  })

  it("refuses the file calls a member's capabilities do not allow, each with its own code", async () => {
    const org = await adminOrg(suite, 'Caps', 'business_month')
    const file = await storeFile(suite, org, org.grantId, 'clip.mov', 'clip')
    const reader = await addPerson(suite, org, { cap_web_download: true }, [org.grantId])
    const writer = await addPerson(suite, org, { cap_web_upload: true }, [org.grantId])
    const params = { org_id: org.orgId, media_grant_id: org.grantId }
    const calls = (key: string) => ({
      upload: () =>
        callEndpoint(suite.url, endpoints.upload, {
          params,
          body: { file_list: [{ file_hash: hashOf('new'), file_size: 3 }] },
          key,
        }),
      folder: () =>
        callEndpoint(suite.url, endpoints.dirCreate, { params, body: { prefix_path: 'Folder' }, key }),
      register: () =>
        callEndpoint(suite.url, endpoints.mediaRegister, {
          params,
          body: { media_path: 'new.txt', file_size: 3, file_hash: hashOf('new') },
          key,
        }),
      delete: () =>
        callEndpoint(suite.url, endpoints.mediaDelete, {
          params: { ...params, media_id: file.mediaId },
          key,
        }),
      undelete: () =>
        callEndpoint(suite.url, endpoints.mediaUndelete, {
          params: { ...params, media_id: file.mediaId },
          key,
        }),
      download: () =>
        callEndpoint(suite.url, endpoints.mediaDownloadUrl, {
          params: { ...params, media_id: file.mediaId },
          key,
        }),
      version: () =>
        callEndpoint(suite.url, endpoints.versionDownloadUrl, {
          params: { ...params, media_version_id: file.mediaVersionId },
          key,
        }),
    })

    const asReader = calls(reader.key)
    const noUpload = refusal(403, 'upload_not_allowed')
    expect(await asReader.upload()).toEqual(noUpload)
    expect(await asReader.folder()).toEqual(noUpload)
    expect(await asReader.register()).toEqual(noUpload)
    expect(await asReader.delete()).toEqual(noUpload)
    expect(await asReader.undelete()).toEqual(noUpload)
    expect((await asReader.download()).status).toBe(200)
    expect((await asReader.version()).status).toBe(200)

    const asWriter = calls(writer.key)
    const noDownload = refusal(403, 'download_not_allowed')
    expect(await asWriter.download()).toEqual(noDownload)
    expect(await asWriter.version()).toEqual(noDownload)
    expect((await asWriter.upload()).status).toBe(200)
    expect(await asWriter.folder()).toEqual(OK)

    // A capability given takes effect on the next call.
    expect(await change(org, writer.userId, { cap_web_download: true })).toEqual(OK)
    expect((await asWriter.download()).status).toBe(200)
    expect(await change(org, reader.userId, { cap_web_upload: true })).toEqual(OK)
    expect(await asReader.folder()).toEqual(OK)
  })

  it('answers every admin call of this area with 403 admin_required to a member, changing nothing', async () => {
    const org = await adminOrg(suite, 'Members', 'business_month')
    const member = await addPerson(
      suite,
      org,
      { cap_web_upload: true, cap_web_download: true, cap_add_device: true },
      [org.grantId],
    )
    const target = await addPerson(suite, org)
    const orgId = org.orgId
    const key = member.key
    const beforeUsers = await users(org)
    const calls = [
      callEndpoint(suite.url, endpoints.userList, { params: { org_id: orgId }, key }),
      callEndpoint(suite.url, endpoints.userAdd, {
        params: { org_id: orgId },
        body: { email: uniqueEmail('x') },
        key,
      }),
      callEndpoint(suite.url, endpoints.userUpdate, {
        params: { org_id: orgId, user_id: target.userId },
        body: { is_admin: true },
        key,
      }),
      callEndpoint(suite.url, endpoints.userUpdate, {
        params: { org_id: orgId, user_id: member.userId },
        body: { is_admin: true },
        key,
      }),
      callEndpoint(suite.url, endpoints.userRemove, {
        params: { org_id: orgId, user_id: target.userId },
        key,
      }),
      callEndpoint(suite.url, endpoints.userVolumeAdd, {
        params: { org_id: orgId, user_id: target.userId, volume_id: org.volumeId },
        key,
      }),
      callEndpoint(suite.url, endpoints.userVolumeRemove, {
        params: { org_id: orgId, user_id: member.userId, volume_id: org.volumeId },
        key,
      }),
      callEndpoint(suite.url, endpoints.volumeList, { params: { org_id: orgId }, key }),
      callEndpoint(suite.url, endpoints.volumeCreate, {
        params: { org_id: orgId },
        body: { volume_name: 'Mine' },
        key,
      }),
      callEndpoint(suite.url, endpoints.volumeUpdate, {
        params: { org_id: orgId, volume_id: org.volumeId },
        body: { is_disabled: 1 },
        key,
      }),
      callEndpoint(suite.url, endpoints.volumeAudit, {
        params: { org_id: orgId, volume_id: org.volumeId },
        query: {},
        key,
      }),
      callEndpoint(suite.url, endpoints.adminEventList, { params: { org_id: orgId }, query: {}, key }),
      callEndpoint(suite.url, endpoints.grantList, { params: { org_id: orgId }, key }),
      callEndpoint(suite.url, endpoints.grantCreate, {
        params: { org_id: orgId },
        body: { volume_id: org.volumeId, grant_name: 'Mine', prefix_path: 'mine' },
        key,
      }),
      callEndpoint(suite.url, endpoints.grantOverlap, {
        params: { org_id: orgId },
        body: { volume_id: org.volumeId, prefix_path: '/' },
        key,
      }),
      callEndpoint(suite.url, endpoints.grantUpdate, {
        params: { org_id: orgId, media_grant_id: org.grantId },
        body: { is_disabled: 1 },
        key,
      }),
      callEndpoint(suite.url, endpoints.grantDelete, {
        params: { org_id: orgId, media_grant_id: org.grantId },
        key,
      }),
      callEndpoint(suite.url, endpoints.grantAddUser, {
        params: { org_id: orgId, media_grant_id: org.grantId },
        body: { user_id: target.userId },
        key,
      }),
      callEndpoint(suite.url, endpoints.grantRemoveUser, {
        params: { org_id: orgId, media_grant_id: org.grantId },
        body: { user_id: member.userId },
        key,
      }),
    ]
    for (const answer of await Promise.all(calls)) expect(answer).toEqual(refusal(403, 'admin_required'))
    expect(await users(org)).toEqual(beforeUsers)
  })

  it('keeps an admin when two admins demote or remove each other at once', async () => {
    const org = await adminOrg(suite, 'Admins', 'business_month')
    const second = await addPerson(suite, org, { is_admin: true })
    const firstId = await adminId(org)
    const [demoted, removed] = await Promise.all([
      change(org, second.userId, { is_admin: false }),
      callEndpoint(suite.url, endpoints.userRemove, {
        params: { org_id: org.orgId, user_id: firstId },
        key: second.key,
      }),
    ])
    // One goes first; the other, no longer an admin (or no longer a member) by then, is refused.
    expect([demoted.status, removed.status].sort()).toEqual([200, 403])
    const admins = (
      await callEndpoint(suite.url, endpoints.userList, {
        params: { org_id: org.orgId },
        key: demoted.status === 200 ? org.key : second.key,
      })
    ).body.user_list.filter((user) => user.is_admin)
    expect(admins).toHaveLength(1)
  })

  it('limits how many people one organization adds, and so mails, in a day', async () => {
    const org = await adminOrg(suite, 'Inviting', 'business_month')
    const email = uniqueEmail('invited')
    for (let round = 0; round < 50; round++) {
      const added = await add(org, { email })
      expect(added.status, JSON.stringify(added.body)).toBe(200)
      expect(await remove(org, (added.body as { user_id: number }).user_id)).toEqual(OK)
    }
    const before = await users(org)
    expect(await add(org, { email })).toEqual(refusal(429, 'too_many_invites'))
    expect(await users(org)).toEqual(before)
    // A member added already still answers 409 first, as the contract says.
    expect(await add(org, { email: before[0]?.email ?? '' })).toEqual(refusal(409, 'used_email'))
  })
})
