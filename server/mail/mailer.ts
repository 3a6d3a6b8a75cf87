// What the rest of the server knows of mail. server/mail/index.ts picks the transport: SMTP when SMTP_URL
// is set, otherwise the outbox (the server log and DATA_DIR/outbox/).
export interface MailMessage {
  to: string
  subject: string
  text: string
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox'
  send(message: MailMessage): Promise<void>
  close(): Promise<void>
}
