// What the browser needs to know of the server before sign-in: the custom-domain prefix of the host it
// was opened on (from BASE_DOMAIN), the suffix that follows such a prefix, and the Stripe publishable key
// when Stripe is configured.
import { Type, type Static } from 'typebox'

export const ClientConfig = Type.Object({
  /** The organization prefix of this host, or null on the product's own host. */
  domain_prefix: Type.Union([Type.String(), Type.Null()]),
  /** What follows an organization's prefix in its host name: '.' and the server's BASE_DOMAIN. */
  domain_suffix: Type.String(),
  /** Stripe Elements' key; null means the test card form. */
  stripe_publishable_key: Type.Union([Type.String(), Type.Null()]),
})
export type ClientConfig = Static<typeof ClientConfig>
