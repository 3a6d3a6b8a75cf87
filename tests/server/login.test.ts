import { describe, expect, it } from 'vitest'
import type { CurrentUserResponse } from '../../server/contract/user.ts'
import { signIn, signUp, uniqueEmail } from './helpers/accounts.ts'
import { databaseKinds } from './helpers/databases.ts'
import { call } from './helpers/http.ts'
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

  it('refuses a wrong code with 403, and burns the code at the fifth wrong one', async () => {
    const email = uniqueEmail('wrong')
    await call(suite.url, 'POST', '/api/1/user/email_code', { body: { email, signup: true } })
    const code = await suite.mailbox.codeFor(email)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let attempt = 1; attempt <= 4; attempt++) {
      const answer = await call(suite.url, 'POST', '/api/1/user/email_login', {
        body: { email, login_code: wrong },
      })
      expect(answer, `attempt ${attempt}`).toEqual({ status: 403, body: { error: 'invalid_code' } })
    }
    const fifth = await call(suite.url, 'POST', '/api/1/user/email_login', {
      body: { email, login_code: wrong },
    })
    expect(fifth).toEqual({ status: 403, body: { error: 'too_many_tries' } })
    const burned = await call(suite.url, 'POST', '/api/1/user/email_login', {
      body: { email, login_code: code },
    })
    expect(burned).toEqual({ status: 403, body: { error: 'invalid_code' } })
  })

  it('accepts a code once, and not after it expires', async () => {
    const email = uniqueEmail('once')
    await signUp(client(), email)
    const code = await suite.mailbox.codeFor(email)
    const again = await call(suite.url, 'POST', '/api/1/user/email_login', {
      body: { email, login_code: code },
    })
    expect(again.status).toBe(403)

    await call(suite.url, 'POST', '/api/1/user/email_code', { body: { email } })
    const fresh = await suite.mailbox.codeFor(email)
    await suite.server.app.db.query(
      `UPDATE login_code SET expires_at = now() - interval '1 second'
        WHERE user_id = (SELECT user_id FROM app_user WHERE email = $1)`,
      [email],
    )
    const late = await call(suite.url, 'POST', '/api/1/user/email_login', {
      body: { email, login_code: fresh },
    })
    expect(late).toEqual({ status: 403, body: { error: 'invalid_code' } })
  })

  it('keeps only the digits of a code typed with spaces or dashes', async () => {
    const email = uniqueEmail('digits')
    await call(suite.url, 'POST', '/api/1/user/email_code', { body: { email, signup: true } })
    const code = await suite.mailbox.codeFor(email)
    const spaced = `${code.slice(0, 3)} - ${code.slice(3)}`
    const answer = await call(suite.url, 'POST', '/api/1/user/email_login', {
      body: { email, login_code: spaced },
    })
    expect(answer.status).toBe(200)
  })

  it('answers an unknown e-mail at login as a wrong code', async () => {
    const answer = await call(suite.url, 'POST', '/api/1/user/email_login', {
      body: { email: uniqueEmail('nobody'), login_code: '123456' },
    })
    expect(answer).toEqual({ status: 403, body: { error: 'invalid_code' } })
  })

  it('answers 412 when too many codes are asked for one e-mail within 5 minutes', async () => {
    const email = uniqueEmail('flood')
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await call(suite.url, 'POST', '/api/1/user/email_code', { body: { email, signup: true } })).status,
      )
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 412])
    const last = await call(suite.url, 'POST', '/api/1/user/email_code', { body: { email } })
    expect(last.body).toEqual({ error: 'too_many_codes' })
  })

  it('counts codes asked for an unknown e-mail, so addresses cannot be probed without end', async () => {
    const email = uniqueEmail('probe')
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      statuses.push((await call(suite.url, 'POST', '/api/1/user/email_code', { body: { email } })).status)
    }
    expect(statuses).toEqual([404, 404, 404, 404, 404, 412])
    // Past the limit, a signup is refused before any user is made.
    const signup = await call(suite.url, 'POST', '/api/1/user/email_code', { body: { email, signup: true } })
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

  it('limits sign-in attempts per e-mail with 429', async () => {
    const email = uniqueEmail('guess')
    await call(suite.url, 'POST', '/api/1/user/email_code', { body: { email, signup: true } })
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) {
      // Fresh codes keep the code itself from burning, so only the rate limit can stop the guesses.
      if (i % 4 === 0) await call(suite.url, 'POST', '/api/1/user/email_code', { body: { email } })
      statuses.push(
        (await call(suite.url, 'POST', '/api/1/user/email_login', { body: { email, login_code: '999999x' } }))
          .status,
      )
    }
    expect(statuses.at(-1)).toBe(429)
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
