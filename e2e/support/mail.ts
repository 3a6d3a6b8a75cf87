// Reads the login codes the server mails. Without SMTP_URL it writes each message to DATA_DIR/outbox as
// an .eml file; the code is a line of its own with 6 digits.
import fs from 'node:fs'
import path from 'node:path'

function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the suite through e2e/playwright.config.ts')
  return path.join(dataDir, 'outbox')
}

interface Mail {
  file: string
  mtimeMs: number
  text: string
}

function mailsTo(email: string): Mail[] {
  const dir = outboxDir()
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => {
      const file = path.join(dir, name)
      return { file, mtimeMs: fs.statSync(file).mtimeMs, text: fs.readFileSync(file, 'utf8') }
    })
    .filter((mail) => /^To:.*$/im.exec(mail.text)?.[0].toLowerCase().includes(email.toLowerCase()))
    .sort((a, b) => a.mtimeMs - b.mtimeMs || a.file.localeCompare(b.file))
}

export function codeOf(text: string): string | undefined {
  return /^\s*(\d{6,})\s*$/m.exec(text)?.[1]
}

/** How many messages this address has had: pass it to latestCode to wait for the next one. */
export function mailCount(email: string): number {
  return mailsTo(email).length
}

/** The code of the newest message to this address, waiting until there are more than `after` of them. */
export async function latestCode(email: string, after = 0, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const mails = mailsTo(email)
    const newest = mails.at(-1)
    if (mails.length > after && newest) {
      const code = codeOf(newest.text)
      if (code) return code
    }
    if (Date.now() > deadline) throw new Error(`no new login code for ${email} in ${outboxDir()}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

let counter = 0

/** A fresh address for each test, so that tests running in parallel never share a user. */
export function freshEmail(label: string): string {
  counter += 1
  return `${label}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`
}
