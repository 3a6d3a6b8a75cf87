// Mail through an SMTP server (SMTP_URL). The URL is nodemailer's connection URL: smtp:// (plain, upgraded
// with STARTTLS when the server offers it), smtps:// (TLS from the first byte), user:password@ for AUTH,
// and query options such as ?tls.rejectUnauthorized=false for a server with a self-signed certificate.
import type { Mailer } from './mailer.ts'
import { toNodemailerMessage } from './compose.ts'

// Login codes are sent while the person waits, and the browser gives up on a call after 10 s: fail within
// that time rather than after nodemailer's defaults of minutes. Options given in SMTP_URL still win.
const TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 8_000 }

export async function createSmtpMailer(smtpUrl: string, mailFrom: string): Promise<Mailer> {
  // Loaded here so that a server without SMTP_URL never loads the SMTP client.
  const { createTransport } = await import('nodemailer')
  const transport = createTransport({ ...TIMEOUTS, url: smtpUrl })
  return {
    kind: 'smtp',
    async send(message) {
      // Rejects when the server cannot be reached or refuses the message, so the caller can answer an error.
      await transport.sendMail(toNodemailerMessage(mailFrom, message))
    },
    async close() {
      transport.close()
    },
  }
}
