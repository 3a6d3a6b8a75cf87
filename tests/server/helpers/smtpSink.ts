// A real SMTP server on loopback (smtp-server) that keeps every message it accepts, parsed with mailparser,
// so mail tests see what a mail server would receive: the SMTP envelope and the message itself.
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer, type SMTPServerOptions } from 'smtp-server'

export interface ReceivedMail {
  /** MAIL FROM and RCPT TO, as the client gave them. */
  mailFrom: string | undefined
  rcptTo: string[]
  /** The name the client authenticated as, when it did. */
  user: string | undefined
  parsed: ParsedMail
}

export interface SmtpSinkOptions {
  /** TLS from the first byte (smtps://), with smtp-server's built-in test certificate. */
  secure?: boolean
  /** Require AUTH with these credentials. */
  credentials?: { username: string; password: string }
  /** Refuse every recipient with this SMTP reply text (code 550). */
  refuseRecipients?: string
}

export interface SmtpSink {
  port: number
  received: ReceivedMail[]
  close(): Promise<void>
}

export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = []
  const { credentials } = options
  const serverOptions: SMTPServerOptions = {
    secure: options.secure ?? false,
    // A plain loopback server, like a local mail catcher: no STARTTLS on offer.
    disabledCommands: options.secure ? [] : ['STARTTLS'],
    authOptional: !credentials,
    logger: false,
    onAuth(auth, _session, callback) {
      if (credentials && auth.username === credentials.username && auth.password === credentials.password) {
        callback(null, { user: auth.username })
      } else {
        callback(new Error('Invalid username or password'))
      }
    },
    onRcptTo(_address, _session, callback) {
      if (!options.refuseRecipients) return callback()
      callback(Object.assign(new Error(options.refuseRecipients), { responseCode: 550 }))
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({
            mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            rcptTo: session.envelope.rcptTo.map((recipient) => recipient.address),
            user: typeof session.user === 'string' ? session.user : undefined,
            parsed,
          })
          callback()
        })
        .catch((error: Error) => callback(error))
    },
  }
  const server = new SMTPServer(serverOptions)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const address = server.server.address()
  if (!address || typeof address === 'string') throw new Error('the SMTP server has no TCP address')
  return {
    port: address.port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
