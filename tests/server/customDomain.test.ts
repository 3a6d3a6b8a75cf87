import { describe, expect, it } from 'vitest'
import { DOMAIN_PREFIX_HOLD_DAYS } from '../../server/contract/limits.ts'
import { domainPrefixOf, heldPrefixTarget } from '../../server/http/customDomain.ts'
import { readyOrg, signUp, tryCodeLogin, uniqueEmail } from './helpers/accounts.ts'
import { databaseKinds } from './helpers/databases.ts'
import { call, callWithHeaders } from './helpers/http.ts'
import { addMember, useServer } from './helpers/suite.ts'

describe('domainPrefixOf', () => {
  it('takes the left-most label of a host under the base domain', () => {
    expect(domainPrefixOf('acme.example.com', 'example.com')).toBe('acme')
    expect(domainPrefixOf('ACME.example.com:8443', 'example.com')).toBe('acme')
    expect(domainPrefixOf('acme.localhost:8080', 'localhost')).toBe('acme')
  })
  it('finds none on the product’s own hosts and elsewhere', () => {
    expect(domainPrefixOf('example.com', 'example.com')).toBeNull()
    expect(domainPrefixOf('www.example.com', 'example.com')).toBeNull()
    expect(domainPrefixOf('localhost:8080', 'localhost')).toBeNull()
    expect(domainPrefixOf('acme.example.org', 'example.com')).toBeNull()
    expect(domainPrefixOf('notexample.com', 'example.com')).toBeNull()
    expect(domainPrefixOf(undefined, 'example.com')).toBeNull()
  })
})

describe('heldPrefixTarget', () => {
  const config = { baseDomain: 'example.com', publicUrl: 'https://example.com' }
  it('keeps scheme, port, path and query on the current host, or goes to the main site', () => {
    const request = { protocol: 'https', host: 'old.example.com:8443', url: '/files/a%20b?q=1&r=2' }
    expect(heldPrefixTarget(request, 'new', config)).toBe('https://new.example.com:8443/files/a%20b?q=1&r=2')
    expect(heldPrefixTarget(request, null, config)).toBe('https://example.com/files/a%20b?q=1&r=2')
  })
  it('keeps a path that looks like another host on the target host', () => {
    const request = { protocol: 'https', host: 'old.example.com', url: '//evil.example/x?y=1' }
    expect(heldPrefixTarget(request, 'new', config)).toBe('https://new.example.com//evil.example/x?y=1')
    const absolute = { ...request, url: 'http://evil.example/x?y=1' }
    expect(heldPrefixTarget(absolute, null, config)).toBe('https://example.com/x?y=1')
  })
  it('never redirects a host to itself', () => {
    const request = { protocol: 'https', host: 'old.example.com', url: '/' }
    expect(
      heldPrefixTarget(request, null, { ...config, publicUrl: 'https://old.example.com' }),
    ).toBeUndefined()
  })
})

describe.each(databaseKinds)('custom domains on %s', (kind) => {
  const suite = useServer(kind, { BASE_DOMAIN: 'media.test', PUBLIC_URL: 'http://media.test:8080' })

  it('tells the browser its prefix', async () => {
    expect((await call(suite.url, 'GET', '/api/1/config', { host: 'acme.media.test' })).body).toMatchObject({
      domain_prefix: 'acme',
      domain_suffix: '.media.test',
      stripe_publishable_key: null,
    })
    expect((await call(suite.url, 'GET', '/api/1/config', { host: 'media.test' })).body).toMatchObject({
      domain_prefix: null,
    })
  })

  it('refuses signup there, and lets only members of its organization sign in', async () => {
    const client = { url: suite.url, mailbox: suite.mailbox }
    const org = await readyOrg(client, 'Domain')
    const prefix = `team${Math.random().toString(36).slice(2, 7)}`
    expect(
      (
        await call(suite.url, 'POST', `/api/1/org/${org.orgId}`, {
          key: org.key,
          body: { domain_prefix: prefix },
        })
      ).status,
    ).toBe(200)
    const host = `${prefix}.media.test`

    const refused = await call(suite.url, 'POST', '/api/1/user/email_code', {
      host,
      body: { email: uniqueEmail('walk-in'), signup: true },
    })
    expect(refused).toEqual({ status: 403, body: { error: 'signup_not_allowed' } })

    const outsiderEmail = uniqueEmail('outsider')
    await signUp(client, outsiderEmail)
    const outsider = await tryCodeLogin(client, outsiderEmail, { host })
    expect(outsider).toEqual({ status: 412, body: { error: 'not_a_member' } })

    // On the product's own host, naming the prefix has the same effect.
    const named = await tryCodeLogin(client, outsiderEmail, { domainPrefix: prefix })
    expect(named.status).toBe(412)

    await addMember(suite, org.key, org.orgId, outsiderEmail)
    const member = await tryCodeLogin(client, outsiderEmail, { host })
    expect(member.status).toBe(200)

    const admin = await tryCodeLogin(client, org.email, { host })
    expect(admin.status).toBe(200)
  })
})

describe.each(databaseKinds)('released domain prefixes on %s', (kind) => {
  const suite = useServer(kind, { BASE_DOMAIN: 'media.test', PUBLIC_URL: 'http://media.test:8080' })
  const client = () => ({ url: suite.url, mailbox: suite.mailbox })
  const fresh = (label: string) => `${label}-${Math.random().toString(36).slice(2, 8)}`
  const setPrefix = (org: { key: string; orgId: number }, domain_prefix: string | null) =>
    call(suite.url, 'POST', `/api/1/org/${org.orgId}`, { key: org.key, body: { domain_prefix } })
  const used = { status: 409, body: { error: 'used_domain_prefix' } }
  const holdOf = async (prefix: string) => {
    const [row] = await suite.server.app.db.query<{ org_id: number; days: number }>(
      `SELECT org_id::int AS org_id, extract(epoch FROM held_until - released_at)::int / 86400 AS days
         FROM domain_prefix_hold WHERE prefix = $1`,
      [prefix],
    )
    return row
  }

  it('holds a released prefix for its organization, which alone may take it back', async () => {
    const a = await readyOrg(client(), 'Holder')
    const b = await readyOrg(client(), 'Claimer')
    const [first, second] = [fresh('first'), fresh('second')]
    expect((await setPrefix(a, first)).status).toBe(200)
    expect((await setPrefix(a, second)).status).toBe(200)
    expect(await holdOf(first)).toEqual({ org_id: a.orgId, days: DOMAIN_PREFIX_HOLD_DAYS })

    expect(await setPrefix(b, first)).toEqual(used)
    expect(await setPrefix(b, second)).toEqual(used)

    // Taking it back ends its hold and holds the one given up instead.
    expect((await setPrefix(a, first)).status).toBe(200)
    expect(await holdOf(first)).toBeUndefined()
    expect((await holdOf(second))?.org_id).toBe(a.orgId)
    expect(await setPrefix(b, second)).toEqual(used)
    const detail = await call<{ org: { domain_prefix: string | null } }>(
      suite.url,
      'GET',
      `/api/1/org/${a.orgId}`,
      { key: a.key },
    )
    expect(detail.body.org.domain_prefix).toBe(first)
  })

  it('frees a prefix once its hold has expired', async () => {
    const a = await readyOrg(client(), 'Expiring')
    const b = await readyOrg(client(), 'Waiting')
    const old = fresh('old')
    expect((await setPrefix(a, old)).status).toBe(200)
    expect((await setPrefix(a, null)).status).toBe(200)
    expect(await setPrefix(b, old)).toEqual(used)

    await suite.server.app.db.query(
      "UPDATE domain_prefix_hold SET held_until = now() - interval '1 second' WHERE prefix = $1",
      [old],
    )
    // The host is an unknown prefix again, answered as any other.
    const config = await call(suite.url, 'GET', '/api/1/config', { host: `${old}.media.test` })
    expect(config).toMatchObject({ status: 200, body: { domain_prefix: old } })
    expect((await setPrefix(b, old)).status).toBe(200)
    expect(await holdOf(old)).toBeUndefined()
    // Now the holder of the old hold is refused like anyone else.
    expect(await setPrefix(a, old)).toEqual(used)
  })

  it('redirects the old host to the current one with path and query, and leaves unknown hosts alone', async () => {
    const a = await readyOrg(client(), 'Moving')
    const [old, now] = [fresh('was'), fresh('now')]
    expect((await setPrefix(a, old)).status).toBe(200)
    expect((await setPrefix(a, now)).status).toBe(200)

    const page = await callWithHeaders(suite.url, 'GET', '/files/a%20b?volume=3&path=%2Fx', {
      host: `${old}.media.test:8443`,
    })
    expect(page.status).toBe(308)
    expect(page.headers.location).toBe(`http://${now}.media.test:8443/files/a%20b?volume=3&path=%2Fx`)
    expect(page.headers['cache-control']).toBe('no-store')
    // An API call keeps its method through a 308.
    const api = await callWithHeaders(suite.url, 'POST', '/api/1/user/email_code', {
      host: `${old}.media.test`,
      body: { email: uniqueEmail('redirected') },
    })
    expect(api.status).toBe(308)
    expect(api.headers.location).toBe(`http://${now}.media.test/api/1/user/email_code`)

    // The current host and an unknown prefix answer as before.
    expect(await call(suite.url, 'GET', '/api/1/config', { host: `${now}.media.test` })).toMatchObject({
      status: 200,
      body: { domain_prefix: now },
    })
    const unknown = fresh('unknown')
    expect(await call(suite.url, 'GET', '/api/1/config', { host: `${unknown}.media.test` })).toMatchObject({
      status: 200,
      body: { domain_prefix: unknown },
    })

    // Without a prefix now, the old hosts lead to the main site.
    expect((await setPrefix(a, null)).status).toBe(200)
    const main = await callWithHeaders(suite.url, 'GET', '/login?next=%2Fhome', { host: `${old}.media.test` })
    expect(main.status).toBe(308)
    expect(main.headers.location).toBe('http://media.test:8080/login?next=%2Fhome')
    const latest = await callWithHeaders(suite.url, 'GET', '/home', { host: `${now}.media.test` })
    expect(latest.headers.location).toBe('http://media.test:8080/home')
  })

  it('holds at most 3 old prefixes for an organization, releasing the oldest when a 4th would be held', async () => {
    const a = await readyOrg(client(), 'Rebrander')
    const b = await readyOrg(client(), 'Newcomer')
    const prefixes = [0, 1, 2, 3, 4].map((n) => fresh(`brand${n}`))
    for (const prefix of prefixes) expect((await setPrefix(a, prefix)).status).toBe(200)
    const [oldest, ...kept] = prefixes.slice(0, 4) as [string, ...string[]]
    const heldBy = async () =>
      (
        await suite.server.app.db.query<{ prefix: string }>(
          'SELECT prefix FROM domain_prefix_hold WHERE org_id = $1 ORDER BY released_at',
          [a.orgId],
        )
      ).map((row) => row.prefix)
    expect(await heldBy()).toEqual(kept)
    // The oldest is released: its host no longer leads to the organization, and anyone may take it.
    const config = await callWithHeaders(suite.url, 'GET', '/api/1/config', { host: `${oldest}.media.test` })
    expect(config.status).toBe(200)
    for (const prefix of kept) expect(await setPrefix(b, prefix)).toEqual(used)
    expect((await setPrefix(b, oldest)).status).toBe(200)

    // Taking one back ends its hold; clearing the prefix then holds the current one, still within 3.
    expect((await setPrefix(a, kept[0] as string)).status).toBe(200)
    expect(await heldBy()).toEqual([kept[1], kept[2], prefixes[4]])
    expect((await setPrefix(a, null)).status).toBe(200)
    expect(await heldBy()).toEqual([kept[2], prefixes[4], kept[0]])
    expect((await setPrefix(b, kept[1] as string)).status).toBe(200)
  })

  it('refuses a prefix being released at the same moment', async () => {
    const a = await readyOrg(client(), 'Releasing')
    const b = await readyOrg(client(), 'Grabbing')
    const [contested, next] = [fresh('contested'), fresh('next')]
    expect((await setPrefix(a, contested)).status).toBe(200)
    const [moved, grabbed] = await Promise.all([setPrefix(a, next), setPrefix(b, contested)])
    expect(moved.status).toBe(200)
    expect(grabbed).toEqual(used)
  })
})
