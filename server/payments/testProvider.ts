// The built-in payment provider: Stripe's test PaymentMethod ids with Stripe's meaning, no network. Like
// Stripe, attaching gives a new payment method id each time, and a declined test card cannot be attached;
// a card that attaches but whose charges fail (pm_card_chargeCustomerFail) is declined when charged.
// It keeps no state: the server stores what it returns, and several server processes share one database,
// so the attached id carries the test card it was made from: pm_test_<random>_<test id>.
import crypto from 'node:crypto'
import { parseTestCardToken, testCardByPaymentMethodId, testCardExpiry } from '../contract/testCards.ts'
import {
  CardDeclinedError,
  UnknownPaymentMethodError,
  type AttachRequest,
  type CardDetails,
  type PaymentProvider,
} from './provider.ts'

function randomId(prefix: string): string {
  return `${prefix}${crypto.randomBytes(12).toString('hex')}`
}

function checkCustomerRef(customerRef: string): void {
  if (!customerRef.startsWith('cus_'))
    throw new Error(`not a customer reference: ${JSON.stringify(customerRef)}`)
}

const ATTACHED_REF = /^pm_test_[0-9a-f]{24}_(pm_\w+)$/

function checkProviderRef(providerRef: string): void {
  if (!providerRef.startsWith('pm_')) {
    throw new UnknownPaymentMethodError(`not a payment method reference: ${JSON.stringify(providerRef)}`)
  }
}

export function createTestProvider(now: () => Date = () => new Date()): PaymentProvider {
  return {
    kind: 'test',
    async attach(request: AttachRequest) {
      // The test card form's token carries the expiry typed; a bare test id gets a valid one.
      const token = parseTestCardToken(request.paymentMethodId)
      if (!token) {
        throw new UnknownPaymentMethodError(`not a Stripe test payment method: ${request.paymentMethodId}`)
      }
      const testCard = token.card
      if (request.customerRef !== null) checkCustomerRef(request.customerRef)
      if (testCard.attachDeclineCode) throw new CardDeclinedError(testCard.attachDeclineCode)
      const card: CardDetails = {
        providerRef: `${randomId('pm_test_')}_${testCard.paymentMethodId}`,
        card_brand: testCard.brand,
        card_last4: testCard.last4,
        ...(token.expiry ?? testCardExpiry(now())),
      }
      return { customerRef: request.customerRef ?? randomId('cus_test_'), card }
    },
    async setDefault(customerRef, providerRef) {
      checkCustomerRef(customerRef)
      checkProviderRef(providerRef)
    },
    async detach(providerRef) {
      checkProviderRef(providerRef)
    },
    async charge(request) {
      checkCustomerRef(request.customerRef)
      checkProviderRef(request.providerRef)
      const testId = ATTACHED_REF.exec(request.providerRef)?.[1]
      const declineCode = testId ? testCardByPaymentMethodId(testId)?.chargeDeclineCode : undefined
      if (declineCode) throw new CardDeclinedError(declineCode)
      // The same key names the same payment, as Stripe's idempotency keys do.
      return {
        paymentRef: `pi_test_${crypto.createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 24)}`,
      }
    },
  }
}
