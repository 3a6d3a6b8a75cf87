// Network stores (specification 001 sections 2-8; issue 12): an organization's own S3-compatible buckets,
// checked by a real round trip against S3-compatible servers on loopback (STORE_ALLOW_PRIVATE_HOSTS on),
// their order, their sealed secrets, placement of uploads by priority and size, downloads from the store
// that holds the object, a disabled store that keeps serving, and a store that stops answering: new
// uploads go to the next one and its objects answer 503, never 404.
import crypto from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { sealedLabels } from '../../server/auth/sealedValues.ts'
import { endpoints } from '../../server/contract/endpoints.ts'
import type {
  DownloadUrlResponse,
  MultipartResponse,
  SignedOpts,
  UploadResponse,
} from '../../server/contract/media.ts'
import { DEFAULT_STORE_MAX_SIZE } from '../../server/contract/limits.ts'
import { adminOrg, addPerson, type AdminOrg } from './helpers/admin.ts'
import { databaseKinds } from './helpers/databases.ts'
import { callEndpoint, refusal } from './helpers/endpoint.ts'
import { call, callWithHeaders } from './helpers/http.ts'
import { startS3Server, type TestS3Server } from './helpers/s3Server.ts'
import { useServer, type Suite } from './helpers/suite.ts'
import { twoPartFile } from './helpers/multipartFile.ts'

const OK = { status: 200, body: {} }
const SECRET = 'S3RVER'
const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex')

function storeFields(s3: TestS3Server, extra: Record<string, unknown> = {}) {
  return {
    s3_bucket: s3.bucket,
    s3_bucket_region: 'us-east-1',
    s3_host: s3.endpoint,
    s3_bucket_prefix: 'org-store',
    aws_access_key_id: 'S3RVER',
    aws_secret_access_key: SECRET,
    ...extra,
  }
}

function api(suite: Suite) {
  return {
    add: (org: AdminOrg, body: Record<string, unknown>) =>
      callEndpoint(suite.url, endpoints.networkStoreAdd, {
        params: { org_id: org.orgId },
        body: body as never,
        key: org.key,
      }),
    edit: (org: AdminOrg, id: number, body: Record<string, unknown>) =>
      callEndpoint(suite.url, endpoints.networkStoreUpdate, {
        params: { org_id: org.orgId, s3_bucket_id: id },
        body: body as never,
        key: org.key,
      }),
    status: (org: AdminOrg, id: number, isDisabled: number) =>
      callEndpoint(suite.url, endpoints.networkStoreStatus, {
        params: { org_id: org.orgId, s3_bucket_id: id },
        body: { is_disabled: isDisabled },
        key: org.key,
      }),
    order: (org: AdminOrg, updateList: Array<{ s3_bucket_id: number; priority: number }>) =>
      callEndpoint(suite.url, endpoints.networkStoreOrder, {
        params: { org_id: org.orgId },
        body: { update_list: updateList },
        key: org.key,
      }),
    list: (org: AdminOrg) =>
      callEndpoint(suite.url, endpoints.networkStoreList, { params: { org_id: org.orgId }, key: org.key }),
    detail: (org: AdminOrg, id: number) =>
      callEndpoint(suite.url, endpoints.networkStoreDetail, {
        params: { org_id: org.orgId, s3_bucket_id: id },
        key: org.key,
      }),
  }
}

describe.each(databaseKinds)('network stores on %s', (kind) => {
  const servers: TestS3Server[] = []
  const suite = useServer(kind, async () => {
    servers.push(await startS3Server('', { browser: true }), await startS3Server('', { browser: true }))
    return { STORE_ALLOW_PRIVATE_HOSTS: 'true' }
  })
  afterAll(async () => {
    for (const server of servers) await server.close()
  })
  const calls = api(suite)
  const storeA = () => servers[0] as TestS3Server
  const storeB = () => servers[1] as TestS3Server

  const base = (org: AdminOrg) => `/web/1/org/${org.orgId}/media_grant/${org.grantId}`
  const post = <T = Record<string, unknown>>(key: string, path: string, body: unknown = {}) =>
    call<T>(suite.url, 'POST', path, { key, body })
  const send = (opts: SignedOpts | null | undefined, body: Uint8Array) => {
    if (!opts) throw new Error('no signed request to follow')
    return fetch(opts.url, { method: opts.method, headers: opts.headers, body: new Uint8Array(body) })
  }
  /** Registers a file, uploads its bytes where the server says, confirms it; answers where it went. */
  const upload = async (org: AdminOrg, name: string, bytes: Uint8Array) => {
    const ref = { file_hash: sha256(bytes), file_size: bytes.length }
    const media = await post<{ media_id: number }>(org.key, `${base(org)}/media`, {
      media_path: name,
      ...ref,
    })
    expect(media.status, JSON.stringify(media.body)).toBe(200)
    const signed = await post<UploadResponse>(org.key, `${base(org)}/upload`, { file_list: [ref] })
    expect(signed.status, JSON.stringify(signed.body)).toBe(200)
    const item = signed.body.upload_list[0]
    expect((await send(item?.signed_opts, bytes)).ok).toBe(true)
    const confirmed = await post(org.key, `${base(org)}/s3_object`, {
      s3_bucket_id: item?.s3_bucket_id,
      ...ref,
    })
    expect(confirmed, JSON.stringify(confirmed.body)).toEqual(OK)
    return {
      mediaId: media.body.media_id,
      storeId: item?.s3_bucket_id as number,
      url: item?.signed_opts?.url,
    }
  }
  const downloadUrl = (org: AdminOrg, mediaId: number) =>
    call<DownloadUrlResponse>(suite.url, 'GET', `${base(org)}/media/${mediaId}/download_url`, {
      key: org.key,
    })
  const storeIdOf = async (orgId: number, bytes: Uint8Array) => {
    const [row] = await suite.server.app.db.query<{ store_id: number }>(
      'SELECT store_id FROM stored_object WHERE org_id = $1 AND file_hash = $2',
      [orgId, sha256(bytes)],
    )
    return row?.store_id
  }

  it('adds a store after a round trip, lists it before the service store, and never answers its secret', async () => {
    const org = await adminOrg(suite, 'Stores')
    const added = await calls.add(org, storeFields(storeA()))
    expect(added.status, JSON.stringify(added.body)).toBe(200)
    const id = added.body.s3_bucket_id
    const second = await calls.add(org, storeFields(storeB(), { s3_bucket_prefix: '', max_size: 1000 }))
    expect(second.status).toBe(200)

    const list = await calls.list(org)
    expect(list.status).toBe(200)
    expect(list.body.s3_bucket_list.map((s) => [s.s3_bucket_id, s.priority, s.is_default])).toEqual([
      [id, 1, 0],
      [second.body.s3_bucket_id, 2, 0],
      [0, 3, 1],
    ])
    expect(list.body.s3_bucket_list[0]).toMatchObject({
      s3_bucket: storeA().bucket,
      s3_bucket_region: 'us-east-1',
      s3_host: storeA().endpoint,
      s3_bucket_prefix: 'org-store/',
      aws_access_key_id: 'S3RVER',
      aws_secret_access_key: '****',
      max_size: DEFAULT_STORE_MAX_SIZE,
      is_disabled: false,
      last_probe_ok: true,
      last_probe_at: expect.any(String),
    })
    expect(list.body.s3_bucket_list[1]?.max_size).toBe(1000)
    expect(list.body.s3_bucket_list[2]).toMatchObject({ s3_bucket_id: 0, is_default: 1, s3_host: '' })
    const orgDetail = await callEndpoint(suite.url, endpoints.orgDetail, {
      params: { org_id: org.orgId },
      key: org.key,
    })
    expect(orgDetail.body.org.s3_bucket_list).toEqual(list.body.s3_bucket_list)
    expect((await calls.detail(org, id)).body.s3_bucket).toEqual(list.body.s3_bucket_list[0])

    // The secret is sealed at rest and opens to what was given.
    const [row] = await suite.server.app.db.query<{ sealed_secret: Uint8Array }>(
      'SELECT sealed_secret FROM s3_bucket WHERE s3_bucket_id = $1',
      [id],
    )
    expect(Buffer.from(row?.sealed_secret ?? []).includes(Buffer.from(SECRET))).toBe(false)
    const label = sealedLabels.networkStoreSecret(org.orgId, id)
    expect(suite.server.app.sealer.open(row?.sealed_secret ?? new Uint8Array(), label).toString()).toBe(
      SECRET,
    )
    for (const answer of [list.body, orgDetail.body]) {
      expect(JSON.stringify(answer)).not.toContain(`"aws_secret_access_key":"${SECRET}"`)
    }
    // The probe leaves nothing behind.
    const probes = await fetch(`${storeA().endpoint}/${storeA().bucket}?list-type=2&prefix=org-store/`)
    expect(await probes.text()).not.toContain('<Key>')
  })

  it('refuses settings that fail the round trip (412) or are malformed (400)', async () => {
    const org = await adminOrg(suite, 'BadStores')
    expect(await calls.add(org, storeFields(storeA(), { aws_access_key_id: 'nobody' }))).toEqual(
      refusal(412, 'store_validation_failed'),
    )
    expect(await calls.add(org, storeFields(storeA(), { s3_bucket: 'no-such-bucket' }))).toEqual(
      refusal(412, 'store_validation_failed'),
    )
    expect(await calls.add(org, storeFields(storeA(), { s3_host: 'http://127.0.0.1:9' }))).toEqual(
      refusal(412, 'store_validation_failed'),
    )
    for (const bad of [
      { s3_bucket: ' ' },
      { s3_bucket_region: '' },
      { aws_access_key_id: '' },
      { aws_secret_access_key: '' },
      { aws_secret_access_key: '****' },
      { s3_host: 'ftp://example.com' },
      { s3_host: 'https://user:pw@example.com' },
      { s3_host: 'https://example.com/path' },
      { s3_bucket_prefix: '../up' },
    ]) {
      expect(await calls.add(org, storeFields(storeA(), bad)), JSON.stringify(bad)).toEqual(
        refusal(400, 'invalid_store_settings'),
      )
    }
    for (const bad of [{ max_size: 0 }, { max_size: 'big' }, { extra: 1 }]) {
      expect((await calls.add(org, storeFields(storeA(), bad))).status, JSON.stringify(bad)).toBe(400)
    }
    expect((await calls.list(org)).body.s3_bucket_list.map((s) => s.s3_bucket_id)).toEqual([0])
  })

  it('spreads signed URLs over the endpoint and its aliases, each presigned for its own host', async () => {
    const org = await adminOrg(suite, 'Aliases')
    const endpoint = storeA().endpoint
    const alias = endpoint.replace('127.0.0.1', 'localhost')
    for (const bad of [['ftp://x.example'], ['https://x.example/path'], ['https://u:p@x.example']]) {
      expect(await calls.add(org, storeFields(storeA(), { s3_host_aliases: bad })), bad[0]).toEqual(
        refusal(400, 'invalid_store_settings'),
      )
    }
    const added = await calls.add(
      org,
      storeFields(storeA(), { s3_host_aliases: [alias, `${alias}/`, endpoint] }),
    )
    expect(added.status, JSON.stringify(added.body)).toBe(200)
    const id = added.body.s3_bucket_id
    // Origins, each once, the endpoint itself left out.
    expect((await calls.detail(org, id)).body.s3_bucket.s3_host_aliases).toEqual([alias])

    const files = [crypto.randomBytes(100), crypto.randomBytes(200)]
    const refs = files.map((bytes) => ({ file_hash: sha256(bytes), file_size: bytes.length }))
    const signed = await post<UploadResponse>(org.key, `${base(org)}/upload`, { file_list: refs })
    const items = signed.body.upload_list
    // Single PUTs take the hosts in turn, from wherever the server's turn stood.
    const origins = items.map((item) => new URL(item.signed_opts?.url ?? 'http://none').origin)
    expect([...origins].sort()).toEqual([endpoint, alias].sort())
    for (const [index, item] of items.entries()) {
      // Host is a signed header of every URL: the store that checks SigV4 refuses it on another host.
      expect(new URL(item.signed_opts?.url ?? '').searchParams.get('X-Amz-SignedHeaders')).toMatch(/\bhost\b/)
      expect((await send(item.signed_opts, files[index] as Buffer)).ok).toBe(true)
      expect(await post(org.key, `${base(org)}/s3_object`, { s3_bucket_id: id, ...refs[index] })).toEqual(OK)
    }
    const media = await post<{ media_id: number }>(org.key, `${base(org)}/media`, {
      media_path: 'spread.bin',
      ...refs[0],
    })
    const answer = await downloadUrl(org, media.body.media_id)
    expect(answer.body.urls.map((url) => new URL(url).origin)).toEqual([endpoint, alias])
    for (const url of answer.body.urls) {
      expect(Buffer.from(await (await fetch(url)).arrayBuffer()).equals(files[0] as Buffer)).toBe(true)
    }

    expect(await calls.edit(org, id, { s3_host_aliases: [] })).toEqual(OK)
    expect((await calls.detail(org, id)).body.s3_bucket.s3_host_aliases).toEqual([])
    const after = await downloadUrl(org, media.body.media_id)
    expect(after.body.urls.map((url) => new URL(url).origin)).toEqual([endpoint])
  })

  it('edits a store: a blank or masked secret keeps the stored one; new settings are checked first', async () => {
    const org = await adminOrg(suite, 'EditStores')
    const id = (await calls.add(org, storeFields(storeA()))).body.s3_bucket_id
    expect(await calls.edit(org, id, { max_size: 5000, aws_secret_access_key: '' })).toEqual(OK)
    expect(await calls.edit(org, id, { s3_bucket_prefix: 'moved', aws_secret_access_key: '****' })).toEqual(
      OK,
    )
    expect((await calls.detail(org, id)).body.s3_bucket).toMatchObject({
      max_size: 5000,
      s3_bucket_prefix: 'moved/',
      aws_secret_access_key: '****',
    })
    const sealedSecret = async () => {
      const [row] = await suite.server.app.db.query<{ sealed_secret: Uint8Array }>(
        'SELECT sealed_secret FROM s3_bucket WHERE s3_bucket_id = $1',
        [id],
      )
      const label = sealedLabels.networkStoreSecret(org.orgId, id)
      return suite.server.app.sealer.open(row?.sealed_secret ?? new Uint8Array(), label).toString()
    }
    expect(await sealedSecret()).toBe(SECRET)
    expect(
      await calls.edit(org, id, { aws_access_key_id: 'nobody', aws_secret_access_key: 'other' }),
    ).toEqual(refusal(412, 'store_validation_failed'))
    expect(await sealedSecret()).toBe(SECRET)
    expect(await calls.edit(org, id, { s3_bucket: 'missing-bucket' })).toEqual(
      refusal(412, 'store_validation_failed'),
    )
    expect(await calls.edit(org, id, { s3_host: 'gopher://x' })).toEqual(
      refusal(400, 'invalid_store_settings'),
    )
    // Nothing of a refused edit was kept.
    expect((await calls.detail(org, id)).body.s3_bucket).toMatchObject({
      s3_bucket: storeA().bucket,
      s3_bucket_prefix: 'moved/',
    })
    expect(await calls.edit(org, id, { aws_secret_access_key: 'S3RVER' })).toEqual(OK)
    expect((await calls.detail(org, id)).body.s3_bucket.aws_access_key_id).toBe('S3RVER')
    expect(await calls.edit(org, 999_999, { max_size: 1 })).toEqual(refusal(404, 'not_found'))
    expect(await calls.detail(org, 999_999)).toEqual(refusal(404, 'not_found'))
    // The service's own store cannot be edited or disabled: 0 names no store of the organization (a path
    // id that names nothing is not found, as everywhere in the API).
    for (const [path, body] of [
      ['s3_bucket/0', { max_size: 1 }],
      ['s3_bucket/0/status', { is_disabled: 1 }],
    ] as const) {
      expect(
        await call(suite.url, 'POST', `/api/1/org/${org.orgId}/${path}`, { key: org.key, body }),
      ).toEqual(refusal(404, 'not_found'))
    }
  })

  it('reorders stores by priority, swaps in one call, and refuses the service store and clashes', async () => {
    const org = await adminOrg(suite, 'OrderStores')
    const a = (await calls.add(org, storeFields(storeA()))).body.s3_bucket_id
    const b = (await calls.add(org, storeFields(storeB()))).body.s3_bucket_id
    expect(
      await calls.order(org, [
        { s3_bucket_id: b, priority: 1 },
        { s3_bucket_id: a, priority: 2 },
      ]),
    ).toEqual(OK)
    expect((await calls.list(org)).body.s3_bucket_list.map((s) => s.s3_bucket_id)).toEqual([b, a, 0])
    expect(await calls.order(org, [{ s3_bucket_id: 0, priority: 1 }])).toEqual(refusal(400, 'default_store'))
    expect(await calls.order(org, [{ s3_bucket_id: a, priority: 1 }])).toEqual(
      refusal(400, 'invalid_priority'),
    )
    expect(
      await calls.order(org, [
        { s3_bucket_id: a, priority: 3 },
        { s3_bucket_id: a, priority: 4 },
      ]),
    ).toEqual(refusal(400, 'invalid_priority'))
    expect(await calls.order(org, [{ s3_bucket_id: 999_999, priority: 7 }])).toEqual(
      refusal(404, 'not_found'),
    )
    expect((await calls.order(org, [])).status).toBe(400)
    expect((await calls.list(org)).body.s3_bucket_list.map((s) => s.s3_bucket_id)).toEqual([b, a, 0])
  })

  it('disables and enables a store; enabling checks it again', async () => {
    const org = await adminOrg(suite, 'StatusStores')
    const id = (await calls.add(org, storeFields(storeA()))).body.s3_bucket_id
    expect(await calls.status(org, id, 1)).toEqual(OK)
    expect((await calls.detail(org, id)).body.s3_bucket.is_disabled).toBe(true)
    expect(await calls.status(org, id, 1)).toEqual(OK)
    expect(await calls.status(org, id, 0)).toEqual(OK)
    expect((await calls.detail(org, id)).body.s3_bucket.is_disabled).toBe(false)
    expect(await calls.status(org, 999_999, 1)).toEqual(refusal(404, 'not_found'))
    // A store whose credentials stopped working cannot be enabled again.
    expect(await calls.status(org, id, 1)).toEqual(OK)
    await suite.server.app.db.query(
      "UPDATE s3_bucket SET aws_access_key_id = 'revoked', updated_at = now() WHERE s3_bucket_id = $1",
      [id],
    )
    expect(await calls.status(org, id, 0)).toEqual(refusal(412, 'store_validation_failed'))
  })

  it('keeps stores to admins of their organization', async () => {
    const org = await adminOrg(suite, 'OwnStores')
    const other = await adminOrg(suite, 'OtherStores')
    const id = (await calls.add(org, storeFields(storeA()))).body.s3_bucket_id
    expect(await calls.detail(other, id)).toEqual(refusal(404, 'not_found'))
    expect(await calls.edit(other, id, { max_size: 1 })).toEqual(refusal(404, 'not_found'))
    expect(await calls.status(other, id, 1)).toEqual(refusal(404, 'not_found'))
    expect(await calls.order(other, [{ s3_bucket_id: id, priority: 9 }])).toEqual(refusal(404, 'not_found'))
    expect(JSON.stringify((await calls.list(other)).body)).not.toContain(storeA().endpoint)
    const member = await addPerson(suite, org)
    const asMember = { ...org, key: member.key }
    expect((await calls.list(asMember)).status).toBe(403)
    expect((await calls.add(asMember, storeFields(storeA()))).status).toBe(403)
  })

  it("answers the stores' settings in the organization's detail to its admins only", async () => {
    const org = await adminOrg(suite, 'DetailStores')
    const added = await calls.add(org, storeFields(storeA(), { s3_bucket_prefix: 'hidden-prefix' }))
    expect(added.status, JSON.stringify(added.body)).toBe(200)
    // A store that failed once keeps its last error: that is not a member's to read either.
    await suite.server.app.db.query(
      "UPDATE s3_bucket SET last_error = 'connect ECONNREFUSED' WHERE s3_bucket_id = $1",
      [added.body.s3_bucket_id],
    )
    const detail = (key: string) =>
      callEndpoint(suite.url, endpoints.orgDetail, { params: { org_id: org.orgId }, key })

    // The admin's detail lists the stores as the list call does (the console's organization screens).
    const asAdmin = await detail(org.key)
    expect(asAdmin.status).toBe(200)
    expect(asAdmin.body.org.s3_bucket_list).toEqual((await calls.list(org)).body.s3_bucket_list)
    expect(asAdmin.body.org.s3_bucket_list?.[0]).toMatchObject({
      s3_host: storeA().endpoint,
      s3_bucket: storeA().bucket,
      s3_bucket_prefix: 'hidden-prefix/',
      aws_access_key_id: 'S3RVER',
    })

    // A member's detail has the organization and no store at all: no host, bucket, prefix, key id or error.
    const member = await addPerson(suite, org, { cap_web_download: true, cap_web_upload: true })
    const asMember = await detail(member.key)
    expect(asMember.status).toBe(200)
    expect(asMember.body.org).toMatchObject({ org_id: org.orgId, is_admin: false })
    expect(asMember.body.org).not.toHaveProperty('s3_bucket_list')
    const text = JSON.stringify(asMember.body)
    for (const secret of [storeA().endpoint, storeA().bucket, 'hidden-prefix', 'S3RVER', 'ECONNREFUSED']) {
      expect(text).not.toContain(secret)
    }
    expect(await calls.list({ ...org, key: member.key })).toEqual(refusal(403, 'admin_required'))
  })

  it('places uploads by priority and size, records bytes placed, and downloads from the holding store', async () => {
    const org = await adminOrg(suite, 'Placement')
    const small = (await calls.add(org, storeFields(storeA(), { max_size: 100 }))).body.s3_bucket_id
    const large = (await calls.add(org, storeFields(storeB()))).body.s3_bucket_id

    const tiny = crypto.randomBytes(64)
    const first = await upload(org, 'tiny.bin', tiny)
    expect(first.storeId).toBe(small)
    expect(first.url?.startsWith(storeA().endpoint)).toBe(true)
    expect(await storeIdOf(org.orgId, tiny)).toBe(small)

    const bigger = crypto.randomBytes(4096)
    const second = await upload(org, 'bigger.bin', bigger)
    expect(second.storeId).toBe(large)
    expect(await storeIdOf(org.orgId, bigger)).toBe(large)

    const list = (await calls.list(org)).body.s3_bucket_list
    expect(list.find((s) => s.s3_bucket_id === small)?.bytes_placed).toBe(64)
    expect(list.find((s) => s.s3_bucket_id === large)?.bytes_placed).toBe(4096)
    expect(list.find((s) => s.s3_bucket_id === large)?.request_count).toBeGreaterThan(0)

    for (const [file, bytes, endpoint] of [
      [first, tiny, storeA().endpoint],
      [second, bigger, storeB().endpoint],
    ] as const) {
      const url = await downloadUrl(org, file.mediaId)
      expect(url.status).toBe(200)
      expect(url.body.url.startsWith(endpoint)).toBe(true)
      // Signed by the store that holds it, for 15 minutes at most.
      expect(Number(new URL(url.body.url).searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(15 * 60)
      expect(Buffer.from(await (await fetch(url.body.url)).arrayBuffer()).equals(bytes)).toBe(true)
    }

    // A disabled store takes no new objects and keeps serving what it holds.
    expect(await calls.status(org, large, 1)).toEqual(OK)
    const third = crypto.randomBytes(2048)
    const toService = await post<UploadResponse>(org.key, `${base(org)}/upload`, {
      file_list: [{ file_hash: sha256(third), file_size: third.length }],
    })
    expect(toService.body.upload_list[0]?.s3_bucket_id).toBe(0)
    expect(await storeIdOf(org.orgId, third)).toBe(0)
    const kept = await downloadUrl(org, second.mediaId)
    expect(kept.body.url.startsWith(storeB().endpoint)).toBe(true)
    expect(Buffer.from(await (await fetch(kept.body.url)).arrayBuffer()).equals(bigger)).toBe(true)
    // Content already stored is skipped and named with its store.
    const again = await post<UploadResponse>(org.key, `${base(org)}/upload`, {
      file_list: [{ file_hash: sha256(tiny), file_size: tiny.length }],
    })
    expect(again.body.upload_list[0]).toMatchObject({ skip_upload: true, s3_bucket_id: small })
    // Confirming against another store than the one placed finds no copy there, as for content never sent:
    // the answer is the same whether or not the organization stores the content.
    const fourth = crypto.randomBytes(32)
    const ref = { file_hash: sha256(fourth), file_size: fourth.length }
    const signed = await post<UploadResponse>(org.key, `${base(org)}/upload`, { file_list: [ref] })
    expect(signed.body.upload_list[0]?.s3_bucket_id).toBe(small)
    expect((await send(signed.body.upload_list[0]?.signed_opts ?? null, fourth)).ok).toBe(true)
    expect(await post(org.key, `${base(org)}/s3_object`, { s3_bucket_id: 0, ...ref })).toEqual(
      refusal(412, 'object_missing'),
    )
    expect(await post(org.key, `${base(org)}/s3_object`, { s3_bucket_id: small, ...ref })).toEqual({
      status: 200,
      body: {},
    })
  })

  it('places a multipart upload in a network store and joins it there', async () => {
    const org = await adminOrg(suite, 'PartsPlaced')
    const id = (await calls.add(org, storeFields(storeB()))).body.s3_bucket_id
    const { whole, pieces, file_hash, request } = twoPartFile()
    const plan = await post<MultipartResponse>(org.key, `${base(org)}/multipart`, request)
    expect(plan.status, JSON.stringify(plan.body)).toBe(200)
    expect(plan.body.s3_bucket_id).toBe(id)
    for (const [index, part] of plan.body.upload_list.entries()) {
      expect(part.signed_opts?.url.startsWith(storeB().endpoint)).toBe(true)
      expect((await send(part.signed_opts, pieces[index] as Buffer)).ok).toBe(true)
    }
    const done = { ...request, upload_id: plan.body.upload_id }
    expect(await post(org.key, `${base(org)}/multipart_complete`, { ...done, s3_bucket_id: 0 })).toEqual(
      refusal(400, 'invalid_s3_bucket'),
    )
    expect(await post(org.key, `${base(org)}/multipart_complete`, { ...done, s3_bucket_id: id })).toEqual(OK)
    const [row] = await suite.server.app.db.query<{ store_id: number; is_confirmed: boolean }>(
      'SELECT store_id, is_confirmed FROM stored_object WHERE org_id = $1 AND file_hash = $2',
      [org.orgId, file_hash],
    )
    expect(row).toEqual({ store_id: id, is_confirmed: true })
    expect((await calls.detail(org, id)).body.s3_bucket.bytes_placed).toBe(whole.length)
    const again = await post<MultipartResponse>(org.key, `${base(org)}/multipart`, request)
    expect(again.body).toMatchObject({ skip_upload: true, s3_bucket_id: id })
  })

  it('sends new uploads past a store that stops answering, and answers 503 for its objects', async () => {
    const doomed = await startS3Server('', { browser: true })
    const org = await adminOrg(suite, 'Outage')
    const first = (await calls.add(org, storeFields(doomed))).body.s3_bucket_id
    const next = (await calls.add(org, storeFields(storeB()))).body.s3_bucket_id
    const bytes = crypto.randomBytes(256)
    const held = await upload(org, 'held.bin', bytes)
    expect(held.storeId).toBe(first)
    await doomed.close()
    // The last probe is old: the next placement probes again, finds the store down, and moves on.
    await suite.server.app.db.query(
      "UPDATE s3_bucket SET last_probe_at = now() - interval '1 hour' WHERE s3_bucket_id = $1",
      [first],
    )
    const later = crypto.randomBytes(300)
    expect((await upload(org, 'later.bin', later)).storeId).toBe(next)
    const detail = (await calls.detail(org, first)).body.s3_bucket
    expect(detail).toMatchObject({ last_probe_ok: false, last_error: expect.any(String) })
    expect(detail.error_count).toBeGreaterThan(0)
    // Its objects answer 503, never 404.
    expect(await downloadUrl(org, held.mediaId)).toEqual(refusal(503, 'store_unavailable'))
  })

  it('lets the console reach network stores without naming any organization’s host', async () => {
    const shell = await callWithHeaders(suite.url, 'GET', '/api/1/plan')
    const csp = String(shell.headers['content-security-policy'])
    expect(csp).toMatch(/connect-src 'self'[^;]* https: http:(;|$)/)
    for (const server of servers) expect(csp).not.toContain(new URL(server.endpoint).host)
  })
})

describe('network stores on private hosts when the setting is off', () => {
  const suite = useServer('pglite')
  const calls = api(suite)

  it('refuses loopback, private and link-local hosts and plain http', async () => {
    const org = await adminOrg(suite, 'Guarded')
    const fields = {
      s3_bucket: 'bucket',
      s3_bucket_region: 'us-east-1',
      aws_access_key_id: 'id',
      aws_secret_access_key: 'secret',
    }
    for (const host of [
      '127.0.0.1:9000',
      'localhost',
      '10.0.0.8',
      '169.254.169.254',
      '[::1]:9000',
      '[::ffff:127.0.0.1]',
    ]) {
      expect(await calls.add(org, { ...fields, s3_host: host }), host).toEqual(
        refusal(412, 'store_host_not_allowed'),
      )
    }
    expect(await calls.add(org, { ...fields, s3_host: 'http://s3.example.com' })).toEqual(
      refusal(400, 'invalid_store_settings'),
    )
    const csp = String(
      (await callWithHeaders(suite.url, 'GET', '/api/1/plan')).headers['content-security-policy'],
    )
    // https origins only: stores on plain http are refused. (The local store's own host, PUBLIC_URL's, is
    // named as itself.)
    expect(csp).toMatch(/connect-src 'self'[^;]* https:(;|$)/)
    expect(csp.split(/[; ]/)).not.toContain('http:')
  })
})
