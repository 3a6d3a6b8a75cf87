// One rule for e-mail addresses, shared by sign-in, signup and Add User: an address is taken only when the
// mailer sends to it as one mailbox. Any other form answers 400 invalid_email before anything is made (no
// user, membership, code or mail), never 5xx; at sign-in it answers as a wrong code does.
import { describe, expect, it } from 'vitest'
import { endpoints } from '../../server/contract/endpoints.ts'
import { tryCodeLogin, uniqueEmail } from './helpers/accounts.ts'
import { adminOrg } from './helpers/admin.ts'
import { databaseKinds } from './helpers/databases.ts'
import { callEndpoint, refusal } from './helpers/endpoint.ts'
import { call } from './helpers/http.ts'
import { useServer } from './helpers/suite.ts'
import { ODD_ADDRESSES } from './helpers/textForms.ts'
import { snapshotChanges, snapshotQuery, takeSnapshot } from './helpers/tableSnapshot.ts'

/** Single mailboxes of every character a local part may hold unquoted; each must work from end to end. */
const PLAIN_ADDRESSES = (label: string) => {
  const tag = uniqueEmail(label).split('@')[0] as string
  return [
    `${tag}+news@example.com`,
    `o'brien.${tag}@sub-domain.example.org`,
    `${tag}!#$%&'*/=?^_\`{|}~-x@example.co`,
  ]
}

const EXCLUSIONS = { tables: ['rate_event'], columns: ['user_session.last_used_at'] }

describe.each(databaseKinds)('the e-mail address rule on %s', (kind) => {
  const suite = useServer(kind)
  const client = () => ({ url: suite.url, mailbox: suite.mailbox })

  it('takes an address only when the mailer sends to it as one mailbox, else 400 invalid_email and nothing made', async () => {
    // Business: room for the admin and the three people added at the end.
    const org = await adminOrg(suite, 'Addresses', 'business_month')
    const snapshotSql = await snapshotQuery(suite.server.app.db, EXCLUSIONS)
    const before = await takeSnapshot(suite.server.app.db, snapshotSql)
    const mailsBefore = suite.mailbox.received().length
    const wrong: string[] = []
    const expectRefusal = (label: string, email: string, answer: { status: number; body: unknown }) => {
      if (JSON.stringify(answer) !== JSON.stringify(refusal(400, 'invalid_email'))) {
        wrong.push(`${label} ${JSON.stringify(email)}: ${answer.status} ${JSON.stringify(answer.body)}`)
      }
    }
    for (const email of ODD_ADDRESSES) {
      for (const signup of [true, false]) {
        const sent = await call(suite.url, 'POST', '/api/1/user/email_code', { body: { email, signup } })
        expectRefusal(signup ? 'signup' : 'sign-in', email, sent)
      }
      const added = await callEndpoint(suite.url, endpoints.userAdd, {
        params: { org_id: org.orgId },
        body: { email },
        key: org.key,
      })
      expectRefusal('Add User', email, added)
      // Trading a code for a session with such an address answers as a wrong code: no address is told apart.
      const login = await call(suite.url, 'POST', '/api/1/user/email_login', {
        body: { email, login_code: '123456' },
      })
      if (login.status !== 403) wrong.push(`login ${JSON.stringify(email)}: ${login.status}`)
    }
    expect(wrong).toEqual([])
    // No user, membership, code or admin event: nothing at all.
    expect(snapshotChanges(before, await takeSnapshot(suite.server.app.db, snapshotSql))).toEqual([])
    expect(suite.mailbox.received().slice(mailsBefore)).toEqual([])

    // Every form of one mailbox works from end to end, mailed to exactly that mailbox.
    for (const email of PLAIN_ADDRESSES('signup')) {
      const login = await tryCodeLogin(client(), email, { signup: true })
      expect(login.status, email).toBe(200)
      const again = await tryCodeLogin(client(), email)
      expect(again.status, email).toBe(200)
    }
    for (const email of PLAIN_ADDRESSES('added')) {
      const mailsBefore = suite.mailbox.received().length
      const added = await callEndpoint(suite.url, endpoints.userAdd, {
        params: { org_id: org.orgId },
        body: { email },
        key: org.key,
      })
      expect(added.status, `${email}: ${JSON.stringify(added.body)}`).toBe(200)
      await suite.mailbox.latestTo(email)
      const mails = suite.mailbox.received().slice(mailsBefore)
      expect(mails.map((mail) => mail.rcptTo)).toEqual([[email.toLowerCase()]])
      expect(mails[0]?.parsed.to).toMatchObject({ value: [{ address: email.toLowerCase() }] })
    }
  })
})
