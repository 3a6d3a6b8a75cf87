// Ways into the product for tests, through the real API: sign up or in by e-mail code read from the
// mailbox, and an organization ready for use (plan, card, first volume).
import crypto from 'node:crypto'
import { expect } from 'vitest'
import { endpoints } from '../../../server/contract/endpoints.ts'
import { callEndpoint } from './endpoint.ts'
import { call, callWithHeaders, cookiesOf } from './http.ts'
import type { Mailbox } from './mailbox.ts'

export interface Client {
  url: string
  mailbox: Mailbox
}

export function uniqueEmail(label = 'user'): string {
  return `${label}-${crypto.randomBytes(5).toString('hex')}@example.com`
}

/**
 * Asks for a code, reads it from the mail and trades it, as the console does (the code belongs to the
 * attempt whose cookie the code request set, so it is sent back); answers the login call's answer.
 */
export async function tryCodeLogin(
  client: Client,
  email: string,
  options: { signup?: boolean; host?: string; domainPrefix?: string } = {},
) {
  const sent = await callWithHeaders(client.url, 'POST', '/api/1/user/email_code', {
    body: { email, signup: options.signup ?? false },
    ...(options.host ? { host: options.host } : {}),
  })
  expect(sent.status, JSON.stringify(sent.body)).toBe(200)
  const code = await client.mailbox.codeFor(email)
  return call<{ user_session_key: string }>(client.url, 'POST', '/api/1/user/email_login', {
    body: {
      email,
      login_code: code,
      ...(options.domainPrefix ? { domain_prefix: options.domainPrefix } : {}),
    },
    cookie: cookiesOf(sent),
    ...(options.host ? { host: options.host } : {}),
  })
}

/** Asks for a code, reads it from the mail, and signs in; answers the session key. */
export async function signIn(
  client: Client,
  email: string,
  options: { signup?: boolean; host?: string } = {},
) {
  const login = await tryCodeLogin(client, email, options)
  expect(login.status, JSON.stringify(login.body)).toBe(200)
  return login.body.user_session_key
}

export const signUp = (client: Client, email: string) => signIn(client, email, { signup: true })

export interface ReadyOrg {
  key: string
  email: string
  orgId: number
  volumeId: number
}

/** A new user who signed up, created an organization, added a card, chose a plan and made a volume. */
export async function readyOrg(client: Client, label: string, plan = 'starter_month'): Promise<ReadyOrg> {
  const email = uniqueEmail(label)
  const key = await signUp(client, email)
  const org = await callEndpoint(client.url, endpoints.orgCreate, {
    key,
    body: { org_name: `${label} ${crypto.randomBytes(4).toString('hex')}` },
  })
  expect(org.status).toBe(200)
  const orgId = org.body.org_id
  const params = { org_id: orgId }
  const card = await callEndpoint(client.url, endpoints.paymentMethodAdd, {
    params,
    key,
    body: { stripe_payment_method_id: 'pm_card_visa' },
  })
  expect(card.status, JSON.stringify(card.body)).toBe(200)
  expect(
    (await callEndpoint(client.url, endpoints.orgSetPlan, { params, key, body: { plan_id: plan } })).status,
  ).toBe(200)
  const volume = await callEndpoint(client.url, endpoints.volumeCreate, {
    params,
    key,
    body: { org_id: orgId, volume_name: `${label} media` },
  })
  expect(volume.status, JSON.stringify(volume.body)).toBe(200)
  return { key, email, orgId, volumeId: volume.body.volume_id }
}
