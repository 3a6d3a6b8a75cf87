// Ways into the administration for tests, through the real calls of the endpoint table: an organization
// with its admin and the container of its first volume, people added by the admin (signed in, holding
// containers), and files stored in a container.
import { expect } from 'vitest'
import { endpoints } from '../../../server/contract/endpoints.ts'
import { readyOrg, signIn, uniqueEmail, type ReadyOrg } from './accounts.ts'
import { callEndpoint } from './endpoint.ts'
import { hashOf, markStored } from './media.ts'
import { addMember, type MemberCaps, type Suite } from './suite.ts'

export type PlanId = 'starter_month' | 'pro_month' | 'business_month'

export interface AdminOrg extends ReadyOrg {
  /** The container of the first volume (its root, '/'), held by the admin. */
  grantId: number
}

/** A ready organization on the plan (a card, the plan, a first volume) and its first volume's container. */
export async function adminOrg(
  suite: Suite,
  label: string,
  plan: PlanId = 'starter_month',
): Promise<AdminOrg> {
  const org = await readyOrg({ url: suite.url, mailbox: suite.mailbox }, label, plan)
  const grants = await callEndpoint(suite.url, endpoints.grantList, {
    params: { org_id: org.orgId },
    key: org.key,
  })
  const grant = grants.body.media_grant_list.find(
    (g) => g.volume_id === org.volumeId && g.prefix_path === '/',
  )
  expect(grant, JSON.stringify(grants.body)).toBeDefined()
  return { ...org, grantId: grant?.media_grant_id as number }
}

export interface Person {
  email: string
  key: string
  userId: number
}

/**
 * Someone the admin adds by e-mail (their account made by the call), signed in, holding the containers
 * given. Capabilities left out are off.
 */
export async function addPerson(
  suite: Suite,
  org: { key: string; orgId: number },
  caps: MemberCaps = {},
  grantIds: readonly number[] = [],
): Promise<Person> {
  const email = uniqueEmail('person')
  const userId = await addMember(suite, org.key, org.orgId, email, caps)
  for (const grantId of grantIds) {
    const held = await callEndpoint(suite.url, endpoints.grantAddUser, {
      params: { org_id: org.orgId, media_grant_id: grantId },
      body: { user_id: userId },
      key: org.key,
    })
    expect(held, JSON.stringify(held.body)).toEqual({ status: 200, body: {} })
  }
  const key = await signIn({ url: suite.url, mailbox: suite.mailbox }, email)
  return { email, key, userId }
}

export interface StoredFile {
  mediaId: number
  mediaVersionId: number
  fileHash: string
  fileSize: number
}

/** A file registered in a container and its content confirmed in the store, as a finished upload leaves it. */
export async function storeFile(
  suite: Suite,
  org: { key: string; orgId: number },
  grantId: number,
  mediaPath: string,
  content: string,
): Promise<StoredFile> {
  const fileHash = hashOf(content)
  const fileSize = Buffer.byteLength(content)
  const registered = await callEndpoint(suite.url, endpoints.mediaRegister, {
    params: { org_id: org.orgId, media_grant_id: grantId },
    body: { media_path: mediaPath, file_size: fileSize, file_hash: fileHash },
    key: org.key,
  })
  expect(registered.status, JSON.stringify(registered.body)).toBe(200)
  const [stored] = await suite.server.app.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM stored_object WHERE org_id = $1 AND file_hash = $2',
    [org.orgId, fileHash],
  )
  if (!stored?.n) await markStored(suite, org.orgId, fileHash, fileSize)
  const detail = await callEndpoint(suite.url, endpoints.mediaDetail, {
    params: { org_id: org.orgId, media_grant_id: grantId, media_id: registered.body.media_id },
    key: org.key,
  })
  expect(detail.status, JSON.stringify(detail.body)).toBe(200)
  return {
    mediaId: registered.body.media_id,
    mediaVersionId: detail.body.media.media_version_id,
    fileHash,
    fileSize,
  }
}

/** A device of the organization mounting the container (the devices issue builds the calls for both). */
export async function mountGrant(
  suite: Suite,
  orgId: number,
  grantId: number,
  deviceName: string,
  options: { userId?: number; isDisabled?: boolean } = {},
): Promise<number> {
  const [device] = await suite.server.app.db.query<{ device_id: number }>(
    'INSERT INTO device (org_id, user_id, device_name) VALUES ($1, $2, $3) RETURNING device_id',
    [orgId, options.userId ?? null, deviceName],
  )
  const deviceId = device?.device_id as number
  await suite.server.app.db.query(
    'INSERT INTO device_media_grant (org_id, device_id, media_grant_id, is_disabled) VALUES ($1, $2, $3, $4)',
    [orgId, deviceId, grantId, options.isDisabled ?? false],
  )
  return deviceId
}
