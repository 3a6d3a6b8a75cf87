// Picks the mail transport: SMTP when SMTP_URL is set, otherwise the outbox (the log and DATA_DIR/outbox/).
import type { Config } from '../config.ts'
import type { Mailer } from './mailer.ts'
import { createOutboxMailer, type OutboxLog } from './outbox.ts'
import { createSmtpMailer } from './smtp.ts'

export type { Mailer, MailMessage } from './mailer.ts'
export { loginCodeMessage } from './messages.ts'

export async function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>,
  log: OutboxLog,
): Promise<Mailer> {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createOutboxMailer(config.dataDir, config.mailFrom, log)
}
