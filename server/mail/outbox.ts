// Mail without an SMTP server: each message becomes one RFC 822 file in DATA_DIR/outbox/, a log line, and one
// plain line on the terminal ('Sign-in code for a@b.c: 123456'), so that `npm start` on a bare machine can sign
// people in without anyone digging through JSON logs or .eml files.
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../privateFiles.ts'
import type { Mailer } from './mailer.ts'
import { toNodemailerMessage } from './compose.ts'

export interface OutboxLog {
  info(obj: object, msg: string): void
}

/** Where the plain line goes: the terminal, beside (not inside) the JSON log. */
export type OutboxPrint = (line: string) => void

const printToStdout: OutboxPrint = (line) => {
  process.stdout.write(`${line}\n`)
}

/** Sorts by time (ISO instant, to the millisecond) and never collides (random suffix), across processes too. */
export function outboxFileName(now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-')
  return `${stamp}-${crypto.randomBytes(6).toString('hex')}.eml`
}

async function writeWhole(dir: string, name: string, bytes: Buffer): Promise<string> {
  const finalPath = path.join(dir, name)
  // A dot-name ending in .tmp: a reader listing *.eml never sees a message that is still being written.
  const tempPath = path.join(dir, `.${name}.tmp`)
  // Sign-in codes: the file is the server user's alone (privateFiles.ts).
  const file = await fs.open(tempPath, 'wx', PRIVATE_FILE_MODE)
  try {
    await file.writeFile(bytes)
    await file.sync()
  } finally {
    await file.close()
  }
  await fs.rename(tempPath, finalPath)
  return finalPath
}

export async function createOutboxMailer(
  dataDir: string,
  mailFrom: string,
  log: OutboxLog,
  print: OutboxPrint = printToStdout,
): Promise<Mailer> {
  const dir = path.join(dataDir, 'outbox')
  await fs.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
  const { createTransport } = await import('nodemailer')
  // The stream transport composes the message exactly as SMTP would send it, and hands back the bytes.
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'windows' })
  return {
    kind: 'outbox',
    async send(message) {
      const info = await composer.sendMail(toNodemailerMessage(mailFrom, message))
      if (!Buffer.isBuffer(info.message)) throw new Error('the mail composer returned a stream, not bytes')
      const file = await writeWhole(dir, outboxFileName(), info.message)
      // The log keeps who, what and where; the text (and so the code) is in the file and the plain line.
      log.info({ to: message.to, subject: message.subject, file }, 'mail written to the outbox')
      // One line, whatever the message says: a newline in it (never expected) must not forge a second line.
      print(message.summary.replace(/[\r\n]+/g, ' '))
    },
    async close() {},
  }
}
