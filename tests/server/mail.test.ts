// Mail through a real SMTP server on loopback, and through the outbox (DATA_DIR/outbox/, the log, and one plain
// line on the terminal).
import fs from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { simpleParser } from 'mailparser'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createMailer, loginCodeMessage, type Mailer } from '../../server/mail/index.ts'
import { addedToOrgMessage } from '../../server/mail/messages.ts'
import { outboxFileName } from '../../server/mail/outbox.ts'
import { endpoints } from '../../server/contract/endpoints.ts'
import { readyOrg, uniqueEmail } from './helpers/accounts.ts'
import { databaseKinds } from './helpers/databases.ts'
import { callEndpoint, refusal } from './helpers/endpoint.ts'
import { call } from './helpers/http.ts'
import { startServer } from './helpers/server.ts'
import { startSmtpSink, type ReceivedMail, type SmtpSink } from './helpers/smtpSink.ts'
import { useServer } from './helpers/suite.ts'

const MAIL_FROM = 'Media Console <no-reply@media.test>'

let dataDir: string
let sink: SmtpSink | undefined
let mailer: Mailer | undefined
const logged: { obj: Record<string, unknown>; msg: string }[] = []
const log = { info: (obj: object, msg: string) => logged.push({ obj: obj as Record<string, unknown>, msg }) }
const printed: string[] = []
const print = (line: string) => printed.push(line)

beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-console-mail-'))
  logged.length = 0
  printed.length = 0
})

afterEach(async () => {
  await mailer?.close()
  await sink?.close()
  mailer = undefined
  sink = undefined
  await fs.rm(dataDir, { recursive: true, force: true })
})

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

function lines(text: string | undefined): string[] {
  return (text ?? '').split(/\r?\n/)
}

describe('loginCodeMessage', () => {
  it('puts the code on its own line, says when it expires and that an unasked mail can be ignored', () => {
    const message = loginCodeMessage('ada@example.com', '493817')
    expect(message.to).toBe('ada@example.com')
    expect(message.subject).toBe('Your sign-in code')
    expect(lines(message.text)).toContain('493817')
    expect(message.text).toContain('Media Console')
    expect(message.text).toMatch(/expires in 10 minutes/)
    expect(message.text).toMatch(/did not ask.*ignore/)
  })
})

describe('SMTP mailer', () => {
  it('delivers the login code to a plain loopback SMTP server', async () => {
    sink = await startSmtpSink()
    mailer = await createMailer(
      { smtpUrl: `smtp://127.0.0.1:${sink.port}`, mailFrom: MAIL_FROM, dataDir },
      log,
    )
    expect(mailer.kind).toBe('smtp')

    await mailer.send(loginCodeMessage('ada@example.com', '493817'))

    expect(sink.received).toHaveLength(1)
    const [mail] = sink.received
    expect(mail?.mailFrom).toBe('no-reply@media.test')
    expect(mail?.rcptTo).toEqual(['ada@example.com'])
    expect(mail?.parsed.from?.value).toEqual([{ name: 'Media Console', address: 'no-reply@media.test' }])
    expect(mail?.parsed.subject).toBe('Your sign-in code')
    expect(lines(mail?.parsed.text)).toContain('493817')
    // SMTP mail goes to the server only: no outbox, no code in the log.
    await expect(fs.access(path.join(dataDir, 'outbox'))).rejects.toThrow()
    expect(logged).toEqual([])
  })

  it('speaks TLS and AUTH from an smtps:// URL with credentials', async () => {
    sink = await startSmtpSink({
      secure: true,
      credentials: { username: 'mailer@media.test', password: 'p@ss:w/rd' },
    })
    // The sink uses smtp-server's self-signed test certificate; the URL option lets the client accept it.
    const smtpUrl = `smtps://mailer%40media.test:p%40ss%3Aw%2Frd@127.0.0.1:${sink.port}/?tls.rejectUnauthorized=false`
    mailer = await createMailer({ smtpUrl, mailFrom: MAIL_FROM, dataDir }, log)

    await mailer.send(loginCodeMessage('grace@example.com', '120045'))

    expect(sink.received).toHaveLength(1)
    expect(sink.received[0]?.user).toBe('mailer@media.test')
    expect(sink.received[0]?.rcptTo).toEqual(['grace@example.com'])
    expect(lines(sink.received[0]?.parsed.text)).toContain('120045')
  })

  it('rejects when the credentials are wrong', async () => {
    sink = await startSmtpSink({ secure: true, credentials: { username: 'mailer', password: 'right' } })
    const smtpUrl = `smtps://mailer:wrong@127.0.0.1:${sink.port}/?tls.rejectUnauthorized=false`
    mailer = await createMailer({ smtpUrl, mailFrom: MAIL_FROM, dataDir }, log)

    await expect(mailer.send(loginCodeMessage('ada@example.com', '493817'))).rejects.toThrow(/Invalid/)
    expect(sink.received).toEqual([])
  })

  it('rejects when no SMTP server answers, so the API can report the failure', async () => {
    mailer = await createMailer(
      { smtpUrl: `smtp://127.0.0.1:${await closedPort()}`, mailFrom: MAIL_FROM, dataDir },
      log,
    )

    await expect(mailer.send(loginCodeMessage('ada@example.com', '493817'))).rejects.toThrow(/ECONNREFUSED/)
  })

  it('rejects when the server refuses the recipient', async () => {
    sink = await startSmtpSink({ refuseRecipients: 'No such mailbox' })
    mailer = await createMailer(
      { smtpUrl: `smtp://127.0.0.1:${sink.port}`, mailFrom: MAIL_FROM, dataDir },
      log,
    )

    await expect(mailer.send(loginCodeMessage('nobody@example.com', '493817'))).rejects.toThrow(
      /No such mailbox/,
    )
    expect(sink.received).toEqual([])
  })

  it('refuses a recipient that is more than one plain address, before connecting', async () => {
    sink = await startSmtpSink()
    mailer = await createMailer(
      { smtpUrl: `smtp://127.0.0.1:${sink.port}`, mailFrom: MAIL_FROM, dataDir },
      log,
    )

    for (const to of [
      'ada@example.com, eve@example.com',
      'Eve <eve@example.com>',
      'ada@example.com\r\nBcc: eve@x',
    ]) {
      await expect(mailer.send({ ...loginCodeMessage('ada@example.com', '1'), to })).rejects.toThrow(
        /one plain address/,
      )
    }
    expect(sink.received).toEqual([])
  })

  it('refuses a subject that is not one line, before connecting', async () => {
    sink = await startSmtpSink()
    mailer = await createMailer(
      { smtpUrl: `smtp://127.0.0.1:${sink.port}`, mailFrom: MAIL_FROM, dataDir },
      log,
    )

    for (const subject of [
      'Hello\r\nBcc: eve@evil.test',
      'Hello\nX-Evil: 1',
      'Hello\u2028there',
      'Bell\u0007',
    ]) {
      await expect(mailer.send({ ...loginCodeMessage('ada@example.com', '1'), subject })).rejects.toThrow(
        /one line/,
      )
    }
    expect(sink.received).toEqual([])
  })
})

describe('outbox mailer', () => {
  it('writes the message as a parsable .eml file in DATA_DIR/outbox and logs it', async () => {
    mailer = await createMailer({ smtpUrl: undefined, mailFrom: MAIL_FROM, dataDir }, log, print)
    expect(mailer.kind).toBe('outbox')

    await mailer.send(loginCodeMessage('ada@example.com', '493817'))

    const outbox = path.join(dataDir, 'outbox')
    const files = await fs.readdir(outbox)
    expect(files).toHaveLength(1)
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{12}\.eml$/)
    const raw = await fs.readFile(path.join(outbox, files[0] as string))
    // RFC 822 line ends.
    expect(raw.toString()).toMatch(/^[^\n]*\r\n/)
    const parsed = await simpleParser(raw)
    expect(parsed.from?.value).toEqual([{ name: 'Media Console', address: 'no-reply@media.test' }])
    expect(parsed.to).toMatchObject({ value: [{ address: 'ada@example.com' }] })
    expect(parsed.subject).toBe('Your sign-in code')
    expect(lines(parsed.text)).toContain('493817')
    expect(parsed.messageId).toMatch(/^<.+@.+>$/)

    expect(logged).toHaveLength(1)
    expect(logged[0]?.obj).toMatchObject({ to: 'ada@example.com', subject: 'Your sign-in code' })
    expect(logged[0]?.obj.file).toBe(path.join(outbox, files[0] as string))
  })

  it('prints one plain line with the code, and keeps the code out of the JSON log', async () => {
    mailer = await createMailer({ smtpUrl: undefined, mailFrom: MAIL_FROM, dataDir }, log, print)

    await mailer.send(loginCodeMessage('ada@example.com', '493817'))
    await mailer.send(addedToOrgMessage('bob@example.com', 'Acme', 'http://localhost:8080/login'))

    expect(printed).toEqual([
      'Sign-in code for ada@example.com: 493817',
      'bob@example.com was added to Acme; sign in at http://localhost:8080/login',
    ])
    expect(JSON.stringify(logged)).not.toContain('493817')
  })

  it('never prints more than one line for a message', async () => {
    mailer = await createMailer({ smtpUrl: undefined, mailFrom: MAIL_FROM, dataDir }, log, print)

    await mailer.send({
      ...loginCodeMessage('ada@example.com', '1'),
      summary: 'one\r\nSign-in code for x: 2',
    })

    expect(printed).toEqual(['one Sign-in code for x: 2'])
  })

  it('keeps one file per message and leaves no temporary file behind', async () => {
    mailer = await createMailer({ smtpUrl: undefined, mailFrom: MAIL_FROM, dataDir }, log, print)

    await Promise.all(
      ['111111', '222222', '333333'].map((code) => mailer?.send(loginCodeMessage('a@example.com', code))),
    )

    const files = await fs.readdir(path.join(dataDir, 'outbox'))
    expect(files).toHaveLength(3)
    expect(files.every((name) => name.endsWith('.eml'))).toBe(true)
    const texts = await Promise.all(
      files.map((name) => fs.readFile(path.join(dataDir, 'outbox', name), 'utf8')),
    )
    expect(['111111', '222222', '333333'].every((code) => texts.some((text) => text.includes(code)))).toBe(
      true,
    )
  })

  it('names files so that they sort by time and never collide', () => {
    const earlier = outboxFileName(new Date('2026-03-09T23:59:59.998Z'))
    const later = outboxFileName(new Date('2026-03-10T00:00:00.001Z'))
    expect([later, earlier].sort()).toEqual([earlier, later])
    const instant = new Date('2026-03-10T00:00:00.000Z')
    const names = new Set(Array.from({ length: 1000 }, () => outboxFileName(instant)))
    expect(names.size).toBe(1000)
  })
})

describe('a fresh install without SMTP', () => {
  it('prints the sign-in code on standard output as one plain line, and no request line at info', async () => {
    const written: string[] = []
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(chunk.toString())
      return true
    })
    // The server on its defaults, as `npm start` runs it: LOG_LEVEL unset (info), no SMTP_URL.
    const server = await startServer('pglite', { env: { LOG_LEVEL: '' } })
    try {
      const email = uniqueEmail('fresh')
      const sent = await call(server.url, 'POST', '/api/1/user/email_code', { body: { email, signup: true } })
      expect(sent.status).toBe(200)

      const codeLines = written.filter((text) => text.startsWith('Sign-in code for'))
      expect(codeLines).toHaveLength(1)
      expect(codeLines[0]).toMatch(new RegExp(`^Sign-in code for ${email.replace(/[.]/g, '\\.')}: \\d{6}\n$`))
      // The request lines are said at debug, so the terminal keeps the code line readable.
      expect(server.logs.join('')).not.toContain('"msg":"answered"')
    } finally {
      write.mockRestore()
      await server.close()
    }
  })
})

/** Every line a mail server received of a message: its header lines and its text's. */
function everyLine(mail: ReceivedMail): string[] {
  const headers = [...mail.parsed.headerLines.map((header) => header.line)]
  return [...headers.flatMap((line) => line.split(/\r?\n/)), ...lines(mail.parsed.text)]
}

describe.each(databaseKinds)('names in mail on %s', (kind) => {
  const suite = useServer(kind)
  const client = () => ({ url: suite.url, mailbox: suite.mailbox })
  const INJECTED = 'Acme\r\nBcc: eve@evil.test\r\n\r\nYour account is locked, reply with your code'

  it('refuses an organization name with CR/LF, and no mail carries its lines', async () => {
    const org = await readyOrg(client(), 'Injected')
    const mailsBefore = suite.mailbox.received().length
    expect(
      await callEndpoint(suite.url, endpoints.orgCreate, { body: { org_name: INJECTED }, key: org.key }),
    ).toEqual(refusal(400, 'invalid_org_name'))
    expect(
      await callEndpoint(suite.url, endpoints.orgUpdate, {
        params: { org_id: org.orgId },
        body: { org_name: INJECTED },
        key: org.key,
      }),
    ).toEqual(refusal(400, 'invalid_org_name'))
    const named = await suite.server.app.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM org WHERE org_name LIKE '%eve@evil.test%'",
    )
    expect(named).toEqual([{ n: 0 }])

    // The organization's mail goes out under its real name, to the one person added, and to nobody else.
    const member = uniqueEmail('member')
    const added = await callEndpoint(suite.url, endpoints.userAdd, {
      params: { org_id: org.orgId },
      body: { email: member },
      key: org.key,
    })
    expect(added.status).toBe(200)
    await suite.mailbox.latestTo(member)
    const mails = suite.mailbox.received().slice(mailsBefore)
    expect(mails.map((mail) => mail.rcptTo)).toEqual([[member]])
    const carried = mails.flatMap(everyLine).filter((line) => /evil\.test|locked|^Bcc/i.test(line))
    expect(carried).toEqual([])
  })

  it('keeps a name saved before the rule to one line of the text, out of the headers', async () => {
    const org = await readyOrg(client(), 'Legacy')
    // As an organization named before the rule was kept may still be.
    await suite.server.app.db.query('UPDATE org SET org_name = $1 WHERE org_id = $2', [
      `Old ${INJECTED}`,
      org.orgId,
    ])
    const mailsBefore = suite.mailbox.received().length
    const member = uniqueEmail('legacy')
    const added = await callEndpoint(suite.url, endpoints.userAdd, {
      params: { org_id: org.orgId },
      body: { email: member },
      key: org.key,
    })
    expect(added.status).toBe(200)
    await suite.mailbox.latestTo(member)
    const mails = suite.mailbox.received().slice(mailsBefore)
    expect(mails.map((mail) => mail.rcptTo)).toEqual([[member]])
    const [mail] = mails
    expect(mail?.parsed.headers.has('bcc')).toBe(false)
    expect(mail?.parsed.subject).not.toMatch(/[\r\n]/)
    // The name reads on one line: no line of the mail begins with the text that followed a break.
    expect(everyLine(mail as ReceivedMail).filter((line) => /^(Bcc|Your account)/i.test(line))).toEqual([])
    expect(mail?.parsed.text).toContain('Old Acme Bcc: eve@evil.test Your account is locked')
  })
})
