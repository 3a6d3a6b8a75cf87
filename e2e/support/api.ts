// Test setup through the real API (never a mock): users, organizations, cards, plans and volumes that a
// test needs before it opens the browser.
import { createHash } from 'node:crypto'
import { latestCode, mailCount } from './mail.ts'

function baseUrl(): string {
  const url = process.env.E2E_BASE_URL
  if (!url) throw new Error('E2E_BASE_URL is not set: run the suite through e2e/playwright.config.ts')
  return url
}

async function send(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  options: { sessionKey?: string; body?: unknown; cookie?: string } = {},
): Promise<{ body: unknown; setCookie: string[] }> {
  const url = new URL(path, baseUrl())
  if (options.sessionKey) url.searchParams.set('session_key', options.sessionKey)
  const headers: Record<string, string> = {}
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

export async function call<T>(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  options: { sessionKey?: string; body?: unknown } = {},
): Promise<T> {
  return (await send(method, path, options)).body as T
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
  return (await call<{ org_id: number }>('POST', '/api/1/org', { sessionKey, body: { org_name } })).org_id
}

export async function updateOrg(
  sessionKey: string,
  orgId: number,
  fields: { org_name?: string; domain_prefix?: string },
): Promise<void> {
  await call('POST', `/api/1/org/${orgId}`, { sessionKey, body: fields })
}

/** An organization ready for work: a test card, the plan saved and a first volume. */
export async function createReadyOrg(
  sessionKey: string,
  org_name: string,
  volume_name: string,
): Promise<number> {
  const orgId = await createOrg(sessionKey, org_name)
  await call('POST', `/api/1/org/${orgId}/payment_method`, {
    sessionKey,
    body: { stripe_payment_method_id: 'pm_card_visa' },
  })
  await call('POST', `/api/1/org/${orgId}/plan`, { sessionKey, body: { plan_id: 'starter_month' } })
  await call('POST', `/api/1/org/${orgId}/volume`, { sessionKey, body: { org_id: orgId, volume_name } })
  return orgId
}

export interface Grant {
  media_grant_id: number
  grant_name: string
}

/** The containers the user holds in an organization (a new volume comes with one). */
export async function listGrants(sessionKey: string, orgId: number): Promise<Grant[]> {
  const answer = await call<{ media_grant_list: Grant[] }>('GET', `/web/1/org/${orgId}/media_grant`, {
    sessionKey,
  })
  return answer.media_grant_list
}

export interface GrantAccess {
  sessionKey: string
  orgId: number
  grantId: number
}

function grantPath({ orgId, grantId }: GrantAccess): string {
  return `/web/1/org/${orgId}/media_grant/${grantId}`
}

export async function createFolder(access: GrantAccess, prefix_path: string): Promise<void> {
  await call('POST', `${grantPath(access)}/dir`, { sessionKey: access.sessionKey, body: { prefix_path } })
}

/** Stores the bytes of a single-part file (up to 8 MiB) the way the console does: plan, PUT, confirm. */
export async function storeBytes(access: GrantAccess, bytes: Buffer): Promise<string> {
  const file_hash = createHash('sha256').update(bytes).digest('hex')
  const file_size = bytes.length
  const { upload_list } = await call<{
    upload_list: Array<{
      s3_bucket_id: number
      skip_upload: boolean
      signed_opts: { method: string; url: string; headers: Record<string, string> } | null
    }>
  }>('POST', `${grantPath(access)}/upload`, {
    sessionKey: access.sessionKey,
    body: { file_list: [{ file_hash, file_size }] },
  })
  const [item] = upload_list
  if (!item) throw new Error('the upload plan answered no item')
  if (!item.skip_upload && item.signed_opts) {
    const { method, url, headers } = item.signed_opts
    const response = await fetch(new URL(url, baseUrl()), { method, headers, body: new Uint8Array(bytes) })
    if (!response.ok)
      throw new Error(`PUT of ${file_hash} answered ${response.status}: ${await response.text()}`)
    await call('POST', `${grantPath(access)}/s3_object`, {
      sessionKey: access.sessionKey,
      body: { s3_bucket_id: item.s3_bucket_id, file_hash, file_size },
    })
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
  const answer = await call<{ media_id: number }>('POST', `${grantPath(access)}/media`, {
    sessionKey: access.sessionKey,
    body: { media_path, ...content, ctime: now, mtime: now },
  })
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
  await call('DELETE', `${grantPath(access)}/media/${mediaId}`, { sessionKey: access.sessionKey })
}

/** The bytes the store holds for the file at a path relative to the container ('/a/b.bin'). */
export async function readStoredFile(access: GrantAccess, mediaPath: string): Promise<Buffer> {
  const slash = mediaPath.lastIndexOf('/')
  const folder = mediaPath.slice(0, slash + 1)
  const name = mediaPath.slice(slash + 1)
  const listing = await call<{ media_list: Array<{ media_id: number; media_path: string }> }>(
    'GET',
    `${grantPath(access)}/dir?prefix_path=${encodeURIComponent(folder)}`,
    { sessionKey: access.sessionKey },
  )
  const media = listing.media_list.find((each) => each.media_path.endsWith(`/${name}`))
  if (!media) throw new Error(`${mediaPath} is not in the listing of ${folder}`)
  const { url } = await call<{ url: string }>(
    'GET',
    `${grantPath(access)}/media/${media.media_id}/download_url`,
    { sessionKey: access.sessionKey },
  )
  const response = await fetch(new URL(url, baseUrl()))
  if (!response.ok) throw new Error(`the download of ${mediaPath} answered ${response.status}`)
  return Buffer.from(await response.arrayBuffer())
}
