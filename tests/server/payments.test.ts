// The payment providers: the built-in test provider's Stripe semantics, the table of Stripe's test cards,
// and the Stripe provider driving the real Stripe SDK against a local stand-in for Stripe's API.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  TEST_CARDS,
  testCardByNumber,
  testCardByPaymentMethodId,
  testCardExpiry,
  testCardToken,
  parseTestCardToken,
} from '../../server/contract/testCards.ts'
import {
  CardDeclinedError,
  createPaymentProvider,
  UnknownPaymentMethodError,
  type AttachRequest,
  type PaymentProvider,
} from '../../server/payments/index.ts'
import { createTestProvider } from '../../server/payments/testProvider.ts'
import { startStripeStandIn, type StripeStandIn } from './helpers/stripeStandIn.ts'

const firstCard = (paymentMethodId: string): AttachRequest => ({
  customerRef: null,
  orgId: 7,
  orgName: 'Acme Media',
  email: 'billing@acme.test',
  paymentMethodId,
})

const chargeOf = (customerRef: string, providerRef: string, idempotencyKey: string) => ({
  customerRef,
  providerRef,
  amountCents: 4960,
  idempotencyKey,
  description: 'Invoice 0b7f',
  metadata: { invoice_id: '0b7f', org_id: '7' },
})

function luhnValid(number: string): boolean {
  const sum = [...number].reverse().reduce((total, char, index) => {
    const digit = Number(char) * (index % 2 ? 2 : 1)
    return total + (digit > 9 ? digit - 9 : digit)
  }, 0)
  return sum % 10 === 0
}

async function declineCodeOf(attempt: Promise<unknown>): Promise<string> {
  const error = await attempt.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(CardDeclinedError)
  return (error as CardDeclinedError).declineCode
}

describe('test card table', () => {
  it('gives every card the last four digits of its number and a number that passes the Luhn check', () => {
    for (const card of TEST_CARDS) {
      expect(card.last4, card.paymentMethodId).toBe(card.number.slice(-4))
      expect(luhnValid(card.number), card.number).toBe(true)
    }
  })

  it('gives every id and every number one card', () => {
    const ids = TEST_CARDS.flatMap((card) => [card.paymentMethodId, ...card.aliases])
    expect(new Set(ids).size).toBe(ids.length)
    expect(new Set(TEST_CARDS.map((card) => card.number)).size).toBe(TEST_CARDS.length)
    expect(ids.every((id) => id.startsWith('pm_card_'))).toBe(true)
  })

  it('finds a card by number with spaces ignored', () => {
    expect(testCardByNumber('4242 4242 4242 4242')?.paymentMethodId).toBe('pm_card_visa')
    expect(testCardByNumber('3782 822463 10005')?.paymentMethodId).toBe('pm_card_amex')
    expect(testCardByNumber(' 5555555555554444 ')?.brand).toBe('mastercard')
    expect(testCardByNumber('4000 0000 0000 0002')?.attachDeclineCode).toBe('generic_decline')
    expect(testCardByNumber('4242 4242 4242 4241')).toBeUndefined()
    expect(testCardByNumber('4242-4242-4242-4242x')).toBeUndefined()
    expect(testCardByNumber('')).toBeUndefined()
  })

  it('finds a card by its test PaymentMethod id and by the older ids of the same card', () => {
    expect(testCardByPaymentMethodId('pm_card_mastercard_prepaid')?.funding).toBe('prepaid')
    expect(testCardByPaymentMethodId('pm_card_chargeDeclined')?.number).toBe('4000000000000002')
    expect(testCardByPaymentMethodId('pm_card_chargeDeclinedInsufficientFunds')).toBe(
      testCardByPaymentMethodId('pm_card_visa_chargeDeclinedInsufficientFunds'),
    )
    expect(testCardByPaymentMethodId('pm_card_nope')).toBeUndefined()
  })

  it('reports an expiry at the end of the year three years on', () => {
    expect(testCardExpiry(new Date('2026-11-21T00:00:00Z'))).toEqual({ exp_month: 12, exp_year: 2029 })
  })
})

describe('test provider', () => {
  const provider = createTestProvider(() => new Date('2026-05-01T00:00:00Z'))

  it('attaches good test cards with their brand and last four digits, each as a new payment method', async () => {
    const cases = [
      ['pm_card_visa', 'visa', '4242'],
      ['pm_card_visa_debit', 'visa', '5556'],
      ['pm_card_mastercard', 'mastercard', '4444'],
      ['pm_card_amex', 'amex', '0005'],
      ['pm_card_diners', 'diners', '0004'],
      ['pm_card_unionpay', 'unionpay', '0005'],
      // Attaching succeeds; only charging the customer fails.
      ['pm_card_chargeCustomerFail', 'visa', '0341'],
    ] as const
    for (const [paymentMethodId, brand, last4] of cases) {
      const { customerRef, card } = await provider.attach(firstCard(paymentMethodId))
      expect(customerRef).toMatch(/^cus_test_[0-9a-f]{24}$/)
      expect(card).toEqual({
        providerRef: expect.stringMatching(new RegExp(`^pm_test_[0-9a-f]{24}_${paymentMethodId}$`)),
        card_brand: brand,
        card_last4: last4,
        exp_month: 12,
        exp_year: 2029,
      })
    }
    const twice = [
      await provider.attach(firstCard('pm_card_visa')),
      await provider.attach(firstCard('pm_card_visa')),
    ]
    expect(twice[0]?.card.providerRef).not.toBe(twice[1]?.card.providerRef)
    expect(twice[0]?.customerRef).not.toBe(twice[1]?.customerRef)
  })

  it('stores the expiry the test card form typed, and charges the card it stands for', async () => {
    const visa = testCardByNumber('4242 4242 4242 4242')
    if (!visa) throw new Error('no visa')
    const token = testCardToken(visa, 4, 2031)
    expect(token).toBe('pm_card_visa_exp_2031_04')
    const { customerRef, card } = await provider.attach(firstCard(token))
    expect(card).toMatchObject({ card_brand: 'visa', card_last4: '4242', exp_month: 4, exp_year: 2031 })
    expect(card.providerRef).toMatch(/^pm_test_[0-9a-f]{24}_pm_card_visa$/)
    await provider.charge(chargeOf(customerRef, card.providerRef, 'key-exp'))
    // A declined card stays declined whatever its expiry.
    const declined = testCardToken({ paymentMethodId: 'pm_card_visa_chargeDeclined' }, 1, 2030)
    expect(parseTestCardToken(declined)?.card.attachDeclineCode).toBe('generic_decline')
    expect(parseTestCardToken('pm_card_visa_exp_2031_13')).toBeUndefined()
    expect(parseTestCardToken('pm_card_nope_exp_2031_01')).toBeUndefined()
    expect(parseTestCardToken('pm_card_visa')?.expiry).toBeUndefined()
  })

  it("keeps the organization's customer once it has one", async () => {
    const { customerRef } = await provider.attach({
      ...firstCard('pm_card_jcb'),
      customerRef: 'cus_test_abc',
    })
    expect(customerRef).toBe('cus_test_abc')
    await expect(provider.attach({ ...firstCard('pm_card_visa'), customerRef: 'acct_1' })).rejects.toThrow(
      /customer reference/,
    )
  })

  it("refuses Stripe's declined test cards with Stripe's decline code", async () => {
    const cases = {
      pm_card_visa_chargeDeclined: 'generic_decline',
      pm_card_chargeDeclined: 'generic_decline',
      pm_card_visa_chargeDeclinedInsufficientFunds: 'insufficient_funds',
      pm_card_chargeDeclinedLostCard: 'lost_card',
      pm_card_visa_chargeDeclinedStolenCard: 'stolen_card',
      pm_card_chargeDeclinedExpiredCard: 'expired_card',
      pm_card_chargeDeclinedIncorrectCvc: 'incorrect_cvc',
      pm_card_chargeDeclinedProcessingError: 'processing_error',
      pm_card_visa_chargeDeclinedVelocityLimitExceeded: 'card_velocity_exceeded',
    }
    for (const [paymentMethodId, declineCode] of Object.entries(cases)) {
      expect(await declineCodeOf(provider.attach(firstCard(paymentMethodId))), paymentMethodId).toBe(
        declineCode,
      )
    }
  })

  it('answers UnknownPaymentMethodError for ids that are not test cards', async () => {
    for (const id of ['pm_card_nope', 'pm_1NqbLk2eZvKYlo2C', 'tok_visa', '4242424242424242', '']) {
      await expect(provider.attach(firstCard(id)), id).rejects.toBeInstanceOf(UnknownPaymentMethodError)
    }
  })

  it('sets the default and detaches payment methods it could have given, and refuses other references', async () => {
    await expect(provider.setDefault('cus_test_abc', 'pm_test_def')).resolves.toBeUndefined()
    await expect(provider.detach('pm_test_def')).resolves.toBeUndefined()
    await expect(provider.setDefault('cus_test_abc', 'card_123')).rejects.toBeInstanceOf(
      UnknownPaymentMethodError,
    )
    await expect(provider.setDefault('org_1', 'pm_test_def')).rejects.toThrow(/customer reference/)
    await expect(provider.detach('')).rejects.toBeInstanceOf(UnknownPaymentMethodError)
  })
})

describe('test provider charges', () => {
  const provider = createTestProvider(() => new Date('2026-05-01T00:00:00Z'))

  it('charges an attached card, the same key naming the same payment', async () => {
    const { customerRef, card } = await provider.attach(firstCard('pm_card_visa'))
    const paid = await provider.charge(chargeOf(customerRef, card.providerRef, 'key-1'))
    expect(paid.paymentRef).toMatch(/^pi_test_[0-9a-f]{24}$/)
    expect(await provider.charge(chargeOf(customerRef, card.providerRef, 'key-1'))).toEqual(paid)
    expect(await provider.charge(chargeOf(customerRef, card.providerRef, 'key-2'))).not.toEqual(paid)
  })

  it('declines charges of the card that attaches but cannot be charged', async () => {
    const { customerRef, card } = await provider.attach(firstCard('pm_card_chargeCustomerFail'))
    expect(await declineCodeOf(provider.charge(chargeOf(customerRef, card.providerRef, 'key-3')))).toBe(
      'generic_decline',
    )
  })
})

describe('createPaymentProvider', () => {
  it('gives the test provider without a Stripe secret key', async () => {
    expect((await createPaymentProvider({ stripeSecretKey: undefined })).kind).toBe('test')
  })
})

describe('Stripe provider against a stand-in for Stripe', () => {
  const secretKey = 'sk_test_standin'
  let stripe: StripeStandIn
  let provider: PaymentProvider

  beforeEach(async () => {
    stripe = await startStripeStandIn()
    provider = await createPaymentProvider({ stripeSecretKey: secretKey }, { stripeApi: stripe.api })
  })

  afterEach(async () => {
    await stripe.close()
  })

  it("creates the organization's customer with its first card and attaches the card to it", async () => {
    expect(provider.kind).toBe('stripe')

    const { customerRef, card } = await provider.attach(firstCard('pm_card_mastercard'))

    expect(stripe.requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'POST /v1/customers',
      'POST /v1/payment_methods/pm_card_mastercard/attach',
    ])
    expect(stripe.requests.every((request) => request.authorization === `Bearer ${secretKey}`)).toBe(true)
    expect(stripe.requests[0]?.form).toEqual({
      name: 'Acme Media',
      email: 'billing@acme.test',
      'metadata[org_id]': '7',
    })
    expect(customerRef).toMatch(/^cus_/)
    expect(stripe.requests[1]?.form).toEqual({ customer: customerRef })
    // The attached PaymentMethod is a new object with its own id.
    expect(card.providerRef).toMatch(/^pm_/)
    expect(card.providerRef).not.toBe('pm_card_mastercard')
    expect(card).toEqual({
      providerRef: card.providerRef,
      card_brand: 'mastercard',
      card_last4: '4444',
      ...testCardExpiry(),
    })
    expect(stripe.paymentMethods.get(card.providerRef)?.customer).toBe(customerRef)
  })

  it('attaches later cards to the existing customer', async () => {
    const first = await provider.attach(firstCard('pm_card_visa'))
    stripe.requests.length = 0

    const second = await provider.attach({ ...firstCard('pm_card_amex'), customerRef: first.customerRef })

    expect(stripe.requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'POST /v1/payment_methods/pm_card_amex/attach',
    ])
    expect(second.customerRef).toBe(first.customerRef)
    expect(second.card).toMatchObject({ card_brand: 'amex', card_last4: '0005' })
  })

  it("makes a card the customer's default for invoices, and detaches it", async () => {
    const { customerRef, card } = await provider.attach(firstCard('pm_card_visa'))

    await provider.setDefault(customerRef, card.providerRef)
    expect(stripe.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/customers/${customerRef}`,
      form: { 'invoice_settings[default_payment_method]': card.providerRef },
    })
    expect(stripe.customers.get(customerRef)?.invoice_settings.default_payment_method).toBe(card.providerRef)

    await provider.detach(card.providerRef)
    expect(stripe.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/payment_methods/${card.providerRef}/detach`,
    })
    expect(stripe.paymentMethods.get(card.providerRef)?.customer).toBeNull()
  })

  it("answers CardDeclinedError with Stripe's decline code, and keeps no customer created for the refused card", async () => {
    expect(
      await declineCodeOf(provider.attach(firstCard('pm_card_visa_chargeDeclinedInsufficientFunds'))),
    ).toBe('insufficient_funds')
    expect(stripe.requests.map(({ method }) => method)).toEqual(['POST', 'POST', 'DELETE'])
    expect(stripe.customers.size).toBe(0)

    // Refusals that Stripe reports with their own error code rather than card_declined.
    expect(await declineCodeOf(provider.attach(firstCard('pm_card_chargeDeclinedExpiredCard')))).toBe(
      'expired_card',
    )
    expect(await declineCodeOf(provider.attach(firstCard('pm_card_chargeDeclinedIncorrectCvc')))).toBe(
      'incorrect_cvc',
    )
  })

  it("keeps the organization's existing customer when a later card is refused", async () => {
    const { customerRef } = await provider.attach(firstCard('pm_card_visa'))

    const attempt = provider.attach({ ...firstCard('pm_card_visa_chargeDeclined'), customerRef })
    expect(await declineCodeOf(attempt)).toBe('generic_decline')
    expect(stripe.customers.has(customerRef)).toBe(true)
    expect(stripe.requests.some(({ method }) => method === 'DELETE')).toBe(false)
  })

  it('answers UnknownPaymentMethodError for a payment method Stripe does not have', async () => {
    await expect(provider.attach(firstCard('pm_card_nope'))).rejects.toBeInstanceOf(UnknownPaymentMethodError)
    expect(stripe.customers.size).toBe(0)

    const { customerRef } = await provider.attach(firstCard('pm_card_visa'))
    await expect(provider.setDefault(customerRef, 'pm_never_attached')).rejects.toBeInstanceOf(
      UnknownPaymentMethodError,
    )
    await expect(provider.detach('pm_never_attached')).rejects.toBeInstanceOf(UnknownPaymentMethodError)
  })

  it("passes on errors that are not about the card, such as Stripe not knowing the organization's customer", async () => {
    const attempt = provider.attach({ ...firstCard('pm_card_visa'), customerRef: 'cus_gone' })
    await expect(attempt).rejects.toThrow(/No such customer/)
    await expect(attempt).rejects.not.toBeInstanceOf(UnknownPaymentMethodError)
    await expect(attempt).rejects.not.toBeInstanceOf(CardDeclinedError)
  })

  it('charges a card off-session through a confirmed PaymentIntent, once per idempotency key', async () => {
    const { customerRef, card } = await provider.attach(firstCard('pm_card_visa'))
    stripe.requests.length = 0

    const paid = await provider.charge(chargeOf(customerRef, card.providerRef, 'pay-1'))
    expect(stripe.requests).toHaveLength(1)
    expect(stripe.requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      idempotencyKey: 'pay-1',
      form: {
        amount: '4960',
        currency: 'usd',
        customer: customerRef,
        payment_method: card.providerRef,
        off_session: 'true',
        confirm: 'true',
        description: 'Invoice 0b7f',
        'metadata[invoice_id]': '0b7f',
        'metadata[org_id]': '7',
      },
    })
    expect(stripe.paymentIntents.get(paid.paymentRef)).toMatchObject({ status: 'succeeded', amount: 4960 })

    // Sent again after a crash: Stripe answers the first payment, and no second one is made.
    expect(await provider.charge(chargeOf(customerRef, card.providerRef, 'pay-1'))).toEqual(paid)
    expect(stripe.paymentIntents.size).toBe(1)
  })

  it("answers CardDeclinedError with Stripe's decline code when the charge is refused", async () => {
    const { customerRef, card } = await provider.attach(firstCard('pm_card_chargeCustomerFail'))
    expect(await declineCodeOf(provider.charge(chargeOf(customerRef, card.providerRef, 'pay-2')))).toBe(
      'generic_decline',
    )
    expect([...stripe.paymentIntents.values()].map((intent) => intent.status)).toEqual([
      'requires_payment_method',
    ])
  })
})
