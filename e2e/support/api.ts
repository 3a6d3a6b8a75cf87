// Test setup through the real API (never a mock): users, organizations, cards, plans and volumes that a
// test needs before it opens the browser.
import { latestCode, mailCount } from './mail.ts'

function baseUrl(): string {
  const url = process.env.E2E_BASE_URL
  if (!url) throw new Error('E2E_BASE_URL is not set: run the suite through e2e/playwright.config.ts')
  return url
}

export async function call<T>(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  options: { sessionKey?: string; body?: unknown } = {},
): Promise<T> {
  const url = new URL(path, baseUrl())
  if (options.sessionKey) url.searchParams.set('session_key', options.sessionKey)
  const headers: Record<string, string> = {}
  if (options.body !== undefined) headers['Content-Type'] = 'application/json'
  const response = await fetch(url, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`)
  return (text ? JSON.parse(text) : undefined) as T
}

/** Signs a new user up by e-mail code and answers their session key. */
export async function signUpUser(email: string): Promise<string> {
  const before = mailCount(email)
  await call('POST', '/api/1/user/email_code', { body: { email, signup: true } })
  const login_code = await latestCode(email, before)
  const answer = await call<{ user_session_key: string }>('POST', '/api/1/user/email_login', {
    body: { email, login_code },
  })
  return answer.user_session_key
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
