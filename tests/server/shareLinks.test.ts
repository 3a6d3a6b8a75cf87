// Share links over real HTTP, on both databases: who may create one, what a visitor sees and is refused, the
// passphrase and its limits (per link, per address), the download limit (a file counts once per visit),
// thumbnails through a link, every way a link stops, the audit trail, and that the token is kept and logged
// only as its hash.
import crypto from 'node:crypto'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '../../server/contract/endpoints.ts'
import type { CreateShareLinkRequest } from '../../server/contract/shareLink.ts'
import { LocalStore } from '../../server/storage/local.ts'
import { derivativeKey } from '../../server/storage/store.ts'
import {
  addPerson,
  adminOrg,
  storeFile,
  type AdminOrg,
  type Person,
  type StoredFile,
} from './helpers/admin.ts'
import { databaseKinds } from './helpers/databases.ts'
import { callEndpoint, endpointUrl, refusal } from './helpers/endpoint.ts'
import { callWithHeaders } from './helpers/http.ts'
import { useServer } from './helpers/suite.ts'

describe.each(databaseKinds)('share links on %s', (kind) => {
  const suite = useServer(kind)
  let org: AdminOrg
  let sharer: Person
  let viewer: Person
  let files: { cut: StoredFile; still: StoredFile; secret: StoredFile }

  beforeAll(async () => {
    org = await adminOrg(suite, 'Share', 'business_month')
    sharer = await addPerson(suite, org, { cap_web_download: true }, [org.grantId])
    viewer = await addPerson(suite, org, {}, [org.grantId])
    files = {
      cut: await storeFile(suite, org, org.grantId, 'Review/cut1.mov', 'the cut'),
      still: await storeFile(suite, org, org.grantId, 'Review/sub/still.jpg', 'the still'),
      secret: await storeFile(suite, org, org.grantId, 'Private/budget.txt', 'the budget'),
    }
  })

  const create = (
    person: { key: string },
    body: CreateShareLinkRequest,
    where: { orgId: number; grantId: number } = org,
  ) =>
    callEndpoint(suite.url, endpoints.shareLinkCreate, {
      params: { org_id: where.orgId, media_grant_id: where.grantId },
      body,
      key: person.key,
    })

  const newLink = async (body: Partial<CreateShareLinkRequest> = {}, person: { key: string } = sharer) => {
    const made = await create(person, { folder_path: 'Review', label: 'Client review', ...body })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    return made.body
  }

  type Visit = { link_session?: string; path?: string; address?: string }
  const open = (token: string, visit: Visit = {}) => {
    const { address, ...query } = visit
    return callWithHeaders<Record<string, unknown>>(
      suite.url,
      'GET',
      endpointUrl(endpoints.shareOpen, { params: { share_token: token }, query }),
      address ? { forwardedFor: address } : {},
    )
  }
  const session = async (token: string) => {
    const opened = await open(token)
    expect(opened.status, JSON.stringify(opened.body)).toBe(200)
    return opened.body.link_session as string
  }
  const downloadUrl = (
    token: string,
    mediaId: number,
    query: { link_session?: string; inline?: string } = {},
    address?: string,
  ) =>
    callWithHeaders<Record<string, unknown>>(
      suite.url,
      'GET',
      endpointUrl(endpoints.shareDownloadUrl, { params: { share_token: token, media_id: mediaId }, query }),
      address ? { forwardedFor: address } : {},
    )
  const thumbnail = (token: string, mediaId: number, query: { link_session?: string; size?: string } = {}) =>
    callWithHeaders<Record<string, unknown>>(
      suite.url,
      'GET',
      endpointUrl(endpoints.shareThumbnail, { params: { share_token: token, media_id: mediaId }, query }),
    )
  /** A file's thumbnails as the derivative job leaves them: both WebPs in the local store, the row ready. */
  const readyThumbnails = async (orgId: number, file: StoredFile) => {
    const store = suite.server.app.store
    if (!(store instanceof LocalStore)) throw new Error('the test server uses the local store')
    const picture = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#336699' },
    })
      .webp()
      .toBuffer()
    for (const size of ['small', 'large'] as const) {
      await store.put(derivativeKey({ orgId, fileHash: file.fileHash }, size), picture)
    }
    await suite.server.app.db.query(
      `INSERT INTO media_derivative (org_id, file_hash, store_id, state) VALUES ($1, $2, 0, 'ready')
       ON CONFLICT (org_id, file_hash) DO UPDATE SET state = 'ready'`,
      [orgId, file.fileHash],
    )
  }
  /** Follows a thumbnail's redirect to the local store's signed URL (on the test server's loopback port). */
  const picture = async (location: string | undefined) => {
    expect(location).toBeDefined()
    const signed = new URL(location as string)
    const answer = await fetch(`${suite.url}${signed.pathname}${signed.search}`)
    expect(answer.status).toBe(200)
    return (await sharp(Buffer.from(await answer.arrayBuffer())).metadata()).format
  }
  const tryPassphrase = (token: string, passphrase: string, address: string) =>
    callWithHeaders<Record<string, unknown>>(
      suite.url,
      'POST',
      endpointUrl(endpoints.sharePassphrase, { params: { share_token: token } }),
      { body: { passphrase }, forwardedFor: address },
    )
  const listOf = async (person: { key: string }) => {
    const list = await callEndpoint(suite.url, endpoints.shareLinkList, {
      params: { org_id: org.orgId },
      query: {},
      key: person.key,
    })
    expect(list.status).toBe(200)
    return list.body.share_link_list
  }
  const stateOf = async (linkId: number) =>
    (await listOf(org)).find((link) => link.share_link_id === linkId)?.state

  describe('creating', () => {
    it('needs the container held with the download right', async () => {
      expect(await create(viewer, { media_id: files.cut.mediaId, label: 'x' })).toEqual(
        refusal(403, 'download_not_allowed'),
      )
      const outsider = await addPerson(suite, org, { cap_web_download: true })
      expect(await create(outsider, { media_id: files.cut.mediaId, label: 'x' })).toEqual(
        refusal(404, 'not_found'),
      )
      // Its seat is needed by the tests that remove a member (the plan has four).
      const removed = await callEndpoint(suite.url, endpoints.userRemove, {
        params: { org_id: org.orgId, user_id: outsider.userId },
        key: org.key,
      })
      expect(removed.status).toBe(200)
      const other = await adminOrg(suite, 'Othershare')
      // Another organization's file, named from one's own container.
      expect(await create(other, { media_id: files.cut.mediaId, label: 'x' }, other)).toEqual(
        refusal(404, 'not_found'),
      )
    })

    it('refuses a bad target, label, passphrase or lifetime', async () => {
      expect(await create(sharer, { label: 'x' })).toEqual(refusal(400, 'invalid_target'))
      expect(await create(sharer, { label: 'x', media_id: files.cut.mediaId, folder_path: '' })).toEqual(
        refusal(400, 'invalid_target'),
      )
      expect(await create(sharer, { label: 'x', folder_path: 'No such folder' })).toEqual(
        refusal(404, 'not_found'),
      )
      expect(await create(sharer, { label: '  ', folder_path: 'Review' })).toEqual(
        refusal(400, 'invalid_label'),
      )
      expect(await create(sharer, { label: 'x', folder_path: 'Review', passphrase: 'short' })).toEqual(
        refusal(400, 'invalid_passphrase', 8),
      )
      expect(await create(sharer, { label: 'x', folder_path: 'Review', expire_days: 31 })).toEqual(
        refusal(400, 'max_link_days', 30),
      )
    })

    it('follows the organization: a lower cap, and links turned off stop every link at once', async () => {
      const live = await newLink()
      const capped = await callEndpoint(suite.url, endpoints.shareLinkSettingsUpdate, {
        params: { org_id: org.orgId },
        body: { max_link_days: 3 },
        key: org.key,
      })
      expect(capped.body.settings).toEqual({
        share_links_enabled: true,
        max_link_days: 3,
        max_active_links: null,
      })
      // The default lifetime (7 days) is capped by the organization's.
      const short = await newLink()
      const days =
        (Date.parse(short.share_link.expires_at) - Date.parse(short.share_link.create_time)) / 86_400_000
      expect(Math.round(days)).toBe(3)
      expect(await create(sharer, { label: 'x', folder_path: 'Review', expire_days: 4 })).toEqual(
        refusal(400, 'max_link_days', 3),
      )
      const off = await callEndpoint(suite.url, endpoints.shareLinkSettingsUpdate, {
        params: { org_id: org.orgId },
        body: { share_links_enabled: false, max_link_days: 30 },
        key: org.key,
      })
      expect(off.body.settings.share_links_enabled).toBe(false)
      expect(await create(sharer, { label: 'x', folder_path: 'Review' })).toEqual(
        refusal(403, 'share_links_off'),
      )
      expect((await open(live.share_token)).status).toBe(404)
      // Members read the settings; only admins change them.
      const read = await callEndpoint(suite.url, endpoints.shareLinkSettings, {
        params: { org_id: org.orgId },
        key: sharer.key,
      })
      expect(read.body.settings.share_links_enabled).toBe(false)
      expect(
        await callEndpoint(suite.url, endpoints.shareLinkSettingsUpdate, {
          params: { org_id: org.orgId },
          body: { share_links_enabled: true },
          key: sharer.key,
        }),
      ).toEqual(refusal(403, 'admin_required'))
      await callEndpoint(suite.url, endpoints.shareLinkSettingsUpdate, {
        params: { org_id: org.orgId },
        body: { share_links_enabled: true },
        key: org.key,
      })
      expect((await open(live.share_token)).status).toBe(200)
    })
  })

  it('keeps and logs the token only as its hash', async () => {
    const made = await newLink({ passphrase: 'correct horse' })
    const token = made.share_token
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(made.share_path).toBe(`/s/${token}`)
    const linkSession = (await tryPassphrase(token, 'correct horse', '198.51.100.1')).body
      .link_session as string
    await open(token, { link_session: linkSession })
    await downloadUrl(token, files.cut.mediaId, { link_session: linkSession })
    await open(crypto.randomBytes(32).toString('base64url'))
    const [row] = await suite.server.app.db.query<{ token_hash: Uint8Array }>(
      'SELECT token_hash FROM share_link WHERE share_link_id = $1',
      [made.share_link.share_link_id],
    )
    expect(Buffer.from(row?.token_hash ?? []).toString('hex')).toBe(
      crypto.createHash('sha256').update(token).digest('hex'),
    )
    const [dump] = await suite.server.app.db.query<{ text: string }>(
      `SELECT (SELECT json_agg(l)::text FROM share_link l) || (SELECT json_agg(d)::text FROM share_link_download d)
              || (SELECT json_agg(a)::text FROM audit_event a) AS text`,
    )
    expect(dump?.text).toContain('scrypt$')
    expect(dump?.text).not.toContain(token)
    expect(dump?.text).not.toContain('correct horse')
    const logs = suite.server.logs.join('')
    // The request lines were written (routes, their ids), never the token or the link session.
    expect(logs).toContain('/s/1/:share_token')
    expect(logs).not.toContain(token)
    expect(logs).not.toContain(linkSession)
  })

  it('logs every call of a link, answered or refused, by its route and request id, the token as a mark', async () => {
    const made = await newLink({ passphrase: 'logged passphrase' })
    const token = made.share_token
    const linkSession = (await tryPassphrase(token, 'logged passphrase', '198.51.100.40')).body
      .link_session as string
    const calls: { path: string; method?: string; body?: unknown; route?: string }[] = [
      // The console's page of the link: the app shell, which is no route.
      { path: `/s/${token}` },
      { path: `/s/1/${token}?link_session=${linkSession}`, route: '/s/1/:share_token' },
      { path: `/s/1/${token}/passphrase`, method: 'POST', body: { passphrase: 'wrong one!' } },
      { path: `/s/1/${token}/media/${files.cut.mediaId}/download_url?link_session=${linkSession}` },
      { path: `/s/1/${token}/media/${files.cut.mediaId}/download_url?link_session=${linkSession}x` },
      { path: `/s/1/${token}/media/${files.cut.mediaId}/thumbnail?link_session=${linkSession}` },
      // Malformed: one character too many, and a call that does not exist.
      { path: `/s/1/${token}x` },
      { path: `/s/1/${token}/nothing` },
    ]
    const answered: { id: string; status: number; route: string | undefined }[] = []
    for (const [index, call] of calls.entries()) {
      const id = `share-log-${index}-${crypto.randomBytes(4).toString('hex')}`
      const answer = await fetch(`${suite.url}${call.path}`, {
        method: call.method ?? 'GET',
        redirect: 'manual',
        headers: {
          'x-request-id': id,
          'x-forwarded-for': '198.51.100.41',
          ...(call.body ? { 'content-type': 'application/json' } : {}),
        },
        ...(call.body ? { body: JSON.stringify(call.body) } : {}),
      })
      await answer.arrayBuffer()
      expect(answer.headers.get('x-request-id')).toBe(id)
      answered.push({ id, status: answer.status, route: call.route })
    }
    // Answered, refused (401, 403, 404, 400) and not found alike.
    expect(new Set(answered.map((call) => call.status)).size).toBeGreaterThanOrEqual(4)
    const lines = suite.server.logs.map(
      (line) =>
        JSON.parse(line) as {
          reqId?: string
          msg?: string
          status?: number
          request?: { route: string; params: Record<string, string> }
        },
    )
    for (const call of answered) {
      const line = lines.find((entry) => entry.reqId === call.id && entry.request !== undefined)
      expect(line, call.id).toBeDefined()
      expect(line?.status).toBe(call.status)
      // A route's token parameter, or the token's segment of a path no route answers (the page, a typo).
      const params = line?.request?.params ?? {}
      expect(params.share_token ?? params['*']).toMatch(/^(s\/(1\/)?)?\[secret\]/)
      if (call.route) expect(line?.request?.route).toBe(call.route)
    }
    const text = suite.server.logs.join('')
    for (const secret of [token, linkSession, 'logged passphrase']) expect(text).not.toContain(secret)
  })

  it('shows the folder as it is now, and nothing outside it', async () => {
    const made = await newLink()
    const opened = await open(made.share_token)
    expect(opened.status).toBe(200)
    expect(opened.headers['x-robots-tag']).toBe('noindex')
    const [named] = await suite.server.app.db.query<{ org_name: string }>(
      'SELECT org_name FROM org WHERE org_id = $1',
      [org.orgId],
    )
    expect(opened.body).toMatchObject({
      org_name: named?.org_name,
      label: 'Client review',
      target_kind: 'folder',
      needs_passphrase: false,
      view_only: false,
      downloads_left: null,
      path: '',
      media_list: [{ media_id: files.cut.mediaId, name: 'cut1.mov', media_kind: 'video' }],
      dir_list: [{ dir_name: 'sub', file_count: 1 }],
    })
    const text = JSON.stringify(opened.body)
    for (const hidden of ['Review', 'Private', '/media/', 'budget']) expect(text).not.toContain(hidden)
    const sub = await open(made.share_token, { path: 'sub' })
    expect(sub.body.media_list).toMatchObject([{ media_id: files.still.mediaId, name: 'still.jpg' }])
    // A new file appears.
    const added = await storeFile(suite, org, org.grantId, 'Review/cut2.mov', 'the second cut')
    const again = await open(made.share_token)
    expect((again.body.media_list as { name: string }[]).map((file) => file.name)).toEqual([
      'cut1.mov',
      'cut2.mov',
    ])
    const linkSession = again.body.link_session as string
    const url = await downloadUrl(made.share_token, added.mediaId, { link_session: linkSession })
    expect(url.status, JSON.stringify(url.body)).toBe(200)
    expect(url.headers['x-robots-tag']).toBe('noindex')
    // A file outside the folder, though in the same container, is not the link's.
    expect(
      await downloadUrl(made.share_token, files.secret.mediaId, { link_session: linkSession }),
    ).toMatchObject(refusal(404, 'not_found'))
    // Without a link session, nothing is given.
    expect(await downloadUrl(made.share_token, files.cut.mediaId)).toMatchObject(
      refusal(401, 'passphrase_required'),
    )
  })

  it('shows a file link as its one file', async () => {
    const made = await newLink({ folder_path: undefined, media_id: files.still.mediaId, label: 'One still' })
    const opened = await open(made.share_token)
    expect(opened.body).toMatchObject({
      target_kind: 'file',
      media_list: [{ media_id: files.still.mediaId, name: 'still.jpg' }],
      dir_list: [],
    })
    const linkSession = opened.body.link_session as string
    expect(
      (await downloadUrl(made.share_token, files.cut.mediaId, { link_session: linkSession })).status,
    ).toBe(404)
  })

  it('asks for the passphrase, and limits its tries per link', async () => {
    const made = await newLink({ passphrase: 'open sesame 1' })
    const opened = await open(made.share_token)
    expect(opened.body).toMatchObject({
      needs_passphrase: true,
      link_session: null,
      media_list: [],
      dir_list: [],
    })
    expect(await tryPassphrase(made.share_token, 'wrong guess!', '198.51.100.2')).toMatchObject(
      refusal(403, 'wrong_passphrase'),
    )
    const given = await tryPassphrase(made.share_token, 'open sesame 1', '198.51.100.3')
    expect(given.status).toBe(200)
    const inside = await open(made.share_token, { link_session: given.body.link_session as string })
    expect(inside.body.needs_passphrase).toBe(false)
    expect(inside.body.media_list).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'cut1.mov' })]),
    )
    // A session of another link opens nothing here.
    const otherSession = await session((await newLink()).share_token)
    expect((await open(made.share_token, { link_session: otherSession })).body.needs_passphrase).toBe(true)
    // Ten tries per link in five minutes, whatever the addresses; then even the right one is refused.
    for (let attempt = 2; attempt < 10; attempt++) {
      const wrong = await tryPassphrase(made.share_token, `guess ${attempt}!!`, `198.51.100.${10 + attempt}`)
      expect(wrong.status).toBe(403)
    }
    expect(await tryPassphrase(made.share_token, 'open sesame 1', '198.51.100.99')).toMatchObject(
      refusal(429, 'too_many_tries'),
    )
  })

  it('limits passphrase tries per address, across links, as sign-in attempts are', async () => {
    const links = await Promise.all(
      [1, 2, 3, 4].map(async (n) => (await newLink({ passphrase: `open sesame ${n}` })).share_token),
    )
    const [first, second, third, fourth] = links as [string, string, string, string]
    // Thirty tries in five minutes from one address, at any links: ten at each of three links (each link's
    // own limit just reached), then the address is refused at a fourth link it never tried.
    const guesser = '192.0.2.60'
    for (const token of [first, second, third]) {
      for (let attempt = 0; attempt < 10; attempt++) {
        expect((await tryPassphrase(token, `guess ${attempt}!!`, guesser)).status).toBe(403)
      }
    }
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(await tryPassphrase(fourth, 'open sesame 4', guesser)).toMatchObject(
        refusal(429, 'too_many_tries'),
      )
    }
    // The refused tries were not counted against the fourth link: another address has all its ten.
    for (let attempt = 0; attempt < 9; attempt++) {
      expect((await tryPassphrase(fourth, `guess ${attempt}!!`, '192.0.2.61')).status).toBe(403)
    }
    expect((await tryPassphrase(fourth, 'open sesame 4', '192.0.2.62')).status).toBe(200)
  })

  it('counts an IPv6 address by its /64 for the passphrase limit', async () => {
    const links = await Promise.all(
      [1, 2, 3].map(async (n) => (await newLink({ passphrase: `open sesame ${n}` })).share_token),
    )
    // Thirty tries from addresses of one /64 (one host or customer line), ten at each link.
    let host = 0
    for (const token of links) {
      for (let attempt = 0; attempt < 10; attempt++) {
        const address = `2001:db8:60:1::${(++host).toString(16)}`
        expect((await tryPassphrase(token, `guess ${attempt}!!`, address)).status).toBe(403)
      }
    }
    const fresh = (await newLink({ passphrase: 'open sesame 5' })).share_token
    expect(await tryPassphrase(fresh, 'open sesame 5', '2001:db8:60:1:ffff::1')).toMatchObject(
      refusal(429, 'too_many_tries'),
    )
    // The next /64 is another line.
    expect((await tryPassphrase(fresh, 'open sesame 5', '2001:db8:60:2::1')).status).toBe(200)
  })

  it('counts a file once per visit against the download limit', async () => {
    const made = await newLink({ download_limit: 2 })
    const token = made.share_token
    const first = await session(token)
    for (let ask = 0; ask < 3; ask++) {
      expect((await downloadUrl(token, files.cut.mediaId, { link_session: first })).status).toBe(200)
    }
    expect((await open(token)).body.downloads_left).toBe(1)
    expect((await downloadUrl(token, files.still.mediaId, { link_session: first })).status).toBe(200)
    const second = await session(token)
    expect(await downloadUrl(token, files.cut.mediaId, { link_session: second })).toMatchObject(
      refusal(410, 'link_used_up'),
    )
    // The page still opens and says so; playing stays possible.
    expect((await open(token)).body.downloads_left).toBe(0)
    expect(
      (await downloadUrl(token, files.cut.mediaId, { link_session: second, inline: 'true' })).status,
    ).toBe(200)
    expect(await stateOf(made.share_link.share_link_id)).toBe('used_up')
  })

  it('gives a view-only link no download, only playback', async () => {
    const made = await newLink({ view_only: true })
    const linkSession = await session(made.share_token)
    expect(
      await downloadUrl(made.share_token, files.cut.mediaId, { link_session: linkSession }),
    ).toMatchObject(refusal(403, 'view_only'))
    const played = await downloadUrl(made.share_token, files.cut.mediaId, {
      link_session: linkSession,
      inline: '1',
    })
    expect(played.status).toBe(200)
    // The link's own refusals come before the file is looked for; playing a file outside it finds nothing.
    expect(
      await downloadUrl(made.share_token, files.secret.mediaId, { link_session: linkSession }),
    ).toMatchObject(refusal(403, 'view_only'))
    expect(
      await downloadUrl(made.share_token, files.secret.mediaId, { link_session: linkSession, inline: '1' }),
    ).toMatchObject(refusal(404, 'not_found'))
    expect(await downloadUrl(made.share_token, files.secret.mediaId, { inline: '1' })).toMatchObject(
      refusal(401, 'passphrase_required'),
    )
  })

  describe('thumbnails', () => {
    it('redirects to a signed picture of a file of the link, a preview being a view, and counts no download', async () => {
      await readyThumbnails(org.orgId, files.still)
      const made = await newLink({ label: 'Thumbnails', download_limit: 1 })
      const token = made.share_token
      const linkSession = await session(token)
      const small = await thumbnail(token, files.still.mediaId, { link_session: linkSession })
      expect(small.status, JSON.stringify(small.body)).toBe(302)
      expect(small.headers['cache-control']).toMatch(/^private, max-age=\d+$/)
      expect(small.headers['x-robots-tag']).toBe('noindex')
      expect(await picture(small.headers.location)).toBe('webp')
      const large = await thumbnail(token, files.still.mediaId, { link_session: linkSession, size: 'large' })
      expect(large.status).toBe(302)
      expect(await picture(large.headers.location)).toBe('webp')
      // A thumbnail is not the file: no download is counted, and a used-up link still shows its pictures.
      expect((await open(token)).body.downloads_left).toBe(1)
      const [rows] = await suite.server.app.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM share_link_download WHERE share_link_id = $1',
        [made.share_link.share_link_id],
      )
      expect(rows?.n).toBe(0)
      expect((await downloadUrl(token, files.still.mediaId, { link_session: linkSession })).status).toBe(200)
      expect(await stateOf(made.share_link.share_link_id)).toBe('used_up')
      expect((await thumbnail(token, files.still.mediaId, { link_session: linkSession })).status).toBe(302)
      // The preview (large) is a view in the file's trail; the small ones, a grid's, are not.
      const tracking = await callEndpoint(suite.url, endpoints.mediaAudit, {
        params: { org_id: org.orgId, media_id: files.still.mediaId },
        key: org.key,
      })
      const views = tracking.body.audit_list.filter((event) => event.dest_path === 'Link: Thumbnails')
      // The preview and the download.
      expect(views).toHaveLength(2)
      // A file of the link without thumbnails says so.
      expect(await thumbnail(token, files.cut.mediaId, { link_session: linkSession })).toMatchObject(
        refusal(404, 'no_thumbnail'),
      )
      // Without the visit's session, nothing.
      expect(await thumbnail(token, files.still.mediaId)).toMatchObject(refusal(401, 'passphrase_required'))
    })

    it('shows thumbnails on a view-only link', async () => {
      await readyThumbnails(org.orgId, files.still)
      const made = await newLink({ view_only: true })
      const linkSession = await session(made.share_token)
      const small = await thumbnail(made.share_token, files.still.mediaId, { link_session: linkSession })
      expect(small.status).toBe(302)
      expect(await picture(small.headers.location)).toBe('webp')
    })

    it("answers a file outside the link and another organization's file alike, not found", async () => {
      await readyThumbnails(org.orgId, files.still)
      await readyThumbnails(org.orgId, files.secret)
      const elsewhere = await adminOrg(suite, 'Thumbsother')
      const theirs = await storeFile(suite, elsewhere, elsewhere.grantId, 'Review/their.jpg', 'their still')
      await readyThumbnails(elsewhere.orgId, theirs)
      const folder = await newLink()
      const folderSession = await session(folder.share_token)
      const notFound = refusal(404, 'not_found')
      // In the same container, outside the folder.
      expect(
        await thumbnail(folder.share_token, files.secret.mediaId, { link_session: folderSession }),
      ).toMatchObject(notFound)
      // Another organization's file, its thumbnails ready.
      expect(
        await thumbnail(folder.share_token, theirs.mediaId, { link_session: folderSession }),
      ).toMatchObject(notFound)
      // A file link gives only its file, even one in the same folder.
      const one = await newLink({ folder_path: undefined, media_id: files.cut.mediaId, label: 'One cut' })
      const oneSession = await session(one.share_token)
      expect(
        await thumbnail(one.share_token, files.still.mediaId, { link_session: oneSession, size: 'large' }),
      ).toMatchObject(notFound)
      expect(await thumbnail(one.share_token, theirs.mediaId, { link_session: oneSession })).toMatchObject(
        notFound,
      )
    })

    it('answers a revoked link as an unknown one, and an expired one as its page does', async () => {
      await readyThumbnails(org.orgId, files.still)
      const unknown = await thumbnail(crypto.randomBytes(32).toString('base64url'), files.still.mediaId)
      expect(unknown).toMatchObject(refusal(404, 'unknown_link'))

      const revoked = await newLink()
      const revokedSession = await session(revoked.share_token)
      const revoking = await callEndpoint(suite.url, endpoints.shareLinkRevoke, {
        params: { org_id: org.orgId, share_link_id: revoked.share_link.share_link_id },
        key: sharer.key,
      })
      expect(revoking.status).toBe(200)
      const gone = await thumbnail(revoked.share_token, files.still.mediaId, { link_session: revokedSession })
      expect({ status: gone.status, body: gone.body }).toEqual({ status: unknown.status, body: unknown.body })
      expect(gone.headers['content-length']).toBe(unknown.headers['content-length'])

      const expired = await newLink()
      const expiredSession = await session(expired.share_token)
      await suite.server.app.db.query(
        "UPDATE share_link SET expires_at = now() - interval '1 second' WHERE share_link_id = $1",
        [expired.share_link.share_link_id],
      )
      expect(
        await thumbnail(expired.share_token, files.still.mediaId, { link_session: expiredSession }),
      ).toMatchObject(refusal(410, 'link_expired'))
    })
  })

  it('expires', async () => {
    const made = await newLink()
    await suite.server.app.db.query(
      "UPDATE share_link SET expires_at = now() - interval '1 second' WHERE share_link_id = $1",
      [made.share_link.share_link_id],
    )
    expect(await open(made.share_token)).toMatchObject(refusal(410, 'link_expired'))
    expect(await stateOf(made.share_link.share_link_id)).toBe('expired')
  })

  it('answers revoked and unknown links alike', async () => {
    const made = await newLink()
    const revoked = await callEndpoint(suite.url, endpoints.shareLinkRevoke, {
      params: { org_id: org.orgId, share_link_id: made.share_link.share_link_id },
      key: sharer.key,
    })
    expect(revoked.body.share_link.state).toBe('revoked')
    const unknown = await open(crypto.randomBytes(32).toString('base64url'))
    const gone = await open(made.share_token)
    expect({ status: gone.status, body: gone.body }).toEqual({ status: unknown.status, body: unknown.body })
    expect(unknown).toMatchObject(refusal(404, 'unknown_link'))
    expect(gone.headers['content-length']).toBe(unknown.headers['content-length'])
    expect(gone.headers['x-robots-tag']).toBe('noindex')
  })

  it('lets a member see and revoke their own links, and an admin every link', async () => {
    const mine = await newLink({ label: 'Mine' })
    const admins = await newLink({ label: 'Admins' }, org)
    const seen = (await listOf(sharer)).map((link) => link.share_link_id)
    expect(seen).toContain(mine.share_link.share_link_id)
    expect(seen).not.toContain(admins.share_link.share_link_id)
    expect((await listOf(org)).map((link) => link.share_link_id)).toEqual(
      expect.arrayContaining([mine.share_link.share_link_id, admins.share_link.share_link_id]),
    )
    const listed = (await listOf(org)).find((link) => link.share_link_id === mine.share_link.share_link_id)
    expect(listed).toMatchObject({ email: sharer.email, target_path: 'Review/', target_kind: 'folder' })
    expect(
      await callEndpoint(suite.url, endpoints.shareLinkRevoke, {
        params: { org_id: org.orgId, share_link_id: admins.share_link.share_link_id },
        key: sharer.key,
      }),
    ).toEqual(refusal(404, 'not_found'))
    const byAdmin = await callEndpoint(suite.url, endpoints.shareLinkRevoke, {
      params: { org_id: org.orgId, share_link_id: mine.share_link.share_link_id },
      key: org.key,
    })
    expect(byAdmin.body.share_link.state).toBe('revoked')
    // Another organization's admin sees none of them, and revokes none.
    const other = await adminOrg(suite, 'Otherlists')
    const theirs = await callEndpoint(suite.url, endpoints.shareLinkList, {
      params: { org_id: other.orgId },
      query: {},
      key: other.key,
    })
    expect(theirs.body.share_link_list).toEqual([])
    expect(
      await callEndpoint(suite.url, endpoints.shareLinkRevoke, {
        params: { org_id: other.orgId, share_link_id: admins.share_link.share_link_id },
        key: other.key,
      }),
    ).toEqual(refusal(404, 'not_found'))
  })

  it("records making and revoking a link, and the link settings, in the organization's trail, never the token", async () => {
    const made = await newLink({ label: 'Trail review', passphrase: 'trail passphrase', download_limit: 3 })
    const byAdmin = await newLink(
      { folder_path: undefined, media_id: files.cut.mediaId, label: 'Trail cut', view_only: true },
      org,
    )
    const revoke = (linkId: number, person: { key: string }) =>
      callEndpoint(suite.url, endpoints.shareLinkRevoke, {
        params: { org_id: org.orgId, share_link_id: linkId },
        key: person.key,
      })
    expect((await revoke(made.share_link.share_link_id, org)).status).toBe(200)
    // Revoking a revoked link changes nothing and records nothing.
    expect((await revoke(made.share_link.share_link_id, org)).status).toBe(200)
    expect((await revoke(byAdmin.share_link.share_link_id, org)).status).toBe(200)
    const settings = (body: { share_links_enabled?: boolean; max_link_days?: number }) =>
      callEndpoint(suite.url, endpoints.shareLinkSettingsUpdate, {
        params: { org_id: org.orgId },
        body,
        key: org.key,
      })
    expect((await settings({ max_link_days: 14 })).status).toBe(200)
    // Unchanged settings record nothing.
    expect((await settings({ max_link_days: 14, share_links_enabled: true })).status).toBe(200)
    expect((await settings({ max_link_days: 30 })).status).toBe(200)
    // A link refused (its folder does not exist) is neither kept nor recorded.
    expect(await create(sharer, { label: 'Trail nowhere', folder_path: 'Nowhere' })).toEqual(
      refusal(404, 'not_found'),
    )

    const trail = await callEndpoint(suite.url, endpoints.adminEventList, {
      params: { org_id: org.orgId },
      query: { limit: '6' },
      key: org.key,
    })
    expect(trail.status).toBe(200)
    const events = trail.body.admin_event_list.map((event) => ({
      action: event.action,
      user_id: event.user_id,
      volume_id: event.volume_id,
      media_grant_id: event.media_grant_id,
      subject_user_id: event.subject_user_id,
      summary: event.summary,
    }))
    const [adminId] = (
      await suite.server.app.db.query<{ user_id: number }>(
        'SELECT user_id FROM app_user WHERE lower(email) = lower($1)',
        [org.email],
      )
    ).map((row) => row.user_id)
    const onContainer = { volume_id: org.volumeId, media_grant_id: org.grantId }
    const noTarget = { volume_id: null, media_grant_id: null, subject_user_id: null }
    // Newest first.
    expect(events).toEqual([
      {
        action: 'share_link_settings',
        user_id: adminId,
        ...noTarget,
        summary: 'Share links: max_link_days 14 → 30',
      },
      {
        action: 'share_link_settings',
        user_id: adminId,
        ...noTarget,
        summary: 'Share links: max_link_days 30 → 14',
      },
      {
        action: 'share_link_revoke',
        user_id: adminId,
        ...onContainer,
        subject_user_id: adminId,
        summary: expect.stringContaining('Revoked link Trail cut to Review/cut1.mov of container'),
      },
      {
        action: 'share_link_revoke',
        user_id: adminId,
        ...onContainer,
        subject_user_id: sharer.userId,
        summary: expect.stringMatching(/^Revoked link Trail review to Review\/ of container .+, made by /),
      },
      {
        action: 'share_link_create',
        user_id: adminId,
        ...onContainer,
        subject_user_id: null,
        summary: expect.stringMatching(
          /^Made link Trail cut to Review\/cut1\.mov of container .+ \(7 day\(s\), view only\)$/,
        ),
      },
      {
        action: 'share_link_create',
        user_id: sharer.userId,
        ...onContainer,
        subject_user_id: null,
        summary: expect.stringMatching(
          /^Made link Trail review to Review\/ of container .+ \(7 day\(s\), a passphrase, 3 download\(s\)\)$/,
        ),
      },
    ])
    expect(events[3]?.summary).toContain(sharer.email.toLowerCase())
    const text = JSON.stringify(trail.body)
    for (const secret of [made.share_token, byAdmin.share_token, 'trail passphrase']) {
      expect(text).not.toContain(secret)
    }
    const [rows] = await suite.server.app.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM share_link WHERE label = 'Trail nowhere'",
    )
    expect(rows?.n).toBe(0)
    // Another organization's admin reads none of it.
    const other = await adminOrg(suite, 'Othertrail')
    const theirs = await callEndpoint(suite.url, endpoints.adminEventList, {
      params: { org_id: other.orgId },
      query: {},
      key: other.key,
    })
    const actions: string[] = theirs.body.admin_event_list.map((event) => event.action)
    expect(actions.filter((action) => action.startsWith('share_link'))).toEqual([])
  })

  describe('stop at once', () => {
    const unknownLink = refusal(404, 'unknown_link')

    it('when the creator is removed from the organization', async () => {
      const leaving = await addPerson(suite, org, { cap_web_download: true }, [org.grantId])
      const made = await newLink({}, leaving)
      const linkSession = await session(made.share_token)
      const removed = await callEndpoint(suite.url, endpoints.userRemove, {
        params: { org_id: org.orgId, user_id: leaving.userId },
        key: org.key,
      })
      expect(removed.status).toBe(200)
      expect(await open(made.share_token)).toMatchObject(unknownLink)
      expect(
        await downloadUrl(made.share_token, files.cut.mediaId, { link_session: linkSession }),
      ).toMatchObject(unknownLink)
      expect(await stateOf(made.share_link.share_link_id)).toBe('stopped')
    })

    it('when the container or its volume is disabled', async () => {
      const made = await newLink()
      const toggle = async (call: 'grant' | 'volume', isDisabled: 0 | 1) => {
        const answer =
          call === 'grant'
            ? await callEndpoint(suite.url, endpoints.grantUpdate, {
                params: { org_id: org.orgId, media_grant_id: org.grantId },
                body: { is_disabled: isDisabled },
                key: org.key,
              })
            : await callEndpoint(suite.url, endpoints.volumeUpdate, {
                params: { org_id: org.orgId, volume_id: org.volumeId },
                body: { is_disabled: isDisabled },
                key: org.key,
              })
        expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      }
      for (const what of ['grant', 'volume'] as const) {
        await toggle(what, 1)
        expect(await open(made.share_token)).toMatchObject(unknownLink)
        await toggle(what, 0)
        expect((await open(made.share_token)).status).toBe(200)
      }
    })

    it('when the target is deleted', async () => {
      const doomed = await storeFile(suite, org, org.grantId, 'Review/doomed.mov', 'doomed')
      const made = await newLink({ folder_path: undefined, media_id: doomed.mediaId, label: 'Doomed' })
      expect((await open(made.share_token)).status).toBe(200)
      const deleted = await callEndpoint(suite.url, endpoints.mediaDelete, {
        params: { org_id: org.orgId, media_grant_id: org.grantId, media_id: doomed.mediaId },
        key: org.key,
      })
      expect(deleted.status).toBe(200)
      expect(await open(made.share_token)).toMatchObject(unknownLink)
    })

    it('when the creator loses the download right, until it is given back', async () => {
      const made = await newLink()
      const setRight = async (on: boolean) => {
        const changed = await callEndpoint(suite.url, endpoints.userUpdate, {
          params: { org_id: org.orgId, user_id: sharer.userId },
          body: { cap_web_download: on },
          key: org.key,
        })
        expect(changed.status, JSON.stringify(changed.body)).toBe(200)
      }
      await setRight(false)
      expect(await open(made.share_token)).toMatchObject(unknownLink)
      await setRight(true)
      expect((await open(made.share_token)).status).toBe(200)
    })
  })

  it("records every view and download in the volume's trail as the link, with the visitor's address", async () => {
    const made = await newLink({ label: 'Audit review' })
    const linkSession = await session(made.share_token)
    const got = await downloadUrl(
      made.share_token,
      files.cut.mediaId,
      { link_session: linkSession },
      '203.0.113.7',
    )
    expect(got.status).toBe(200)
    const played = await downloadUrl(
      made.share_token,
      files.cut.mediaId,
      { link_session: linkSession, inline: 'true' },
      '203.0.113.8',
    )
    expect(played.status).toBe(200)
    const trail = await callEndpoint(suite.url, endpoints.volumeAudit, {
      params: { org_id: org.orgId, volume_id: org.volumeId },
      query: {},
      key: org.key,
    })
    const events = trail.body.audit_list.filter((event) => event.dest_path === 'Link: Audit review')
    expect(events).toHaveLength(2)
    // Newest first.
    expect(events.map((event) => event.visitor_address)).toEqual(['203.0.113.8', '203.0.113.7'])
    expect(events[0]).toMatchObject({ media_path: '/media/Review/cut1.mov', user_id: sharer.userId })
    const tracking = await callEndpoint(suite.url, endpoints.mediaAudit, {
      params: { org_id: org.orgId, media_id: files.cut.mediaId },
      key: org.key,
    })
    expect(tracking.body.audit_list.filter((event) => event.dest_path === 'Link: Audit review')).toHaveLength(
      2,
    )
  })
})
