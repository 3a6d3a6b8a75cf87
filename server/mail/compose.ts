// The one shape both transports hand to nodemailer, so SMTP and the outbox produce the same message.
import type { SendMailOptions } from 'nodemailer'
import type { MailMessage } from './mailer.ts'

// One plain address: nodemailer would read "a@x.com, b@y.com" or "Name <a@x.com>" as recipients of its own.
const SINGLE_ADDRESS = /^[^\s@,;:<>()"[\]\\]+@[^\s@,;:<>()"[\]\\]+$/

export function toNodemailerMessage(from: string, message: MailMessage): SendMailOptions {
  if (!SINGLE_ADDRESS.test(message.to)) {
    throw new Error(`mail recipient must be one plain address, not ${JSON.stringify(message.to)}`)
  }
  return { from, to: message.to, subject: message.subject, text: message.text }
}
