// How a payment method reads in its table (specification 001, section 2): the card by brand and last four
// digits, the expiration as MM/YYYY, and Default or Backup.
import type { PaymentMethod } from '../../../api/paymentMethods.ts'

/** Stripe's PaymentMethod.card.brand values, as people write them. */
const BRAND_NAMES: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  cartes_bancaires: 'Cartes Bancaires',
  eftpos_au: 'eftpos Australia',
  interac: 'Interac',
}

export function cardBrandName(brand: string): string {
  const known = BRAND_NAMES[brand.toLowerCase()]
  if (known) return known
  if (brand.trim() === '' || brand === 'unknown') return 'Card'
  return brand.charAt(0).toUpperCase() + brand.slice(1)
}

/** "Visa ending in 4242". */
export function cardText(method: Pick<PaymentMethod, 'card_brand' | 'card_last4'>): string {
  return `${cardBrandName(method.card_brand)} ending in ${method.card_last4}`
}

/** "04/2030". */
export function expirationText(method: Pick<PaymentMethod, 'exp_month' | 'exp_year'>): string {
  return `${String(method.exp_month).padStart(2, '0')}/${method.exp_year}`
}

export function paymentStatusText(method: Pick<PaymentMethod, 'is_default'>): 'Default' | 'Backup' {
  return method.is_default ? 'Default' : 'Backup'
}

/** The default first, then the others as the server listed them (oldest first). */
export function defaultFirst(methods: readonly PaymentMethod[]): PaymentMethod[] {
  return [...methods].sort((a, b) => Number(b.is_default) - Number(a.is_default))
}
