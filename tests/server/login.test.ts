import { describe, expect, it } from 'vitest'
import type { CurrentUserResponse } from '../../server/contract/user.ts'
import { signIn, signUp, uniqueEmail } from './helpers/accounts.ts'
import { databaseKinds } from './helpers/databases.ts'
import { call, callWithHeaders, cookiesOf } from './helpers/http.ts'
import { useServer } from './helpers/suite.ts'

describe.each(databaseKinds)('sign-in by e-mail code on %s', (kind) => {
  const suite = useServer(kind)
  const client = () => ({ url: suite.url, mailbox: suite.mailbox })

  it('answers 404 for an unknown e-mail without signup, and 400 for a malformed one', async () => {
    const unknown = await call(suite.url, 'POST', '/api/1/user/email_code', {
      body: { email: uniqueEmail() },
    })
    expect(unknown).toEqual({ status: 404, body: { error: 'user_not_found' } })
    for (const email of ['', 'no-at-sign', 'a@b', 'two@@example.com', 'sp ace@example.com']) {
      const bad = await call(suite.url, 'POST', '/api/1/user/email_code', { body: { email, signup: true } })
      expect(bad, email).toEqual({ status: 400, body: { error: 'invalid_email' } })
    }
  })

  it('creates the user on signup and mails a 6-digit code over SMTP', async () => {
    const email = uniqueEmail('new')
    const sent = await call(suite.url, 'POST', '/api/1/user/email_code', { body: { email, signup: true } })
    expect(sent.status).toBe(200)
    const mail = await suite.mailbox.latestTo(email)
    expect(mail.from).toBe('console@example.com')
    expect(mail.subject).not.toBe('')
    expect(mail.text).toMatch(/^\s*\d{6}\s*$/m)
    // The code is stored hashed: no row holds it.
    const code = await suite.mailbox.codeFor(email)
    const rows = await suite.server.app.db.query<{ code_hash: Uint8Array }>(
      'SELECT code_hash FROM login_code',
    )
    expect(rows.some((row) => Buffer.from(row.code_hash).toString('utf8').includes(code))).toBe(false)
  })

  it('signs in with the code, and the session key works for the current user', async () => {
    const email = uniqueEmail('in')
    const key = await signUp(client(), email)
    expect(Buffer.from(key, 'base64url').length).toBeGreaterThanOrEqual(16)
    const current = await call<CurrentUserResponse>(suite.url, 'GET', '/api/1/user/current', { key })
    expect(current.status).toBe(200)
    expect(current.body.user).toMatchObject({ email, user_name: null })
    expect(current.body.org_list).toEqual([])
    // Only the key's hash is stored.
    const stored = await suite.server.app.db.query<{ key_hash: Uint8Array }>(
      'SELECT key_hash FROM user_session',
    )
    expect(stored.some((row) => Buffer.from(row.key_hash).toString('base64url') === key)).toBe(false)
  })

  /** Asks for a code as a browser does; answers the attempt's cookie and the mailed code. */
  async function askCode(email: string, options: { signup?: boolean; forwardedFor?: string } = {}) {
    const answer = await callWithHeaders(suite.url, 'POST', '/api/1/user/email_code', {
      body: { email, signup: options.signup ?? true },
      ...(options.forwardedFor ? { forwardedFor: options.forwardedFor } : {}),
    })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return { cookie: cookiesOf(answer), code: await suite.mailbox.codeFor(email) }
  }

  function tryCode(
    email: string,
    login_code: string,
    options: { cookie?: string; forwardedFor?: string } = {},
  ) {
    return call(suite.url, 'POST', '/api/1/user/email_login', { body: { email, login_code }, ...options })
  }

  const wrongFor = (code: string) => (code.startsWith('0') ? '1' : '0').repeat(code.length)

  it('hands the asking client its attempt in a cookie only the login call receives', async () => {
    const answer = await callWithHeaders(suite.url, 'POST', '/api/1/user/email_code', {
      body: { email: uniqueEmail('cookie'), signup: true },
    })
    const [setCookie] = answer.headers['set-cookie'] ?? []
    expect(setCookie).toMatch(/^login_attempt=[A-Za-z0-9_-]{43}; /)
    expect(setCookie).toContain('Path=/api/1/user/email_login')
    expect(setCookie).toContain('HttpOnly')
    expect(setCookie).toContain('SameSite=Strict')
    expect(setCookie).toContain('Max-Age=600')
  })

  it('refuses a wrong code with 403, and burns the code at the fifth wrong one', async () => {
    const email = uniqueEmail('wrong')
    const { cookie, code } = await askCode(email)
    for (let attempt = 1; attempt <= 4; attempt++) {
      const answer = await tryCode(email, wrongFor(code), { cookie })
      expect(answer, `attempt ${attempt}`).toEqual({ status: 403, body: { error: 'invalid_code' } })
    }
    expect(await tryCode(email, wrongFor(code), { cookie })).toEqual({
      status: 403,
      body: { error: 'too_many_tries' },
    })
    expect(await tryCode(email, code, { cookie })).toEqual({ status: 403, body: { error: 'invalid_code' } })
  })

  it('accepts a code once, and not after it expires', async () => {
    const email = uniqueEmail('once')
    const first = await askCode(email)
    expect((await tryCode(email, first.code, { cookie: first.cookie })).status).toBe(200)
    expect((await tryCode(email, first.code, { cookie: first.cookie })).status).toBe(403)

    const fresh = await askCode(email, { signup: false })
    await suite.server.app.db.query(
      `UPDATE login_code SET expires_at = now() - interval '1 second'
        WHERE user_id = (SELECT user_id FROM app_user WHERE email = $1)`,
      [email],
    )
    expect(await tryCode(email, fresh.code, { cookie: fresh.cookie })).toEqual({
      status: 403,
      body: { error: 'invalid_code' },
    })
  })

  it('keeps only the digits of a code typed with spaces or dashes', async () => {
    const email = uniqueEmail('digits')
    const { cookie, code } = await askCode(email)
    const spaced = `${code.slice(0, 3)} - ${code.slice(3)}`
    expect((await tryCode(email, spaced, { cookie })).status).toBe(200)
  })

  it('answers an unknown e-mail at login as a wrong code', async () => {
    const answer = await tryCode(uniqueEmail('nobody'), '123456')
    expect(answer).toEqual({ status: 403, body: { error: 'invalid_code' } })
  })

  it('checks a code only with the attempt that asked for it', async () => {
    const email = uniqueEmail('bound')
    const mine = await askCode(email)
    // The right code without the attempt, or with another attempt's cookie, is refused...
    expect(await tryCode(email, mine.code)).toEqual({ status: 403, body: { error: 'invalid_code' } })
    const other = await callWithHeaders(suite.url, 'POST', '/api/1/user/email_code', { body: { email } })
    const otherCookie = cookiesOf(other)
    expect(otherCookie).not.toBe(mine.cookie)
    expect(await tryCode(email, mine.code, { cookie: otherCookie })).toEqual({
      status: 403,
      body: { error: 'invalid_code' },
    })
    // ...and a cookie of the wrong form is no attempt at all.
    expect(await tryCode(email, mine.code, { cookie: 'login_attempt=short' })).toEqual({
      status: 403,
      body: { error: 'invalid_code' },
    })
    // With its own attempt's cookie, the code still signs in: nothing above burned it.
    expect((await tryCode(email, mine.code, { cookie: mine.cookie })).status).toBe(200)
  })

  it('answers 412 past 5 codes for one e-mail from one address, and holds back no other address', async () => {
    const email = uniqueEmail('flood')
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      const answer = await call(suite.url, 'POST', '/api/1/user/email_code', {
        body: { email, signup: true },
        forwardedFor: '198.51.100.1',
      })
      statuses.push(answer.status)
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 412])
    const last = await call(suite.url, 'POST', '/api/1/user/email_code', {
      body: { email },
      forwardedFor: '198.51.100.1',
    })
    expect(last.body).toEqual({ error: 'too_many_codes' })
    // The owner of the e-mail, elsewhere, still gets a code and signs in.
    const owner = await askCode(email, { signup: false, forwardedFor: '198.51.100.2' })
    expect(
      (await tryCode(email, owner.code, { cookie: owner.cookie, forwardedFor: '198.51.100.2' })).status,
    ).toBe(200)
  })

  it('counts codes asked for an unknown e-mail, so addresses cannot be probed without end', async () => {
    const email = uniqueEmail('probe')
    const forwardedFor = '198.51.100.3'
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await call(suite.url, 'POST', '/api/1/user/email_code', { body: { email }, forwardedFor })).status,
      )
    }
    expect(statuses).toEqual([404, 404, 404, 404, 404, 412])
    // Past the limit, a signup is refused before any user is made.
    const signup = await call(suite.url, 'POST', '/api/1/user/email_code', {
      body: { email, signup: true },
      forwardedFor,
    })
    expect(signup.status).toBe(412)
    const users = await suite.server.app.db.query('SELECT 1 FROM app_user WHERE lower(email) = lower($1)', [
      email,
    ])
    expect(users).toEqual([])
  })

  it('answers 412 when too many codes are asked from one address, whatever the e-mails', async () => {
    const forwardedFor = '203.0.113.7'
    const statuses: number[] = []
    for (let i = 0; i < 21; i++) {
      const answer = await call(suite.url, 'POST', '/api/1/user/email_code', {
        body: { email: uniqueEmail('addr'), signup: true },
        forwardedFor,
      })
      statuses.push(answer.status)
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(20)
    expect(statuses.at(-1)).toBe(412)
    // Another address is not held back.
    const other = await call(suite.url, 'POST', '/api/1/user/email_code', {
      body: { email: uniqueEmail('addr'), signup: true },
      forwardedFor: '203.0.113.8',
    })
    expect(other.status).toBe(200)
  })

  it('limits sign-in attempts per address with 429, and only that address', async () => {
    const email = uniqueEmail('guess')
    const forwardedFor = '203.0.113.20'
    const statuses: number[] = []
    for (let i = 0; i < 31; i++) statuses.push((await tryCode(email, '999999', { forwardedFor })).status)
    expect(statuses.slice(0, 30).every((status) => status === 403)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
    const elsewhere = await askCode(email, { forwardedFor: '203.0.113.21' })
    expect(
      (await tryCode(email, elsewhere.code, { cookie: elsewhere.cookie, forwardedFor: '203.0.113.21' }))
        .status,
    ).toBe(200)
  })

  it("lets no third party stop a user from signing in: guesses and code requests only spend the guesser's own", async () => {
    const email = uniqueEmail('victim')
    await askCode(email, { forwardedFor: '192.0.2.50' })
    const owner = await askCode(email, { signup: false, forwardedFor: '192.0.2.50' })
    // From one address: key-less guesses, every code it may ask, and each of its codes burned.
    const attacker = '192.0.2.66'
    for (let i = 0; i < 10; i++) await tryCode(email, String(100000 + i), { forwardedFor: attacker })
    const asked: number[] = []
    for (let i = 0; i < 6; i++) {
      const answer = await callWithHeaders(suite.url, 'POST', '/api/1/user/email_code', {
        body: { email },
        forwardedFor: attacker,
      })
      asked.push(answer.status)
      if (answer.status !== 200) continue
      for (let guess = 0; guess < 5; guess++) {
        await tryCode(email, String(200000 + guess), { cookie: cookiesOf(answer), forwardedFor: attacker })
      }
    }
    expect(asked.at(-1)).toBe(412)
    // The owner's code, asked before all that, still signs in; so does a new one.
    const signedIn = await tryCode(email, owner.code, { cookie: owner.cookie, forwardedFor: '192.0.2.50' })
    expect(signedIn.status).toBe(200)
    const again = await askCode(email, { signup: false, forwardedFor: '192.0.2.50' })
    expect(
      (await tryCode(email, again.code, { cookie: again.cookie, forwardedFor: '192.0.2.50' })).status,
    ).toBe(200)
  })

  it('makes longer codes for an e-mail that was sent many in the last day', async () => {
    const email = uniqueEmail('long')
    const first = await askCode(email)
    expect(first.code).toHaveLength(6)
    // Nine more codes of the day, as a guesser asking from many addresses would have made them.
    await suite.server.app.db.query(
      `INSERT INTO login_code (user_id, code_hash, expires_at, created_at)
       SELECT user_id, '\\x00', now(), now() - interval '1 hour' FROM app_user, generate_series(1, 9)
        WHERE lower(email) = lower($1)`,
      [email],
    )
    const longer = await askCode(email, { signup: false })
    expect(longer.code).toHaveLength(8)
    expect((await tryCode(email, longer.code, { cookie: longer.cookie })).status).toBe(200)
  })

  it('refuses calls without a live session with 403', async () => {
    expect((await call(suite.url, 'GET', '/api/1/user/current')).status).toBe(403)
    expect((await call(suite.url, 'GET', '/api/1/user/current', { key: 'not-a-key' })).status).toBe(403)
    expect((await call(suite.url, 'POST', '/api/1/user/logout')).status).toBe(403)
  })

  it('revokes the session on logout', async () => {
    const key = await signUp(client(), uniqueEmail('out'))
    expect((await call(suite.url, 'POST', '/api/1/user/logout', { key })).status).toBe(200)
    expect((await call(suite.url, 'GET', '/api/1/user/current', { key })).status).toBe(403)
  })

  it('records a session as used at most once a minute, through any call', async () => {
    const email = uniqueEmail('touch')
    const key = await signUp(client(), email)
    const lastUsed = async () => {
      const [row] = await suite.server.app.db.query<{ seconds: number }>(
        `SELECT extract(epoch FROM now() - s.last_used_at)::float8 AS seconds
           FROM user_session s JOIN app_user u ON u.user_id = s.user_id WHERE u.email = $1`,
        [email],
      )
      return row?.seconds ?? -1
    }
    const setLastUsed = (interval: string) =>
      suite.server.app.db.query(
        `UPDATE user_session SET last_used_at = now() - $2::text::interval
          WHERE user_id = (SELECT user_id FROM app_user WHERE email = $1)`,
        [email, interval],
      )
    // The current user's own statement, and the session check every other call makes.
    for (const path of ['/api/1/user/current', '/web/1/org/1/media_grant']) {
      // Used 30 s ago: the call leaves it (no write on every call).
      await setLastUsed('30 seconds')
      await call(suite.url, 'GET', path, { key })
      expect(await lastUsed(), path).toBeGreaterThanOrEqual(29)
      // Used 2 minutes ago: the call touches it.
      await setLastUsed('2 minutes')
      await call(suite.url, 'GET', path, { key })
      expect(await lastUsed(), path).toBeLessThan(30)
    }
  })

  it('lets a session lapse after 30 idle days', async () => {
    const email = uniqueEmail('idle')
    const key = await signUp(client(), email)
    await suite.server.app.db.query(
      `UPDATE user_session SET last_used_at = now() - interval '30 days 1 minute'
        WHERE user_id = (SELECT user_id FROM app_user WHERE email = $1)`,
      [email],
    )
    expect((await call(suite.url, 'GET', '/api/1/user/current', { key })).status).toBe(403)
  })

  it('sets the user name by the spec rule, unique without regard to case', async () => {
    const first = await signUp(client(), uniqueEmail('name'))
    const second = await signUp(client(), uniqueEmail('name'))
    const name = `Editor_${Date.now().toString(36)}`
    for (const bad of ['abc', 'x'.repeat(33), 'has space', 'dot.name', 'ünï']) {
      const answer = await call(suite.url, 'POST', '/api/1/user/current', {
        key: first,
        body: { user_name: bad },
      })
      expect(answer, bad).toEqual({ status: 400, body: { error: 'invalid_user_name' } })
    }
    expect(
      (await call(suite.url, 'POST', '/api/1/user/current', { key: first, body: { user_name: name } }))
        .status,
    ).toBe(200)
    const taken = await call(suite.url, 'POST', '/api/1/user/current', {
      key: second,
      body: { user_name: name.toLowerCase() },
    })
    expect(taken).toEqual({ status: 409, body: { error: 'used_user_name' } })
    const current = await call<CurrentUserResponse>(suite.url, 'GET', '/api/1/user/current', { key: first })
    expect(current.body.user.user_name).toBe(name)
    // Keeping one's own name is not a conflict.
    expect(
      (await call(suite.url, 'POST', '/api/1/user/current', { key: first, body: { user_name: name } }))
        .status,
    ).toBe(200)
  })

  it('signs a returning user in again without signup', async () => {
    const email = uniqueEmail('back')
    await signUp(client(), email)
    const key = await signIn(client(), email)
    expect((await call(suite.url, 'GET', '/api/1/user/current', { key })).status).toBe(200)
  })
})
