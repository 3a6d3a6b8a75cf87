// Ways into files for tests: a container of a ready organization, members holding it, devices and stored
// content recorded as a device or a confirmed upload would record them.
import crypto from 'node:crypto'
import { expect } from 'vitest'
import { endpoints } from '../../../server/contract/endpoints.ts'
import { readyOrg, signUp, uniqueEmail, type ReadyOrg } from './accounts.ts'
import { callEndpoint } from './endpoint.ts'
import type { Suite } from './suite.ts'

export const hashOf = (text: string) => crypto.createHash('sha256').update(text).digest('hex')

export interface GrantedOrg extends ReadyOrg {
  grantId: number
  /** '/web/1/org/{org_id}/media_grant/{grant_id}' */
  base: string
}

/** A ready organization and the container of its first volume (the whole volume, held by its admin). */
export async function grantedOrg(suite: Pick<Suite, 'url' | 'mailbox'>, label: string): Promise<GrantedOrg> {
  const org = await readyOrg({ url: suite.url, mailbox: suite.mailbox }, label)
  const grants = await callEndpoint(suite.url, endpoints.memberGrantList, {
    params: { org_id: org.orgId },
    key: org.key,
  })
  const grantId = grants.body.media_grant_list[0]?.media_grant_id
  expect(grantId).toBeTypeOf('number')
  return { ...org, grantId: grantId as number, base: `/web/1/org/${org.orgId}/media_grant/${grantId}` }
}

/**
 * A new member of the organization, holding the grant when given one. Written to the database, not added
 * through userAdd (helpers/suite.ts addMember): these tests have no admin key at hand, and several of them
 * put more members in a starter organization than its plan's user limit allows.
 */
export async function newMember(
  suite: Suite,
  orgId: number,
  options: {
    grantId?: number
    cap_web_upload?: boolean
    cap_web_download?: boolean
    is_admin?: boolean
  } = {},
) {
  const email = uniqueEmail('member')
  const key = await signUp({ url: suite.url, mailbox: suite.mailbox }, email)
  const [user] = await suite.server.app.db.query<{ user_id: number }>(
    `INSERT INTO org_user (org_id, user_id, is_admin, cap_web_upload, cap_web_download)
     SELECT $1, user_id, $3, $4, $5 FROM app_user WHERE lower(email) = lower($2)
     RETURNING user_id`,
    [
      orgId,
      email,
      options.is_admin ?? false,
      options.cap_web_upload ?? false,
      options.cap_web_download ?? false,
    ],
  )
  const userId = user?.user_id as number
  if (options.grantId !== undefined) await holdGrant(suite, orgId, options.grantId, userId)
  return { key, email, userId }
}

export async function holdGrant(suite: Suite, orgId: number, grantId: number, userId: number) {
  await suite.server.app.db.query(
    'INSERT INTO media_grant_user (org_id, media_grant_id, user_id) VALUES ($1, $2, $3)',
    [orgId, grantId, userId],
  )
}

/** A device of the organization (the devices calls come later). */
export async function addDevice(suite: Suite, orgId: number, deviceName: string): Promise<number> {
  const [row] = await suite.server.app.db.query<{ device_id: number }>(
    'INSERT INTO device (org_id, device_name) VALUES ($1, $2) RETURNING device_id',
    [orgId, deviceName],
  )
  return row?.device_id as number
}

/**
 * Records content as confirmed in the store, as a confirmed upload leaves it: the versions already registered
 * with it are proven (the bytes arrived through their containers), and the person who sent it, when named,
 * may name it from then on.
 */
export async function markStored(
  suite: Suite,
  orgId: number,
  fileHash: string,
  fileSize: number,
  sentBy?: number,
) {
  const { db } = suite.server.app
  await db.query(
    `INSERT INTO stored_object (org_id, file_hash, file_size, is_confirmed, confirmed_at)
     VALUES ($1, $2, $3, true, now())`,
    [orgId, fileHash, fileSize],
  )
  await db.query('UPDATE media_version SET is_proven = true WHERE org_id = $1 AND file_hash = $2', [
    orgId,
    fileHash,
  ])
  if (sentBy !== undefined) {
    await db.query('INSERT INTO content_sender (org_id, file_hash, user_id) VALUES ($1, $2, $3)', [
      orgId,
      fileHash,
      sentBy,
    ])
  }
}

/** The id of the user with this e-mail. */
export async function userIdOf(suite: Suite, email: string): Promise<number> {
  const [row] = await suite.server.app.db.query<{ user_id: number }>(
    'SELECT user_id FROM app_user WHERE lower(email) = lower($1)',
    [email],
  )
  expect(row?.user_id).toBeTypeOf('number')
  return row?.user_id as number
}
