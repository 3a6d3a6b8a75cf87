// The one shape both transports hand to nodemailer, so SMTP and the outbox produce the same message. Only
// three things of a message become headers, and none is free user text: the sender is the configured
// MAIL_FROM, the recipient an address that passed the e-mail rule (one mailbox, as nodemailer reads it),
// and the subject is the product's own words with at most a name that passed the name rule. Checked here
// again, last, so that no path to the mailer (a row saved before the rules held, a message added later)
// can put a second recipient or a header line into a mail.
import type { SendMailOptions } from 'nodemailer'
import { holdsControlCharacter, isMailboxAddress } from '../contract/text.ts'
import type { MailMessage } from './mailer.ts'

export function toNodemailerMessage(from: string, message: MailMessage): SendMailOptions {
  // nodemailer would read "a@x.com, b@y.com" or "Name <a@x.com>" as recipients of its own.
  if (!isMailboxAddress(message.to)) {
    throw new Error(`mail recipient must be one plain address, not ${JSON.stringify(message.to)}`)
  }
  if (holdsControlCharacter(message.subject)) {
    throw new Error(`mail subject must be one line, not ${JSON.stringify(message.subject)}`)
  }
  // Nothing else of the message reaches nodemailer: no headers, reply-to, cc or bcc of the caller's.
  return { from, to: message.to, subject: message.subject, text: message.text }
}
