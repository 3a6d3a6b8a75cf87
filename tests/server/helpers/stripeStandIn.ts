// A stand-in for the parts of Stripe's REST API the Stripe provider calls, on loopback over plain HTTP:
// form-encoded requests, Stripe's JSON objects and error bodies, and test mode's meaning of the test
// PaymentMethod ids (server/contract/testCards.ts). It records every request so tests can check what the
// SDK sent.
import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { testCardByPaymentMethodId, testCardExpiry } from '../../../server/contract/testCards.ts'

export interface RecordedRequest {
  method: string
  path: string
  /** The form body, keys as Stripe encodes them (`metadata[org_id]`, `invoice_settings[default_payment_method]`). */
  form: Record<string, string>
  authorization: string | undefined
  idempotencyKey: string | undefined
}

interface StripePaymentIntent {
  id: string
  object: 'payment_intent'
  amount: number
  currency: string
  customer: string
  payment_method: string
  status: 'succeeded' | 'requires_payment_method'
  description: string | null
  metadata: Record<string, string>
  created: number
  livemode: false
}

interface StripeCustomer {
  id: string
  object: 'customer'
  name: string | null
  email: string | null
  metadata: Record<string, string>
  invoice_settings: { default_payment_method: string | null }
  created: number
  livemode: false
}

interface StripePaymentMethod {
  id: string
  object: 'payment_method'
  type: 'card'
  customer: string | null
  card: {
    brand: string
    last4: string
    exp_month: number
    exp_year: number
    funding: string
    country: string
  }
  billing_details: Record<string, null>
  metadata: Record<string, string>
  created: number
  livemode: false
}

export interface StripeStandIn {
  api: { host: string; port: number; protocol: 'http' }
  requests: RecordedRequest[]
  customers: Map<string, StripeCustomer>
  paymentMethods: Map<string, StripePaymentMethod>
  paymentIntents: Map<string, StripePaymentIntent>
  close(): Promise<void>
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message))
  }
}

const now = () => Math.floor(Date.now() / 1000)
const newId = (prefix: string) =>
  `${prefix}${crypto.randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`

function missing(what: string, id: string, param: string): StripeApiError {
  return new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${what}: '${id}'`,
  })
}

// In test mode these refusals carry their own error code; every other decline is card_declined.
const OWN_ERROR_CODES = new Set(['expired_card', 'incorrect_cvc', 'processing_error'])

function declined(declineCode: string, extra: Record<string, unknown> = {}): StripeApiError {
  return new StripeApiError(402, {
    type: 'card_error',
    code: OWN_ERROR_CODES.has(declineCode) ? declineCode : 'card_declined',
    decline_code: declineCode,
    message: 'Your card was declined.',
    ...extra,
  })
}

/** Stripe's bracketed form keys of one object: metadata[invoice_id] gives { invoice_id }. */
function formObject(form: Record<string, string>, name: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(form).flatMap(([key, value]) => {
      const inner = new RegExp(`^${name}\\[(.+)\\]$`).exec(key)?.[1]
      return inner ? [[inner, value]] : []
    }),
  )
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = []
  const customers = new Map<string, StripeCustomer>()
  const paymentMethods = new Map<string, StripePaymentMethod>()
  const paymentIntents = new Map<string, StripePaymentIntent>()
  // The test card each attached PaymentMethod was made from (Stripe keeps its meaning in test mode).
  const testCardOf = new Map<string, string>()
  // Stripe answers a request sent again under the same Idempotency-Key with the first answer.
  const idempotent = new Map<string, { status: number; body: object }>()

  function customer(id: string): StripeCustomer {
    const found = customers.get(id)
    if (!found) throw missing('customer', id, 'customer')
    return found
  }

  function attach(testId: string, form: Record<string, string>): StripePaymentMethod {
    const owner = customer(form.customer ?? '')
    const testCard = testCardByPaymentMethodId(testId)
    if (!testCard) throw missing('PaymentMethod', testId, 'payment_method')
    if (testCard.attachDeclineCode) throw declined(testCard.attachDeclineCode)
    const method: StripePaymentMethod = {
      id: newId('pm_'),
      object: 'payment_method',
      type: 'card',
      customer: owner.id,
      card: {
        brand: testCard.brand,
        last4: testCard.last4,
        funding: testCard.funding,
        country: 'US',
        ...testCardExpiry(),
      },
      billing_details: { address: null, email: null, name: null, phone: null },
      metadata: {},
      created: now(),
      livemode: false,
    }
    paymentMethods.set(method.id, method)
    testCardOf.set(method.id, testCard.paymentMethodId)
    return method
  }

  // Confirmed off-session at once, as the provider creates them.
  function createPaymentIntent(form: Record<string, string>): StripePaymentIntent {
    const owner = customer(form.customer ?? '')
    const methodId = form.payment_method ?? ''
    const method = paymentMethods.get(methodId)
    if (!method || method.customer !== owner.id) throw missing('PaymentMethod', methodId, 'payment_method')
    const intent: StripePaymentIntent = {
      id: newId('pi_'),
      object: 'payment_intent',
      amount: Number(form.amount),
      currency: form.currency ?? 'usd',
      customer: owner.id,
      payment_method: method.id,
      status: 'succeeded',
      description: form.description ?? null,
      metadata: formObject(form, 'metadata'),
      created: now(),
      livemode: false,
    }
    paymentIntents.set(intent.id, intent)
    const declineCode = testCardByPaymentMethodId(testCardOf.get(method.id) ?? '')?.chargeDeclineCode
    if (declineCode) {
      intent.status = 'requires_payment_method'
      throw declined(declineCode, { payment_intent: intent })
    }
    return intent
  }

  function route(method: string, path: string, form: Record<string, string>): object {
    let match: RegExpMatchArray | null
    if (method === 'POST' && path === '/v1/customers') {
      const created: StripeCustomer = {
        id: newId('cus_'),
        object: 'customer',
        name: form.name ?? null,
        email: form.email ?? null,
        metadata: formObject(form, 'metadata'),
        invoice_settings: { default_payment_method: null },
        created: now(),
        livemode: false,
      }
      customers.set(created.id, created)
      return created
    }
    if ((match = /^\/v1\/customers\/([^/]+)$/.exec(path))) {
      const id = decodeURIComponent(match[1] as string)
      if (method === 'DELETE') {
        customer(id)
        customers.delete(id)
        for (const attached of paymentMethods.values()) if (attached.customer === id) attached.customer = null
        return { id, object: 'customer', deleted: true }
      }
      if (method === 'POST') {
        const updated = customer(id)
        const defaultMethod = form['invoice_settings[default_payment_method]']
        if (defaultMethod !== undefined) {
          if (paymentMethods.get(defaultMethod)?.customer !== id) {
            throw missing('PaymentMethod', defaultMethod, 'invoice_settings[default_payment_method]')
          }
          updated.invoice_settings.default_payment_method = defaultMethod
        }
        return updated
      }
    }
    if (method === 'POST' && path === '/v1/payment_intents') return createPaymentIntent(form)
    if (method === 'POST' && (match = /^\/v1\/payment_methods\/([^/]+)\/(attach|detach)$/.exec(path))) {
      const id = decodeURIComponent(match[1] as string)
      if (match[2] === 'attach') return attach(id, form)
      const attached = paymentMethods.get(id)
      if (!attached) throw missing('PaymentMethod', id, 'payment_method')
      attached.customer = null
      return attached
    }
    throw new StripeApiError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path})`,
    })
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in')
      // Stripe takes parameters in the query string for GET and DELETE, in a form body otherwise.
      const params = new URLSearchParams(Buffer.concat(chunks).toString() || url.search)
      const form = Object.fromEntries(params)
      const method = req.method ?? 'GET'
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined
      requests.push({
        method,
        path: url.pathname,
        form,
        authorization: req.headers.authorization,
        idempotencyKey,
      })
      let status = 200
      let body: object
      const replayed = idempotencyKey ? idempotent.get(idempotencyKey) : undefined
      if (replayed) {
        ;({ status, body } = replayed)
      } else if (!req.headers.authorization?.startsWith('Bearer sk_')) {
        status = 401
        body = { error: { type: 'invalid_request_error', message: 'You did not provide an API key.' } }
      } else {
        try {
          body = route(method, url.pathname, form)
        } catch (error) {
          if (!(error instanceof StripeApiError)) throw error
          status = error.status
          body = { error: error.body }
        }
      }
      if (idempotencyKey && !replayed) idempotent.set(idempotencyKey, { status, body })
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req_') })
      res.end(JSON.stringify(body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    api: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    customers,
    paymentMethods,
    paymentIntents,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        // The SDK keeps connections alive between calls.
        server.closeAllConnections()
      }),
  }
}
