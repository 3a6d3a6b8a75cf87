// One server with a real mailbox per test file, on the database kind given.
import { afterAll, beforeAll } from 'vitest'
import type { DatabaseKind } from './databases.ts'
import { startMailbox, type Mailbox } from './mailbox.ts'
import { startServer, type TestServer } from './server.ts'

export interface Suite {
  server: TestServer
  mailbox: Mailbox
  url: string
}

type Env = Record<string, string>

/**
 * Starts the server before the file's tests and stops it after; read the fields inside tests. The
 * environment may be given late, by a function run just before the server starts (a store that must be
 * started first).
 */
export function useServer(kind: DatabaseKind, env: Env | (() => Promise<Env>) = {}): Suite {
  const suite = {} as Suite
  beforeAll(async () => {
    suite.mailbox = await startMailbox()
    const extra = typeof env === 'function' ? await env() : env
    suite.server = await startServer(kind, {
      env: { SMTP_URL: suite.mailbox.url, MAIL_FROM: 'Media Console <console@example.com>', ...extra },
    })
    suite.url = suite.server.url
  })
  afterAll(async () => {
    await suite.server?.close()
    await suite.mailbox?.close()
  })
  return suite
}

/** Adds an existing user to an organization as a member (the users screens come later). */
export async function addMember(
  suite: Suite,
  orgId: number,
  email: string,
  caps: { is_admin?: boolean; cap_web_upload?: boolean } = {},
): Promise<void> {
  await suite.server.app.db.query(
    `INSERT INTO org_user (org_id, user_id, is_admin, cap_web_upload)
     SELECT $1, user_id, $3, $4 FROM app_user WHERE lower(email) = lower($2)`,
    [orgId, email, caps.is_admin ?? false, caps.cap_web_upload ?? false],
  )
}
