// The SMTP sink as a mailbox: tests read login codes from mail exactly as a person would.
import { startSmtpSink, type ReceivedMail } from './smtpSink.ts'

export interface Mailbox {
  /** SMTP_URL for the server under test. */
  url: string
  /** The text of the newest message to this address, waiting for it to arrive. */
  latestTo(address: string, timeoutMs?: number): Promise<{ from: string; subject: string; text: string }>
  /** The login code in the newest message to this address. */
  codeFor(address: string): Promise<string>
  /** Every message the mailbox has received so far, to anyone, as a mail server received it. */
  received(): readonly ReceivedMail[]
  close(): Promise<void>
}

export async function startMailbox(): Promise<Mailbox> {
  const sink = await startSmtpSink()

  async function latestTo(address: string, timeoutMs = 5000) {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const mail = sink.received.findLast((message) =>
        message.rcptTo.some((rcpt) => rcpt.toLowerCase() === address.toLowerCase()),
      )
      if (mail)
        return { from: mail.mailFrom ?? '', subject: mail.parsed.subject ?? '', text: mail.parsed.text ?? '' }
      if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }

  return {
    url: `smtp://127.0.0.1:${sink.port}`,
    latestTo,
    async codeFor(address) {
      const match = /^\s*(\d{6,})\s*$/m.exec((await latestTo(address)).text)
      if (!match?.[1]) throw new Error(`the newest mail to ${address} holds no code`)
      return match[1]
    },
    received: () => [...sink.received],
    close: () => sink.close(),
  }
}
