// What the rest of the server knows of mail. server/mail/index.ts picks the transport: SMTP when SMTP_URL
// is set, otherwise the outbox (the server log and DATA_DIR/outbox/).
export interface MailMessage {
  to: string
  subject: string
  text: string
  /**
   * What the message is for, in one plain line ('Sign-in code for a@b.c: 123456'). Without SMTP the outbox
   * prints it to the terminal, so that someone trying a fresh install signs in without reading the log.
   */
  summary: string
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox'
  send(message: MailMessage): Promise<void>
  close(): Promise<void>
}
