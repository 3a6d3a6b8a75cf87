// A hash is not a key (docs/architecture.md, "Who may name content by its hash"): knowing a file's SHA-256
// gives no skip hint, no readable file and no download, to a member of another container, to a device through
// a mount that does not hold the content (whatever its download switch), or to another organization; the
// content becomes theirs only once they send its bytes. Sizes are what the store holds. Real bytes move
// through the local store, as the browser's workers and the device agent move them.
import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { endpoints } from '../../server/contract/endpoints.ts'
import type { SignedOpts } from '../../server/contract/media.ts'
import { SINGLE_PART_MAX_BYTES } from '../../server/contract/parts.ts'
import { utcDay } from '../../server/jobs/scheduler.ts'
import { upsertVolumeUsage } from '../../server/repositories/usage.ts'
import { addPerson, adminOrg, type AdminOrg, type Person } from './helpers/admin.ts'
import { databaseKinds } from './helpers/databases.ts'
import { addMount, appWithKey, changeDevice, registerDevice } from './helpers/devices.ts'
import { callEndpoint, refusal } from './helpers/endpoint.ts'
import { multipartContent, sha256Hex } from './helpers/objects.ts'
import { useServer } from './helpers/suite.ts'

interface Caller {
  key: string
  orgId: number
}

describe.each(databaseKinds)('a hash names content only for those who reach it, on %s', (kind) => {
  const suite = useServer(kind)

  /** A signed URL of the local store, sent to this test's server (the URL names the configured public one). */
  const onSuite = (url: string) => {
    const signed = new URL(url)
    return new URL(signed.pathname + signed.search, suite.url).toString()
  }
  const follow = (opts: SignedOpts | null | undefined, body?: Uint8Array) => {
    if (!opts) throw new Error('no signed request to follow')
    return fetch(onSuite(opts.url), {
      method: opts.method,
      headers: opts.headers,
      ...(body ? { body: new Uint8Array(body) } : {}),
    })
  }

  const grantParams = (who: Caller, grantId: number) => ({ org_id: who.orgId, media_grant_id: grantId })
  const register = (who: Caller, grantId: number, mediaPath: string, fileHash: string, fileSize: number) =>
    callEndpoint(suite.url, endpoints.mediaRegister, {
      params: grantParams(who, grantId),
      body: { media_path: mediaPath, file_hash: fileHash, file_size: fileSize },
      key: who.key,
    })
  const plan = (who: Caller, grantId: number, fileHash: string, fileSize: number) =>
    callEndpoint(suite.url, endpoints.upload, {
      params: grantParams(who, grantId),
      body: { file_list: [{ file_hash: fileHash, file_size: fileSize }] },
      key: who.key,
    })
  const confirm = (who: Caller, grantId: number, fileHash: string, fileSize: number, storeId = 0) =>
    callEndpoint(suite.url, endpoints.s3Object, {
      params: grantParams(who, grantId),
      body: { s3_bucket_id: storeId, file_hash: fileHash, file_size: fileSize },
      key: who.key,
    })
  const detail = (who: Caller, grantId: number, mediaId: number) =>
    callEndpoint(suite.url, endpoints.mediaDetail, {
      params: { ...grantParams(who, grantId), media_id: mediaId },
      key: who.key,
    })
  const downloadUrl = (who: Caller, grantId: number, mediaId: number) =>
    callEndpoint(suite.url, endpoints.mediaDownloadUrl, {
      params: { ...grantParams(who, grantId), media_id: mediaId },
      key: who.key,
    })
  const download = async (who: Caller, grantId: number, mediaId: number) => {
    const answer = await downloadUrl(who, grantId, mediaId)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const bytes = await fetch(onSuite(answer.body.url))
    expect(bytes.status).toBe(200)
    return Buffer.from(await bytes.arrayBuffer())
  }

  /**
   * The volume's bytes as the daily metering counts them, measured now (the metering statement itself: the
   * daily job runs a day once per database, and these tests share one).
   */
  async function meteredToday(volumeId: number) {
    const today = utcDay(new Date(), 0)
    await upsertVolumeUsage(suite.server.app.db, today, utcDay(new Date(), 1))
    const [usage] = await suite.server.app.db.query<{ live_bytes: number }>(
      'SELECT live_bytes::int AS live_bytes FROM volume_usage WHERE volume_id = $1 AND usage_date = $2::date',
      [volumeId, today],
    )
    return usage
  }

  /** Registers a small file and sends its bytes as the console does: register, plan, PUT, confirm. */
  async function upload(who: Caller, grantId: number, mediaPath: string, bytes: Buffer) {
    const fileHash = sha256Hex(bytes)
    const registered = await register(who, grantId, mediaPath, fileHash, bytes.length)
    expect(registered.status, JSON.stringify(registered.body)).toBe(200)
    const planned = await plan(who, grantId, fileHash, bytes.length)
    const item = planned.body.upload_list[0]
    if (!item?.skip_upload) {
      expect((await follow(item?.signed_opts, bytes)).status).toBe(200)
      expect(await confirm(who, grantId, fileHash, bytes.length, item?.s3_bucket_id)).toEqual({
        status: 200,
        body: {},
      })
    }
    return { mediaId: registered.body.media_id, fileHash, fileSize: bytes.length }
  }

  /**
   * An organization whose admin stored secret content under /Secret/ through the whole volume's container,
   * and a member who holds only the container of /Open/ (every capability).
   */
  async function secretOrg(label: string) {
    const org = await adminOrg(suite, label, 'business_month')
    const open = await callEndpoint(suite.url, endpoints.grantCreate, {
      params: { org_id: org.orgId },
      body: { grant_name: 'Open', volume_id: org.volumeId, prefix_path: '/Open/' },
      key: org.key,
    })
    expect(open.status, JSON.stringify(open.body)).toBe(200)
    const openId = open.body.media_grant_id
    const member = {
      ...(await addPerson(
        suite,
        org,
        { cap_web_upload: true, cap_web_download: true, cap_add_device: true },
        [openId],
      )),
      orgId: org.orgId,
    }
    const bytes = crypto.randomBytes(5000)
    const secret = await upload(org, org.grantId, 'Secret/plan.bin', bytes)
    return { org, openId, member, bytes, secret }
  }

  /** The store path of a signed PUT with the content's hash and the caller's id taken out. */
  const urlShape = (opts: SignedOpts | null | undefined, fileHash: string) =>
    new URL(opts?.url ?? 'http://none/').pathname.replace(fileHash, '<hash>').replace(/\/\d+$/, '/<who>')

  it('gives a member of another container no skip, no readable file and no download until they send the bytes', async () => {
    const { org, openId, member, bytes, secret } = await secretOrg('KnowsHash')

    // The plan for the known hash is the plan for content the organization does not hold.
    const known = await plan(member, openId, secret.fileHash, secret.fileSize)
    const unknownHash = sha256Hex(crypto.randomBytes(32))
    const unknown = await plan(member, openId, unknownHash, secret.fileSize)
    expect(known.status).toBe(200)
    const [knownItem, unknownItem] = [known.body.upload_list[0], unknown.body.upload_list[0]]
    expect(knownItem).toMatchObject({ skip_upload: false, s3_bucket_id: unknownItem?.s3_bucket_id })
    expect(urlShape(knownItem?.signed_opts, secret.fileHash)).toBe(
      urlShape(unknownItem?.signed_opts, unknownHash),
    )
    // Confirming without sending proves nothing.
    expect(await confirm(member, openId, secret.fileHash, secret.fileSize)).toEqual(
      refusal(412, 'object_missing'),
    )

    // Registered by hash alone, the file is 'Not Uploaded' and cannot be downloaded.
    const stolen = await register(member, openId, 'Open/stolen.bin', secret.fileHash, secret.fileSize)
    expect(stolen.status).toBe(200)
    const seen = await detail(member, openId, stolen.body.media_id)
    expect(seen.body.media.in_s3).toBe(false)
    expect(await downloadUrl(member, openId, stolen.body.media_id)).toEqual(refusal(404, 'not_uploaded'))
    const version = seen.body.media.media_version_id
    expect(
      await callEndpoint(suite.url, endpoints.versionDownloadUrl, {
        params: { ...grantParams(member, openId), media_version_id: version },
        key: member.key,
      }),
    ).toEqual(refusal(404, 'not_uploaded'))

    // Sending the bytes through the container makes the file theirs; the admin's copy is untouched.
    expect((await follow(knownItem?.signed_opts, bytes)).status).toBe(200)
    expect(await confirm(member, openId, secret.fileHash, secret.fileSize)).toEqual({ status: 200, body: {} })
    expect((await detail(member, openId, stolen.body.media_id)).body.media.in_s3).toBe(true)
    expect(sha256Hex(await download(member, openId, stolen.body.media_id))).toBe(secret.fileHash)
    expect(sha256Hex(await download(org, org.grantId, secret.mediaId))).toBe(secret.fileHash)
    // A confirmation sent again after it succeeded answers the same.
    expect(await confirm(member, openId, secret.fileHash, secret.fileSize)).toEqual({ status: 200, body: {} })
  })

  it('has a member send every part of stored multipart content out of their reach', async () => {
    const org = await adminOrg(suite, 'KnowsBigHash', 'business_month')
    const open = await callEndpoint(suite.url, endpoints.grantCreate, {
      params: { org_id: org.orgId },
      body: { grant_name: 'Open', volume_id: org.volumeId, prefix_path: '/Open/' },
      key: org.key,
    })
    const openId = open.body.media_grant_id
    const member = {
      ...(await addPerson(suite, org, { cap_web_upload: true, cap_web_download: true }, [openId])),
      orgId: org.orgId,
    }
    const content = multipartContent([SINGLE_PART_MAX_BYTES, 1024])
    const ref = {
      file_hash: content.fileHash,
      file_size: content.whole.length,
      part_list: content.parts.map((part) => ({
        part_num: part.partNumber,
        part_hash: part.sha256Hex,
        part_size: part.size,
      })),
    }
    const sendAll = async (who: Caller, grantId: number) => {
      const planned = await callEndpoint(suite.url, endpoints.multipart, {
        params: grantParams(who, grantId),
        body: ref,
        key: who.key,
      })
      expect(planned.status, JSON.stringify(planned.body)).toBe(200)
      return planned.body
    }
    const complete = (who: Caller, grantId: number, uploadId: string) =>
      callEndpoint(suite.url, endpoints.multipartComplete, {
        params: grantParams(who, grantId),
        body: { ...ref, upload_id: uploadId, s3_bucket_id: 0 },
        key: who.key,
      })
    const adminFile = await register(org, org.grantId, 'Secret/cut.mov', ref.file_hash, ref.file_size)
    const adminPlan = await sendAll(org, org.grantId)
    for (const [index, part] of adminPlan.upload_list.entries()) {
      expect((await follow(part.signed_opts, content.parts[index]?.bytes)).status).toBe(200)
    }
    expect(await complete(org, org.grantId, adminPlan.upload_id)).toEqual({ status: 200, body: {} })

    const memberPlan = await sendAll(member, openId)
    expect(memberPlan.skip_upload).toBe(false)
    expect(memberPlan.upload_id).not.toBe(adminPlan.upload_id)
    expect(memberPlan.upload_list.map((part) => part.skip_upload)).toEqual([false, false])
    // Nor does completing an upload they did not send, or their own before its parts arrive.
    expect(await complete(member, openId, adminPlan.upload_id)).toEqual(refusal(404, 'unknown_upload'))
    expect(await complete(member, openId, memberPlan.upload_id)).toEqual(refusal(412, 'parts_missing'))
    const copy = await register(member, openId, 'Open/cut.mov', ref.file_hash, ref.file_size)
    expect(await downloadUrl(member, openId, copy.body.media_id)).toEqual(refusal(404, 'not_uploaded'))

    for (const [index, part] of memberPlan.upload_list.entries()) {
      expect((await follow(part.signed_opts, content.parts[index]?.bytes)).status).toBe(200)
    }
    expect(await complete(member, openId, memberPlan.upload_id)).toEqual({ status: 200, body: {} })
    expect(sha256Hex(await download(member, openId, copy.body.media_id))).toBe(sha256Hex(content.whole))
    expect(sha256Hex(await download(org, org.grantId, adminFile.body.media_id))).toBe(
      sha256Hex(content.whole),
    )
  })

  it('lets a device name only what its mount holds or its user sent, whatever its download switch', async () => {
    const { org, openId, member, secret } = await secretOrg('DeviceHash')
    const app = await appWithKey(suite, org, 'Agent')
    const device = await registerDevice(suite, member, org.orgId, app, 'Edit Bay')
    // The device mounts the whole volume with its downloads off: its file list shows the secret's hash.
    await addMount(suite, org, device.deviceId, org.grantId)
    await addMount(suite, org, device.deviceId, openId)
    await changeDevice(suite, org, device.deviceId, { is_download_disabled: true })
    const listed = await callEndpoint(suite.url, endpoints.mountFiles, {
      params: { media_grant_id: org.grantId },
      query: {},
      token: device.token,
    })
    expect(listed.body.file_list.map((file) => file.file_hash)).toContain(secret.fileHash)

    // Its user cannot take the hash to a container of theirs on the web.
    const viaWeb = await register(member, openId, 'Open/from-device.bin', secret.fileHash, secret.fileSize)
    expect(viaWeb.status).toBe(200)
    expect(await downloadUrl(member, openId, viaWeb.body.media_id)).toEqual(refusal(404, 'not_uploaded'))
    // Nor learn from the file's detail which devices hold the content elsewhere; the admin's file lists it.
    const held = await callEndpoint(suite.url, endpoints.mountHolding, {
      params: { media_grant_id: org.grantId },
      body: { add: [secret.fileHash] },
      token: device.token,
    })
    expect(held.body.ignored_list).toEqual([])
    expect((await detail(member, openId, viaWeb.body.media_id)).body.media.hash_containers).toEqual([])
    expect((await detail(org, org.grantId, secret.mediaId)).body.media.hash_containers).toEqual([
      expect.objectContaining({ device_name: 'Edit Bay' }),
    ])

    // Nor the device to another mount once the admin turns off the mount that holds the content, whatever
    // its downloads.
    await callEndpoint(suite.url, endpoints.deviceGrantDisable, {
      params: { org_id: org.orgId, device_id: device.deviceId },
      body: { media_grant_id: org.grantId },
      key: org.key,
    })
    await changeDevice(suite, org, device.deviceId, { is_download_disabled: false })
    const mountCall = { params: { media_grant_id: openId }, token: device.token }
    const viaMount = await callEndpoint(suite.url, endpoints.mountRegister, {
      ...mountCall,
      body: { media_path: 'Open/from-mount.bin', file_hash: secret.fileHash, file_size: secret.fileSize },
    })
    expect(viaMount.status).toBe(200)
    expect(
      await callEndpoint(suite.url, endpoints.mountDownloadUrl, {
        params: { media_grant_id: openId, media_id: viaMount.body.media_id },
        query: { dest_path: '/tmp/x' },
        token: device.token,
      }),
    ).toEqual(refusal(404, 'not_uploaded'))
    const offered = await callEndpoint(suite.url, endpoints.mountUpload, {
      ...mountCall,
      body: { file_list: [{ file_hash: secret.fileHash, file_size: secret.fileSize }] },
    })
    expect(offered.body.upload_list[0]?.skip_upload).toBe(false)
    // With that mount on again the device could read the content there: through any of its mounts it skips.
    await callEndpoint(suite.url, endpoints.deviceGrantEnable, {
      params: { org_id: org.orgId, device_id: device.deviceId },
      body: { media_grant_id: org.grantId },
      key: org.key,
    })
    const reoffered = await callEndpoint(suite.url, endpoints.mountUpload, {
      ...mountCall,
      body: { file_list: [{ file_hash: secret.fileHash, file_size: secret.fileSize }] },
    })
    expect(reoffered.body.upload_list[0]?.skip_upload).toBe(true)
    // Through the mount that holds it, the device skips it as before.
    const heldSkip = await callEndpoint(suite.url, endpoints.mountUpload, {
      params: { media_grant_id: org.grantId },
      token: device.token,
      body: { file_list: [{ file_hash: secret.fileHash, file_size: secret.fileSize }] },
    })
    expect(heldSkip.body.upload_list[0]?.skip_upload).toBe(true)
  })

  it('tells a member nothing through the size or the metering of a file out of their reach', async () => {
    const { org, openId, member, bytes, secret } = await secretOrg('SizeProbe')
    const claimed = await register(member, openId, 'Open/claimed.bin', secret.fileHash, 1)
    // Someone else sends the same bytes through a container of their own: the member's file keeps what it said.
    const other = await callEndpoint(suite.url, endpoints.grantCreate, {
      params: { org_id: org.orgId },
      body: { grant_name: 'Other', volume_id: org.volumeId, prefix_path: '/Other/' },
      key: org.key,
    })
    const sender = {
      ...(await addPerson(suite, org, { cap_web_upload: true }, [other.body.media_grant_id])),
      orgId: org.orgId,
    }
    await upload(sender, other.body.media_grant_id, 'Other/plan.bin', bytes)
    const seen = await detail(member, openId, claimed.body.media_id)
    expect(seen.body.media).toMatchObject({ file_size: 1, in_s3: false })
    // Metering counts the bytes of readable versions only: the secret twice (the admin's and the sender's).
    const usage = await meteredToday(org.volumeId)
    expect(usage?.live_bytes).toBe(2 * secret.fileSize)
  })

  it('tells another organization nothing of a hash it knows', async () => {
    const { secret } = await secretOrg('Holder')
    const other = await adminOrg(suite, 'Prober', 'business_month')
    const planned = await plan(other, other.grantId, secret.fileHash, secret.fileSize)
    expect(planned.body.upload_list[0]?.skip_upload).toBe(false)
    const registered = await register(other, other.grantId, 'probe.bin', secret.fileHash, secret.fileSize)
    expect(await downloadUrl(other, other.grantId, registered.body.media_id)).toEqual(
      refusal(404, 'not_uploaded'),
    )
  })

  it('still skips content the caller reaches: in the container, restored, or sent by them', async () => {
    const { org, openId, member, secret } = await secretOrg('Reaches')
    // The same container: a re-upload skips, and a copy (as Restore to Folder registers) is readable.
    expect(
      (await plan(org, org.grantId, secret.fileHash, secret.fileSize)).body.upload_list[0],
    ).toMatchObject({ skip_upload: true, signed_opts: null })
    const restored = await register(org, org.grantId, 'Copies/plan.bin', secret.fileHash, secret.fileSize)
    expect((await detail(org, org.grantId, restored.body.media_id)).body.media.in_s3).toBe(true)
    expect(sha256Hex(await download(org, org.grantId, restored.body.media_id))).toBe(secret.fileHash)

    // Content a member sent through one container is theirs to name in another they hold.
    const other = await callEndpoint(suite.url, endpoints.grantCreate, {
      params: { org_id: org.orgId },
      body: { grant_name: 'Other', volume_id: org.volumeId, prefix_path: '/Other/' },
      key: org.key,
    })
    await callEndpoint(suite.url, endpoints.grantAddUser, {
      params: { org_id: org.orgId, media_grant_id: other.body.media_grant_id },
      body: { user_id: member.userId },
      key: org.key,
    })
    // A file in one container the member holds is theirs to name in another they hold, while that one is on.
    const shared = await upload(org, org.grantId, 'Open/shared.bin', crypto.randomBytes(400))
    const otherId = other.body.media_grant_id
    expect(
      (await plan(member, otherId, shared.fileHash, shared.fileSize)).body.upload_list[0]?.skip_upload,
    ).toBe(true)
    await callEndpoint(suite.url, endpoints.grantUpdate, {
      params: { org_id: org.orgId, media_grant_id: openId },
      body: { is_disabled: 1 },
      key: org.key,
    })
    expect(
      (await plan(member, otherId, shared.fileHash, shared.fileSize)).body.upload_list[0]?.skip_upload,
    ).toBe(false)
    await callEndpoint(suite.url, endpoints.grantUpdate, {
      params: { org_id: org.orgId, media_grant_id: openId },
      body: { is_disabled: 0 },
      key: org.key,
    })
    const own = await upload(member, openId, 'Open/mine.bin', crypto.randomBytes(300))
    expect(
      (await plan(member, other.body.media_grant_id, own.fileHash, own.fileSize)).body.upload_list[0]
        ?.skip_upload,
    ).toBe(true)
    const moved = await register(
      member,
      other.body.media_grant_id,
      'Other/mine.bin',
      own.fileHash,
      own.fileSize,
    )
    expect(sha256Hex(await download(member, other.body.media_grant_id, moved.body.media_id))).toBe(
      own.fileHash,
    )
  })

  it('keeps the stored size: declared sizes before the bytes give way, and later ones that differ are refused', async () => {
    const org = await adminOrg(suite, 'Sizes', 'business_month')
    const bytes = crypto.randomBytes(5000)
    const fileHash = sha256Hex(bytes)
    // Registered as 1 byte, then the real bytes are sent.
    const small = await register(org, org.grantId, 'Sizes/claimed.bin', fileHash, 1)
    const planned = await plan(org, org.grantId, fileHash, bytes.length)
    expect((await follow(planned.body.upload_list[0]?.signed_opts, bytes)).status).toBe(200)
    expect(await confirm(org, org.grantId, fileHash, bytes.length)).toEqual({ status: 200, body: {} })
    const seen = await detail(org, org.grantId, small.body.media_id)
    expect(seen.body.media.file_size).toBe(5000)
    expect(seen.body.media.version_list.map((version) => version.file_size)).toEqual([5000])
    const listing = await callEndpoint(suite.url, endpoints.dirList, {
      params: grantParams(org, org.grantId),
      query: { prefix_path: '/Sizes/' },
      key: org.key,
    })
    expect(listing.body.media_list.map((file) => file.file_size)).toEqual([5000])
    // Metering counts the stored bytes: none for a file whose bytes never arrived, whatever it declared.
    const neverSent = sha256Hex(crypto.randomBytes(16))
    expect((await register(org, org.grantId, 'Sizes/never.bin', neverSent, 1_000_000)).status).toBe(200)
    const usage = await meteredToday(org.volumeId)
    expect(usage?.live_bytes).toBe(5000)

    // Once stored, every call that names the content with another size is refused and changes nothing.
    const sizeRefused = refusal(409, 'file_size_mismatch')
    expect(await register(org, org.grantId, 'Sizes/other.bin', fileHash, 1)).toEqual(sizeRefused)
    expect(await plan(org, org.grantId, fileHash, 4999)).toEqual(sizeRefused)
    expect(await confirm(org, org.grantId, fileHash, 4999)).toEqual(sizeRefused)
    const app = await appWithKey(suite, org, 'Agent')
    const person = await addPerson(suite, org, { cap_add_device: true })
    const device = await registerDevice(suite, person, org.orgId, app, 'Sizer')
    await addMount(suite, org, device.deviceId, org.grantId)
    expect(
      await callEndpoint(suite.url, endpoints.mountRegister, {
        params: { media_grant_id: org.grantId },
        token: device.token,
        body: { media_path: 'Sizes/device.bin', file_hash: fileHash, file_size: 7 },
      }),
    ).toEqual(sizeRefused)
    const [paths] = await suite.server.app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM media WHERE org_id = $1 AND lower(media_path) LIKE '/media/sizes/%'`,
      [org.orgId],
    )
    expect(paths?.n).toBe(2)
  })

  it('refuses a multipart size that is not the stored one', async () => {
    const org: AdminOrg = await adminOrg(suite, 'BigSizes', 'business_month')
    const content = multipartContent([SINGLE_PART_MAX_BYTES, 2048])
    const partList = content.parts.map((part) => ({
      part_num: part.partNumber,
      part_hash: part.sha256Hex,
      part_size: part.size,
    }))
    const body = { file_hash: content.fileHash, file_size: content.whole.length, part_list: partList }
    await register(org, org.grantId, 'Cuts/big.bin', content.fileHash, content.whole.length)
    const planned = await callEndpoint(suite.url, endpoints.multipart, {
      params: grantParams(org, org.grantId),
      body,
      key: org.key,
    })
    for (const [index, part] of planned.body.upload_list.entries()) {
      await follow(part.signed_opts, content.parts[index]?.bytes)
    }
    const completeBody = { ...body, upload_id: planned.body.upload_id, s3_bucket_id: 0 }
    expect(
      await callEndpoint(suite.url, endpoints.multipartComplete, {
        params: grantParams(org, org.grantId),
        body: completeBody,
        key: org.key,
      }),
    ).toEqual({ status: 200, body: {} })
    const shorter = { ...body, file_size: body.file_size - 1 }
    for (const endpoint of [endpoints.multipart, endpoints.multipartComplete]) {
      const answer = await callEndpoint(suite.url, endpoint, {
        params: grantParams(org, org.grantId),
        body: { ...completeBody, ...shorter },
        key: org.key,
      })
      expect(answer.status).toBe(400)
    }
    const person: Person = await addPerson(suite, org, { cap_web_upload: true }, [org.grantId])
    const asPerson = { key: person.key, orgId: org.orgId }
    expect(await register(asPerson, org.grantId, 'big.bin', content.fileHash, 12)).toEqual(
      refusal(409, 'file_size_mismatch'),
    )
  })
})
