// A real SMTP server on loopback that keeps every message it receives, so tests read login codes from
// mail exactly as a person would.
import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  to: string[]
  from: string
  subject: string
  text: string
}

export interface Mailbox {
  /** SMTP_URL for the server under test. */
  url: string
  received: ReceivedMail[]
  /** The newest message to this address, waiting for it to arrive. */
  latestTo(address: string, timeoutMs?: number): Promise<ReceivedMail>
  /** The login code in the newest message to this address. */
  codeFor(address: string): Promise<string>
  close(): Promise<void>
}

export async function startMailbox(): Promise<Mailbox> {
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          })
          callback()
        })
        .catch(callback)
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo

  async function latestTo(address: string, timeoutMs = 5000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const mail = received.findLast((message) => message.to.includes(address.toLowerCase()))
      if (mail) return mail
      if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    latestTo,
    async codeFor(address) {
      const match = /^\s*(\d{6,})\s*$/m.exec((await latestTo(address)).text)
      if (!match?.[1]) throw new Error(`the newest mail to ${address} holds no code`)
      return match[1]
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
