// What the rest of the server knows of payments. server/payments/index.ts picks the provider: Stripe when
// STRIPE_SECRET_KEY is set, otherwise the built-in test provider, which gives Stripe's documented test
// payment method ids (pm_card_visa, pm_card_chargeDeclined, ...) their Stripe meaning.

export interface CardDetails {
  /** The provider's id of the attached payment method (Stripe's pm_...). */
  providerRef: string
  card_brand: string
  card_last4: string
  exp_month: number
  exp_year: number
}

export interface AttachRequest {
  /** The organization's customer at the provider; null before its first card. */
  customerRef: string | null
  orgId: number
  orgName: string
  email: string
  /** The id the browser got when it tokenized the card (Stripe Elements, or a test id). */
  paymentMethodId: string
}

export interface ChargeRequest {
  customerRef: string
  /** The attached card to charge (its providerRef). */
  providerRef: string
  /** In US cents. */
  amountCents: number
  /** The same key for the same charge: a charge sent again after a crash is not made twice. */
  idempotencyKey: string
  description: string
  metadata: Record<string, string>
}

/** The card was refused (Stripe's card_declined); the API answers 412. */
export class CardDeclinedError extends Error {
  override name = 'CardDeclinedError'
  constructor(readonly declineCode: string) {
    super(`card declined: ${declineCode}`)
  }
}

/** The payment method id is not one the provider knows; the API answers 400. */
export class UnknownPaymentMethodError extends Error {
  override name = 'UnknownPaymentMethodError'
}

export interface PaymentProvider {
  readonly kind: 'test' | 'stripe'
  /** Attaches the payment method to the org's customer (creating the customer on the first card). */
  attach(request: AttachRequest): Promise<{ customerRef: string; card: CardDetails }>
  /** Makes an attached method the customer's default for invoices. */
  setDefault(customerRef: string, providerRef: string): Promise<void>
  /** Detaches a method from the customer. */
  detach(providerRef: string): Promise<void>
  /**
   * Charges an attached card off-session (the organization is not at the screen); answers the provider's id
   * of the payment. A refusal throws CardDeclinedError; any other error means the outcome is unknown, and the
   * caller sends the same request (same idempotency key) again later.
   */
  charge(request: ChargeRequest): Promise<{ paymentRef: string }>
}
