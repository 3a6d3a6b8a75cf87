// What a fuzzed request needs to get past authentication and reach validation and the services, made
// through the real API: a signed-in admin of an organization with a plan, a card, a volume and its
// container holding one registered file, and a member who holds the container without any capability.
// The admin and the container alone serve tests of the upload calls.
import { expect } from 'vitest'
import type { MediaDetailResponse } from '../../../server/contract/media.ts'
import type { PaymentMethodListResponse } from '../../../server/contract/paymentMethod.ts'
import type { MediaGrantListResponse } from '../../../server/contract/volume.ts'
import { readyOrg, signUp, uniqueEmail } from './accounts.ts'
import { call } from './http.ts'
import type { Mailbox } from './mailbox.ts'
import { hashOf } from './media.ts'
import type { ServerThread } from './serverThread.ts'

export interface FuzzFixture {
  adminKey: string
  memberKey: string
  /** A valid value of each path parameter the routes name; any other parameter gets '1'. */
  pathValues: Readonly<Record<string, string>>
}

export interface GrantedAdmin {
  adminKey: string
  orgId: number
  grantId: number
  /** '/web/1/org/{org_id}/media_grant/{grant_id}' */
  base: string
}

/** A signed-in admin of a ready organization (plan, card, volume) and the container of its volume. */
export async function grantedAdmin(server: ServerThread, mailbox: Mailbox): Promise<GrantedAdmin> {
  const admin = await readyOrg({ url: server.url, mailbox }, 'Fuzz')
  const grants = await call<MediaGrantListResponse>(
    server.url,
    'GET',
    `/web/1/org/${admin.orgId}/media_grant`,
    {
      key: admin.key,
    },
  )
  const grantId = grants.body.media_grant_list[0]?.media_grant_id
  expect(grantId, JSON.stringify(grants.body)).toBeTypeOf('number')
  return {
    adminKey: admin.key,
    orgId: admin.orgId,
    grantId: grantId as number,
    base: `/web/1/org/${admin.orgId}/media_grant/${grantId}`,
  }
}

export async function makeFuzzFixture(server: ServerThread, mailbox: Mailbox): Promise<FuzzFixture> {
  const client = { url: server.url, mailbox }
  const { adminKey, orgId, grantId, base } = await grantedAdmin(server, mailbox)

  const fileHash = hashOf('fuzz sample')
  const media = await call<{ media_id: number }>(server.url, 'POST', `${base}/media`, {
    key: adminKey,
    body: { media_path: 'Fuzz/sample.txt', file_size: 11, file_hash: fileHash },
  })
  expect(media.status, JSON.stringify(media.body)).toBe(200)
  const detail = await call<MediaDetailResponse>(server.url, 'GET', `${base}/media/${media.body.media_id}`, {
    key: adminKey,
  })
  expect(detail.status, JSON.stringify(detail.body)).toBe(200)
  const cards = await call<PaymentMethodListResponse>(
    server.url,
    'GET',
    `/api/1/org/${orgId}/payment_method`,
    { key: adminKey },
  )
  const paymentMethodId = cards.body.payment_method_list[0]?.payment_method_id
  expect(paymentMethodId, JSON.stringify(cards.body)).toBeTypeOf('number')

  // The member: signed up through the API, added as the users screens will add one (they come later).
  const memberEmail = uniqueEmail('fuzz-member')
  const memberKey = await signUp(client, memberEmail)
  const [member] = await server.query<{ user_id: number }>(
    `INSERT INTO org_user (org_id, user_id, is_admin, cap_web_upload, cap_web_download)
     SELECT $1, user_id, false, false, false FROM app_user WHERE lower(email) = lower($2)
     RETURNING user_id`,
    [orgId, memberEmail],
  )
  expect(member?.user_id).toBeTypeOf('number')
  await server.query('INSERT INTO media_grant_user (org_id, media_grant_id, user_id) VALUES ($1, $2, $3)', [
    orgId,
    grantId,
    member?.user_id,
  ])

  return {
    adminKey,
    memberKey,
    pathValues: {
      org_id: String(orgId),
      media_grant_id: String(grantId),
      media_id: String(media.body.media_id),
      media_version_id: String(detail.body.media.media_version_id),
      payment_method_id: String(paymentMethodId),
      // The local store's signed paths.
      orgId: String(orgId),
      hash: fileHash,
      uploadId: 'upload',
      partNumber: '1',
    },
  }
}
