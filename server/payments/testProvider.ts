// The built-in payment provider: Stripe's test PaymentMethod ids with Stripe's meaning, no network. Like
// Stripe, attaching gives a new payment method id each time, and a declined test card cannot be attached.
// It keeps no state: the server stores what it returns, and several server processes share one database.
import crypto from 'node:crypto'
import { testCardByPaymentMethodId, testCardExpiry } from '../contract/testCards.ts'
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

function checkProviderRef(providerRef: string): void {
  if (!providerRef.startsWith('pm_')) {
    throw new UnknownPaymentMethodError(`not a payment method reference: ${JSON.stringify(providerRef)}`)
  }
}

export function createTestProvider(now: () => Date = () => new Date()): PaymentProvider {
  return {
    kind: 'test',
    async attach(request: AttachRequest) {
      const testCard = testCardByPaymentMethodId(request.paymentMethodId)
      if (!testCard) {
        throw new UnknownPaymentMethodError(`not a Stripe test payment method: ${request.paymentMethodId}`)
      }
      if (request.customerRef !== null) checkCustomerRef(request.customerRef)
      if (testCard.attachDeclineCode) throw new CardDeclinedError(testCard.attachDeclineCode)
      const card: CardDetails = {
        providerRef: randomId('pm_test_'),
        card_brand: testCard.brand,
        card_last4: testCard.last4,
        ...testCardExpiry(now()),
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
  }
}
