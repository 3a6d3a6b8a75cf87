// Picks the payment provider: Stripe when STRIPE_SECRET_KEY is set, otherwise the built-in test provider.
import type { Config } from '../config.ts'
import type { PaymentProvider } from './provider.ts'
import { createStripeProvider, type StripeApiAddress } from './stripeProvider.ts'
import { createTestProvider } from './testProvider.ts'

export { CardDeclinedError, UnknownPaymentMethodError } from './provider.ts'
export type { AttachRequest, CardDetails, PaymentProvider } from './provider.ts'
export type { StripeApiAddress } from './stripeProvider.ts'

export async function createPaymentProvider(
  config: Pick<Config, 'stripeSecretKey'>,
  options: { stripeApi?: StripeApiAddress } = {},
): Promise<PaymentProvider> {
  // createStripeProvider loads the Stripe SDK itself, only when it is called.
  return config.stripeSecretKey
    ? createStripeProvider(config.stripeSecretKey, options.stripeApi)
    : createTestProvider()
}
