// Ways into files for tests: a container of a ready organization, members holding it, devices and stored
// content recorded as a device or a confirmed upload would record them.
import crypto from 'node:crypto'
import { expect } from 'vitest'
import type { MediaGrantListResponse } from '../../../server/contract/volume.ts'
import { readyOrg, signUp, uniqueEmail, type ReadyOrg } from './accounts.ts'
import { call } from './http.ts'
import { addMember, type Suite } from './suite.ts'

export const hashOf = (text: string) => crypto.createHash('sha256').update(text).digest('hex')

export interface GrantedOrg extends ReadyOrg {
  grantId: number
  /** '/web/1/org/{org_id}/media_grant/{grant_id}' */
  base: string
}

/** A ready organization and the container of its first volume (the whole volume, held by its admin). */
export async function grantedOrg(suite: Suite, label: string): Promise<GrantedOrg> {
  const org = await readyOrg({ url: suite.url, mailbox: suite.mailbox }, label)
  const grants = await call<MediaGrantListResponse>(suite.url, 'GET', `/web/1/org/${org.orgId}/media_grant`, {
    key: org.key,
  })
  const grantId = grants.body.media_grant_list[0]?.media_grant_id
  expect(grantId).toBeTypeOf('number')
  return { ...org, grantId: grantId as number, base: `/web/1/org/${org.orgId}/media_grant/${grantId}` }
}

/** A new member of the organization, holding the grant when given one. */
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
  await addMember(suite, orgId, email, {
    ...(options.cap_web_upload !== undefined ? { cap_web_upload: options.cap_web_upload } : {}),
    ...(options.is_admin !== undefined ? { is_admin: options.is_admin } : {}),
  })
  const [user] = await suite.server.app.db.query<{ user_id: number }>(
    'SELECT user_id FROM app_user WHERE lower(email) = lower($1)',
    [email],
  )
  const userId = user?.user_id as number
  await suite.server.app.db.query(
    'UPDATE org_user SET cap_web_download = $3 WHERE org_id = $1 AND user_id = $2',
    [orgId, userId, options.cap_web_download ?? false],
  )
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

/** Records content as confirmed in the store, as a confirmed upload leaves it. */
export async function markStored(suite: Suite, orgId: number, fileHash: string, fileSize: number) {
  await suite.server.app.db.query(
    `INSERT INTO stored_object (org_id, file_hash, file_size, is_confirmed, confirmed_at)
     VALUES ($1, $2, $3, true, now())`,
    [orgId, fileHash, fileSize],
  )
}
