import { describe, expect, it } from 'vitest'
import { domainPrefixOf } from '../../server/http/customDomain.ts'
import { readyOrg, signUp, tryCodeLogin, uniqueEmail } from './helpers/accounts.ts'
import { databaseKinds } from './helpers/databases.ts'
import { call } from './helpers/http.ts'
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

describe.each(databaseKinds)('custom domains on %s', (kind) => {
  const suite = useServer(kind, { BASE_DOMAIN: 'media.test' })

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
