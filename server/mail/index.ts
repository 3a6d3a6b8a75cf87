// Picks the mail transport: SMTP when SMTP_URL is set, otherwise the outbox (DATA_DIR/outbox/, the log, and one
// plain line per message on standard output).
import type { Config } from '../config.ts'
import type { Mailer } from './mailer.ts'
import { createOutboxMailer, type OutboxLog, type OutboxPrint } from './outbox.ts'
import { createSmtpMailer } from './smtp.ts'

export type { Mailer, MailMessage } from './mailer.ts'
export { loginCodeMessage } from './messages.ts'

export async function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>,
  log: OutboxLog,
  print?: OutboxPrint,
): Promise<Mailer> {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createOutboxMailer(config.dataDir, config.mailFrom, log, print)
}
