// One server with a real mailbox per test file, on the database kind given.
import { afterAll, beforeAll, expect } from 'vitest'
import { endpoints } from '../../../server/contract/endpoints.ts'
import type { DatabaseKind } from './databases.ts'
import { callEndpoint } from './endpoint.ts'
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

export interface MemberCaps {
  is_admin?: boolean
  cap_web_upload?: boolean
  cap_web_download?: boolean
  cap_add_device?: boolean
}

/**
 * Adds a person to an organization through the real userAdd call, made with its admin's key (so the plan's
 * user limit applies, and the person is mailed). Capabilities the caller leaves out are off, not the
 * call's defaults, so a test names each one it relies on. Answers the member's user id.
 */
export async function addMember(
  suite: Suite,
  adminKey: string,
  orgId: number,
  email: string,
  caps: MemberCaps = {},
): Promise<number> {
  const added = await callEndpoint(suite.url, endpoints.userAdd, {
    params: { org_id: orgId },
    body: {
      email,
      is_admin: caps.is_admin ?? false,
      cap_web_upload: caps.cap_web_upload ?? false,
      cap_web_download: caps.cap_web_download ?? false,
      cap_add_device: caps.cap_add_device ?? false,
    },
    key: adminKey,
  })
  expect(added.status, JSON.stringify(added.body)).toBe(200)
  return added.body.user_id
}
