// Test setup through the real API (never a mock): users, organizations, cards, plans and volumes that a
// test needs before it opens the browser.
import { createHash } from 'node:crypto'
import { endpoints, type Call } from '../../server/contract/endpoints.ts'
import type { InvoiceSummary } from '../../server/contract/invoice.ts'
import type { CreateNetworkStoreRequest } from '../../server/contract/networkStore.ts'
import type { CreateShareLinkRequest } from '../../server/contract/shareLink.ts'
import { endpointPath, type EndpointAnswer, type EndpointInput } from '../../src/api/endpoint.ts'
import { freshEmail, latestCode, mailCount } from './mail.ts'
import { storageRequest } from './storageRequest.ts'

function baseUrl(): string {
  const url = process.env.E2E_BASE_URL
  if (!url) throw new Error('E2E_BASE_URL is not set: run the suite through e2e/playwright.config.ts')
  return url
}

async function send(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  options: { sessionKey?: string; body?: unknown; cookie?: string; bearer?: string } = {},
): Promise<{ body: unknown; setCookie: string[] }> {
  const url = new URL(path, baseUrl())
  if (options.sessionKey) url.searchParams.set('session_key', options.sessionKey)
  const headers: Record<string, string> = {}
  if (options.bearer) headers.Authorization = `Bearer ${options.bearer}`
  if (options.body !== undefined) headers['Content-Type'] = 'application/json'
  if (options.cookie) headers.Cookie = options.cookie
  const response = await fetch(url, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`)
  return { body: text ? JSON.parse(text) : undefined, setCookie: response.headers.getSetCookie() }
}

/** A call of the endpoint table (server/contract/endpoints.ts), typed by its entry, as the console makes it. */
export async function api<const E extends Call>(
  endpoint: E,
  input: EndpointInput<E>,
  sessionKey?: string,
): Promise<EndpointAnswer<E>> {
  const { params, query, body } = input as {
    params?: Record<string, number | string>
    query?: Record<string, string>
    body?: unknown
  }
  const search = query ? `?${new URLSearchParams(query).toString()}` : ''
  const path = `${endpointPath(endpoint.path, params)}${search}`
  return (await send(endpoint.method, path, { ...(sessionKey ? { sessionKey } : {}), body }))
    .body as EndpointAnswer<E>
}

/**
 * Signs a new user up by e-mail code and answers their session key. The code belongs to the sign-in
 * attempt whose cookie the code request set, so the login sends that cookie back, as a browser does.
 */
export async function signUpUser(email: string): Promise<string> {
  const before = mailCount(email)
  const asked = await send('POST', '/api/1/user/email_code', { body: { email, signup: true } })
  const cookie = asked.setCookie.map((header) => header.split(';', 1)[0]).join('; ')
  const login_code = await latestCode(email, before)
  const answer = await send('POST', '/api/1/user/email_login', { body: { email, login_code }, cookie })
  return (answer.body as { user_session_key: string }).user_session_key
}

export async function createOrg(sessionKey: string, org_name: string): Promise<number> {
  return (await api(endpoints.orgCreate, { body: { org_name } }, sessionKey)).org_id
}

export async function updateOrg(
  sessionKey: string,
  orgId: number,
  fields: { org_name?: string; domain_prefix?: string },
): Promise<void> {
  await api(endpoints.orgUpdate, { params: { org_id: orgId }, body: fields }, sessionKey)
}

/** An organization ready for work: a test card, the plan saved and a first volume. */
export async function createReadyOrg(
  sessionKey: string,
  org_name: string,
  volume_name: string,
): Promise<number> {
  const orgId = await createOrg(sessionKey, org_name)
  const params = { org_id: orgId }
  await api(
    endpoints.paymentMethodAdd,
    { params, body: { stripe_payment_method_id: 'pm_card_visa' } },
    sessionKey,
  )
  await api(endpoints.orgSetPlan, { params, body: { plan_id: 'starter_month' } }, sessionKey)
  await api(endpoints.volumeCreate, { params, body: { org_id: orgId, volume_name } }, sessionKey)
  return orgId
}

/**
 * A new user (an address made from `label`) signed up, with an organization ready for work (createReadyOrg),
 * named `<orgLabel> <their address>`, of which they are the admin.
 */
export async function signUpReadyAdmin(
  label: string,
  orgLabel: string,
  volume_name: string,
): Promise<{ email: string; sessionKey: string; orgId: number }> {
  const email = freshEmail(label)
  const sessionKey = await signUpUser(email)
  const orgId = await createReadyOrg(sessionKey, `${orgLabel} ${email}`, volume_name)
  return { email, sessionKey, orgId }
}

export interface VolumeRow {
  volume_id: number
  volume_name: string
  is_disabled: boolean
}

/** The organization's volumes (admin). */
export async function listVolumes(sessionKey: string, orgId: number): Promise<VolumeRow[]> {
  return (await api(endpoints.volumeList, { params: { org_id: orgId } }, sessionKey)).volume_list
}

/** The id of the organization's volume of that name. */
export async function volumeIdOf(sessionKey: string, orgId: number, volumeName: string): Promise<number> {
  const volume = (await listVolumes(sessionKey, orgId)).find((each) => each.volume_name === volumeName)
  if (!volume) throw new Error(`the organization has no volume ${volumeName}`)
  return volume.volume_id
}

/** Changes a volume's settings (the changed fields only, as the console sends them). */
export async function updateVolume(
  sessionKey: string,
  orgId: number,
  volumeId: number,
  changes: {
    volume_name?: string
    is_disabled?: boolean
    min_expire_size?: number
    live_expire_days?: number
    dead_expire_days?: number
  },
): Promise<void> {
  await api(
    endpoints.volumeUpdate,
    { params: { org_id: orgId, volume_id: volumeId }, body: changes },
    sessionKey,
  )
}

export interface Grant {
  media_grant_id: number
  grant_name: string
}

/** The containers the user holds in an organization (a new volume comes with one). */
export async function listGrants(sessionKey: string, orgId: number): Promise<Grant[]> {
  return (await api(endpoints.memberGrantList, { params: { org_id: orgId } }, sessionKey)).media_grant_list
}

export interface GrantAccess {
  sessionKey: string
  orgId: number
  grantId: number
}

/**
 * A new admin's organization, ready for work, and the container its new volume came with (signUpReadyAdmin,
 * the volume and the container both named `grantName`): what a spec that works in one container starts from.
 */
export async function readyContainer(
  label: string,
  orgLabel: string,
  grantName: string,
): Promise<GrantAccess> {
  const { sessionKey, orgId } = await signUpReadyAdmin(label, orgLabel, grantName)
  const grant = (await listGrants(sessionKey, orgId)).find((each) => each.grant_name === grantName)
  if (!grant) throw new Error('the new volume came without its container')
  return { sessionKey, orgId, grantId: grant.media_grant_id }
}

function grantParams({ orgId, grantId }: GrantAccess) {
  return { org_id: orgId, media_grant_id: grantId }
}

export async function createFolder(access: GrantAccess, prefix_path: string): Promise<void> {
  await api(endpoints.dirCreate, { params: grantParams(access), body: { prefix_path } }, access.sessionKey)
}

/** Stores the bytes of a single-part file (up to 8 MiB) the way the console does: plan, PUT, confirm. */
export async function storeBytes(access: GrantAccess, bytes: Buffer): Promise<string> {
  const file_hash = createHash('sha256').update(bytes).digest('hex')
  const file_size = bytes.length
  const { upload_list } = await api(
    endpoints.upload,
    { params: grantParams(access), body: { file_list: [{ file_hash, file_size }] } },
    access.sessionKey,
  )
  const [item] = upload_list
  if (!item) throw new Error('the upload plan answered no item')
  if (!item.skip_upload && item.signed_opts) {
    const { method, url, headers } = item.signed_opts
    const response = await storageRequest(new URL(url, baseUrl()), {
      method,
      headers,
      body: new Uint8Array(bytes),
    })
    if (!response.ok)
      throw new Error(`PUT of ${file_hash} answered ${response.status}: ${response.body.toString()}`)
    await api(
      endpoints.s3Object,
      { params: grantParams(access), body: { s3_bucket_id: item.s3_bucket_id, file_hash, file_size } },
      access.sessionKey,
    )
  }
  return file_hash
}

/** Registers a file at a path relative to the container ('/a/b.txt'); answers its media id. */
export async function registerFile(
  access: GrantAccess,
  media_path: string,
  content: { file_hash: string; file_size: number },
): Promise<number> {
  const now = Date.now()
  const answer = await api(
    endpoints.mediaRegister,
    { params: grantParams(access), body: { media_path, ...content, ctime: now, mtime: now } },
    access.sessionKey,
  )
  return answer.media_id
}

/** Registers a file and uploads its bytes. */
export async function putFile(
  access: GrantAccess,
  media_path: string,
  text: string | Buffer,
): Promise<number> {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text
  const mediaId = await registerFile(access, media_path, {
    file_hash: createHash('sha256').update(bytes).digest('hex'),
    file_size: bytes.length,
  })
  await storeBytes(access, bytes)
  return mediaId
}

export async function deleteFile(access: GrantAccess, mediaId: number): Promise<void> {
  await api(
    endpoints.mediaDelete,
    { params: { ...grantParams(access), media_id: mediaId } },
    access.sessionKey,
  )
}

/** The bytes the store holds for the file at a path relative to the container ('/a/b.bin'). */
export async function readStoredFile(access: GrantAccess, mediaPath: string): Promise<Buffer> {
  const slash = mediaPath.lastIndexOf('/')
  const folder = mediaPath.slice(0, slash + 1)
  const name = mediaPath.slice(slash + 1)
  const listing = await api(
    endpoints.dirList,
    { params: grantParams(access), query: { prefix_path: folder } },
    access.sessionKey,
  )
  const media = listing.media_list.find((each) => each.media_path.endsWith(`/${name}`))
  if (!media) throw new Error(`${mediaPath} is not in the listing of ${folder}`)
  const { url } = await api(
    endpoints.mediaDownloadUrl,
    { params: { ...grantParams(access), media_id: media.media_id } },
    access.sessionKey,
  )
  const response = await storageRequest(new URL(url, baseUrl()))
  if (!response.ok) throw new Error(`the download of ${mediaPath} answered ${response.status}`)
  return response.body
}

// Users and the containers they hold (specification 001): an admin adds people, changes their
// capabilities and gives them containers.

export interface OrgUserCaps {
  is_admin?: boolean
  cap_web_upload?: boolean
  cap_web_download?: boolean
  cap_add_device?: boolean
}

export interface OrgUserRow extends Required<OrgUserCaps> {
  user_id: number
  email: string
  user_name: string | null
}

/** Adds a person by e-mail (their account made when they have none); answers their user id. */
export async function addOrgUser(
  sessionKey: string,
  orgId: number,
  body: { email: string } & OrgUserCaps,
): Promise<number> {
  return (await api(endpoints.userAdd, { params: { org_id: orgId }, body }, sessionKey)).user_id
}

export async function listOrgUsers(sessionKey: string, orgId: number): Promise<OrgUserRow[]> {
  return (await api(endpoints.userList, { params: { org_id: orgId } }, sessionKey)).user_list
}

/** The user id of the organization's member with that e-mail. */
export async function orgUserIdOf(sessionKey: string, orgId: number, email: string): Promise<number> {
  const user = (await listOrgUsers(sessionKey, orgId)).find((each) => each.email === email.toLowerCase())
  if (!user) throw new Error(`the organization has no member ${email}`)
  return user.user_id
}

/** Changes a member's role or capabilities (changed fields only). */
export async function updateOrgUser(
  sessionKey: string,
  orgId: number,
  userId: number,
  changes: OrgUserCaps,
): Promise<void> {
  await api(endpoints.userUpdate, { params: { org_id: orgId, user_id: userId }, body: changes }, sessionKey)
}

/** Adds a container over a prefix of a volume (admin); answers its id. */
export async function createGrant(
  sessionKey: string,
  orgId: number,
  body: { volume_id: number; grant_name: string; prefix_path: string; user_id_list?: number[] },
): Promise<number> {
  return (await api(endpoints.grantCreate, { params: { org_id: orgId }, body }, sessionKey)).media_grant_id
}

/** Gives a member a container (admin). */
export async function addGrantUser(
  sessionKey: string,
  orgId: number,
  grantId: number,
  userId: number,
): Promise<void> {
  await api(
    endpoints.grantAddUser,
    { params: { org_id: orgId, media_grant_id: grantId }, body: { user_id: userId } },
    sessionKey,
  )
}

// Apps and devices (specification 001 and the device protocol, docs/devices.md): an admin makes an app and
// its key, a member registers a machine through it, and the device then calls with its own token.

/** Adds an app (admin); answers its id. */
export async function createApp(sessionKey: string, orgId: number, app_name: string): Promise<number> {
  return (await api(endpoints.appCreate, { params: { org_id: orgId }, body: { app_name } }, sessionKey))
    .app_id
}

/** Makes the app's secret key (admin); the answer is the only time it is shown. */
export async function newAppKey(sessionKey: string, orgId: number, appId: number): Promise<string> {
  return (await api(endpoints.appNewKey, { params: { org_id: orgId, app_id: appId } }, sessionKey)).secret_key
}

/** Registers a machine as a device of the session's user, through an app; answers its id and token. */
export async function registerDevice(
  sessionKey: string,
  orgId: number,
  body: { app_id: number; secret_key: string; device_name: string },
): Promise<{ device_id: number; device_token: string }> {
  return api(endpoints.deviceRegister, { params: { org_id: orgId }, body }, sessionKey)
}

/** A call of the device protocol, with the device's token (`Authorization: Bearer`). */
export async function deviceApi<const E extends Call>(
  endpoint: E,
  input: EndpointInput<E>,
  deviceToken: string,
): Promise<EndpointAnswer<E>> {
  const { params, query, body } = input as {
    params?: Record<string, number | string>
    query?: Record<string, string>
    body?: unknown
  }
  const search = query ? `?${new URLSearchParams(query).toString()}` : ''
  const path = `${endpointPath(endpoint.path, params)}${search}`
  return (await send(endpoint.method, path, { bearer: deviceToken, body })).body as EndpointAnswer<E>
}

/** The device says it is alive and which version it runs. */
export async function heartbeat(deviceToken: string, version: string): Promise<void> {
  await deviceApi(endpoints.deviceHeartbeat, { body: { version } }, deviceToken)
}

/** The HTTP status of a heartbeat (a disabled device's is refused with 403). */
export async function heartbeatStatus(deviceToken: string, version: string): Promise<number> {
  const response = await fetch(new URL(endpoints.deviceHeartbeat.path, baseUrl()), {
    method: 'POST',
    headers: { Authorization: `Bearer ${deviceToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ version }),
  })
  return response.status
}

/** Changes a device (admin; changed fields only). */
export async function updateDevice(
  sessionKey: string,
  orgId: number,
  deviceId: number,
  changes: { device_name?: string; is_disabled?: boolean; is_avid_enabled?: boolean },
): Promise<void> {
  await api(
    endpoints.deviceUpdate,
    { params: { org_id: orgId, device_id: deviceId }, body: changes },
    sessionKey,
  )
}

/** Mounts a container on a device (admin). */
export async function addDeviceMount(
  sessionKey: string,
  orgId: number,
  deviceId: number,
  grantId: number,
): Promise<void> {
  await api(
    endpoints.deviceGrantAdd,
    { params: { org_id: orgId, device_id: deviceId }, body: { media_grant_id: grantId } },
    sessionKey,
  )
}

/**
 * The device registers a file on a mount without uploading its content (the file is 'Not Uploaded' until
 * the bytes reach the store); answers its media id and content hash.
 */
export async function deviceRegisterFile(
  deviceToken: string,
  grantId: number,
  media_path: string,
  text: string,
): Promise<{ media_id: number; file_hash: string }> {
  const bytes = Buffer.from(text)
  const file_hash = createHash('sha256').update(bytes).digest('hex')
  const { media_id } = await deviceApi(
    endpoints.mountRegister,
    { params: { media_grant_id: grantId }, body: { media_path, file_hash, file_size: bytes.length } },
    deviceToken,
  )
  return { media_id, file_hash }
}

/** The device reports content it now holds on a mount (hashes added). */
export async function reportHolding(deviceToken: string, grantId: number, hashes: string[]): Promise<void> {
  await deviceApi(
    endpoints.mountHolding,
    { params: { media_grant_id: grantId }, body: { add: hashes } },
    deviceToken,
  )
}

// Billing and network stores (specification 001 section 2). Invoices come from the daily jobs, not from a
// call: support/jobs.ts closes a month; these read what it made, and set up what it charges.

/**
 * Adds a card by the test provider's token ('pm_card_visa'; 'pm_card_chargeCustomerFail' attaches and its
 * charges are declined); answers its id. A new card is a backup unless made the default.
 */
export async function addCard(
  sessionKey: string,
  orgId: number,
  stripe_payment_method_id: string,
  { makeDefault = false } = {},
): Promise<number> {
  const params = { org_id: orgId }
  const { payment_method_id } = await api(
    endpoints.paymentMethodAdd,
    { params, body: { stripe_payment_method_id } },
    sessionKey,
  )
  if (makeDefault)
    await api(endpoints.paymentMethodDefault, { params: { ...params, payment_method_id } }, sessionKey)
  return payment_method_id
}

/** The organization's invoices, newest first (admin). */
export async function listInvoices(sessionKey: string, orgId: number): Promise<InvoiceSummary[]> {
  return (await api(endpoints.invoiceList, { params: { org_id: orgId } }, sessionKey)).invoice_list
}

/**
 * Adds a network store (admin), tried for uploads before the service's own store; answers its id. The server
 * checks it with a write, read and delete first, so the store must answer: a server of the spec's own with
 * STORE_ALLOW_PRIVATE_HOSTS reaches one on loopback (tests/server/helpers/s3Server.ts).
 */
export async function addNetworkStore(
  sessionKey: string,
  orgId: number,
  body: CreateNetworkStoreRequest,
): Promise<number> {
  return (await api(endpoints.networkStoreAdd, { params: { org_id: orgId }, body }, sessionKey)).s3_bucket_id
}

/** Creates a share link on a container (a file or a folder of it); answers the link and its one-time token. */
export async function createShareLink(
  access: GrantAccess,
  body: CreateShareLinkRequest,
): Promise<{ shareLinkId: number; token: string; path: string }> {
  const answer = await api(
    endpoints.shareLinkCreate,
    { params: grantParams(access), body },
    access.sessionKey,
  )
  return { shareLinkId: answer.share_link.share_link_id, token: answer.share_token, path: answer.share_path }
}

export async function revokeShareLink(access: GrantAccess, shareLinkId: number): Promise<void> {
  await api(
    endpoints.shareLinkRevoke,
    { params: { org_id: access.orgId, share_link_id: shareLinkId } },
    access.sessionKey,
  )
}
