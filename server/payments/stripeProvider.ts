// Payments through Stripe (STRIPE_SECRET_KEY). The browser tokenizes the card with Stripe Elements; here
// the PaymentMethod is attached to the organization's Stripe customer, created with its first card.
import type Stripe from 'stripe'
import {
  CardDeclinedError,
  UnknownPaymentMethodError,
  type AttachRequest,
  type CardDetails,
  type ChargeRequest,
  type PaymentProvider,
} from './provider.ts'

/** Where the Stripe API answers; only tests point it elsewhere (a local stand-in). */
export interface StripeApiAddress {
  host: string
  port: number
  protocol: 'http' | 'https'
}

/** The fields of the SDK's StripeError that say what went wrong. */
interface StripeErrorFields {
  type?: string
  code?: string
  decline_code?: string
  param?: string
}

function stripeErrorFields(error: unknown): StripeErrorFields | undefined {
  return error instanceof Error && 'type' in error ? (error as StripeErrorFields) : undefined
}

/**
 * Stripe's card errors (the card was refused: card_declined, or the narrower expired_card, incorrect_cvc,
 * processing_error) become CardDeclinedError with Stripe's decline code. A missing payment method becomes
 * UnknownPaymentMethodError; `isPaymentMethodParam` tells, from the error's `param`, whether the missing
 * resource is the payment method rather than the customer. Anything else is not the card's fault.
 */
function translateError(
  error: unknown,
  isPaymentMethodParam: (param: string | undefined) => boolean,
): unknown {
  const fields = stripeErrorFields(error)
  if (fields?.type === 'StripeCardError') {
    return new CardDeclinedError(fields.decline_code ?? fields.code ?? 'generic_decline')
  }
  if (fields?.type === 'StripeInvalidRequestError' && fields.code === 'resource_missing') {
    if (isPaymentMethodParam(fields.param)) {
      return new UnknownPaymentMethodError((error as Error).message, { cause: error })
    }
  }
  return error
}

function cardDetails(method: Stripe.PaymentMethod): CardDetails {
  if (!method.card) throw new UnknownPaymentMethodError(`payment method ${method.id} is not a card`)
  return {
    providerRef: method.id,
    card_brand: method.card.brand,
    card_last4: method.card.last4,
    exp_month: method.card.exp_month,
    exp_year: method.card.exp_year,
  }
}

export class StripePaymentProvider implements PaymentProvider {
  readonly kind = 'stripe'

  constructor(private readonly stripe: Stripe) {}

  async attach(request: AttachRequest): Promise<{ customerRef: string; card: CardDetails }> {
    const isFirstCard = request.customerRef === null
    const customerRef = request.customerRef ?? (await this.createCustomer(request))
    try {
      const method = await this.stripe.paymentMethods.attach(request.paymentMethodId, {
        customer: customerRef,
      })
      return { customerRef, card: cardDetails(method) }
    } catch (error) {
      // The server records the customer only with its first card: one created for a card that failed would
      // be left behind at Stripe, and another created on the next try. Deleting it also detaches anything.
      if (isFirstCard) await this.stripe.customers.del(customerRef).catch(() => undefined)
      // Only the payment method and the customer are named in this call.
      throw translateError(error, (param) => param !== 'customer')
    }
  }

  private async createCustomer(request: AttachRequest): Promise<string> {
    const customer = await this.stripe.customers.create({
      name: request.orgName,
      email: request.email,
      metadata: { org_id: String(request.orgId) },
    })
    return customer.id
  }

  async setDefault(customerRef: string, providerRef: string): Promise<void> {
    try {
      await this.stripe.customers.update(customerRef, {
        invoice_settings: { default_payment_method: providerRef },
      })
    } catch (error) {
      throw translateError(error, (param) => param?.includes('default_payment_method') ?? false)
    }
  }

  async detach(providerRef: string): Promise<void> {
    try {
      await this.stripe.paymentMethods.detach(providerRef)
    } catch (error) {
      throw translateError(error, () => true)
    }
  }

  async charge(request: ChargeRequest): Promise<{ paymentRef: string }> {
    try {
      // Off-session and confirmed at once: Stripe charges the saved card now, or answers a card error.
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: 'usd',
          customer: request.customerRef,
          payment_method: request.providerRef,
          off_session: true,
          confirm: true,
          description: request.description,
          metadata: request.metadata,
        },
        { idempotencyKey: request.idempotencyKey },
      )
      // requires_action: the bank wants the cardholder, who is not here; that card cannot be charged now.
      if (intent.status === 'requires_action') throw new CardDeclinedError('authentication_required')
      // processing: the outcome comes later; the payment stays pending and is asked again under its key.
      if (intent.status !== 'succeeded') throw new Error(`payment ${intent.id} is ${intent.status}`)
      return { paymentRef: intent.id }
    } catch (error) {
      throw translateError(error, (param) => param === 'payment_method')
    }
  }
}

// The browser waits 30 s for card creation, which is up to three calls here (customer, attach, default
// for a first card): each gets 8 s and no retry of the SDK's own, so the answer always comes within 24 s
// (the browser's card call is not retried either).
const REQUEST_TIMEOUT_MS = 8_000
const NETWORK_RETRIES = 0

export async function createStripeProvider(
  secretKey: string,
  stripeApi?: StripeApiAddress,
): Promise<PaymentProvider> {
  // Loaded here so that a server without Stripe keys never loads the SDK.
  const { default: StripeSdk } = await import('stripe')
  const stripe = new StripeSdk(secretKey, {
    timeout: REQUEST_TIMEOUT_MS,
    maxNetworkRetries: NETWORK_RETRIES,
    ...stripeApi,
  })
  return new StripePaymentProvider(stripe)
}
