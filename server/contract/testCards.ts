// Stripe's documented test cards (docs.stripe.com/testing: "Cards by brand", "Declined payments"): the card
// number a person types in the test card form, the test PaymentMethod id Stripe gives it, and what Stripe
// does with it. The browser's test card form maps numbers to ids with it; the built-in test provider gives
// the ids their Stripe meaning. No Node imports: the app imports this module too.

export type TestCardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay'

export interface TestCard {
  /** The test PaymentMethod id Stripe's docs give this card today. */
  paymentMethodId: string
  /** Ids Stripe's docs gave the same card before; Stripe still accepts them. */
  aliases: readonly string[]
  number: string
  /** As Stripe reports it in PaymentMethod.card.brand. */
  brand: TestCardBrand
  last4: string
  funding: 'credit' | 'debit' | 'prepaid'
  /**
   * Stripe's decline code when attaching the card to a customer fails. Stripe's declined test cards cannot
   * be attached at all: the attach call itself answers the card error.
   */
  attachDeclineCode?: string
  /** Stripe's decline code when the card attaches fine but charging the customer fails. */
  chargeDeclineCode?: string
  description: string
}

function card(
  paymentMethodId: string,
  number: string,
  brand: TestCardBrand,
  description: string,
  extra: Partial<Pick<TestCard, 'aliases' | 'funding' | 'attachDeclineCode' | 'chargeDeclineCode'>> = {},
): TestCard {
  return {
    paymentMethodId,
    number,
    brand,
    description,
    last4: number.slice(-4),
    aliases: [],
    funding: 'credit',
    ...extra,
  }
}

export const TEST_CARDS: readonly TestCard[] = [
  card('pm_card_visa', '4242424242424242', 'visa', 'Visa'),
  card('pm_card_visa_debit', '4000056655665556', 'visa', 'Visa (debit)', { funding: 'debit' }),
  card('pm_card_mastercard', '5555555555554444', 'mastercard', 'Mastercard'),
  card('pm_card_mastercard_debit', '5200828282828210', 'mastercard', 'Mastercard (debit)', {
    funding: 'debit',
  }),
  card('pm_card_mastercard_prepaid', '5105105105105100', 'mastercard', 'Mastercard (prepaid)', {
    funding: 'prepaid',
  }),
  card('pm_card_amex', '378282246310005', 'amex', 'American Express'),
  card('pm_card_discover', '6011111111111117', 'discover', 'Discover'),
  card('pm_card_diners', '3056930009020004', 'diners', 'Diners Club'),
  card('pm_card_jcb', '3566002020360505', 'jcb', 'JCB'),
  card('pm_card_unionpay', '6200000000000005', 'unionpay', 'UnionPay'),

  card('pm_card_chargeCustomerFail', '4000000000000341', 'visa', 'Attaches; charging the customer fails', {
    chargeDeclineCode: 'generic_decline',
  }),

  card('pm_card_visa_chargeDeclined', '4000000000000002', 'visa', 'Generic decline', {
    aliases: ['pm_card_chargeDeclined'],
    attachDeclineCode: 'generic_decline',
  }),
  card('pm_card_visa_chargeDeclinedInsufficientFunds', '4000000000009995', 'visa', 'Insufficient funds', {
    aliases: ['pm_card_chargeDeclinedInsufficientFunds'],
    attachDeclineCode: 'insufficient_funds',
  }),
  card('pm_card_visa_chargeDeclinedLostCard', '4000000000009987', 'visa', 'Lost card', {
    aliases: ['pm_card_chargeDeclinedLostCard'],
    attachDeclineCode: 'lost_card',
  }),
  card('pm_card_visa_chargeDeclinedStolenCard', '4000000000009979', 'visa', 'Stolen card', {
    aliases: ['pm_card_chargeDeclinedStolenCard'],
    attachDeclineCode: 'stolen_card',
  }),
  card('pm_card_chargeDeclinedExpiredCard', '4000000000000069', 'visa', 'Expired card', {
    attachDeclineCode: 'expired_card',
  }),
  card('pm_card_chargeDeclinedIncorrectCvc', '4000000000000127', 'visa', 'Incorrect CVC', {
    attachDeclineCode: 'incorrect_cvc',
  }),
  card('pm_card_chargeDeclinedProcessingError', '4000000000000119', 'visa', 'Processing error', {
    attachDeclineCode: 'processing_error',
  }),
  card(
    'pm_card_visa_chargeDeclinedVelocityLimitExceeded',
    '4000000000006975',
    'visa',
    'Velocity limit exceeded',
    {
      attachDeclineCode: 'card_velocity_exceeded',
    },
  ),
]

const byNumber = new Map(TEST_CARDS.map((entry) => [entry.number, entry]))
const byPaymentMethodId = new Map(
  TEST_CARDS.flatMap((entry) => [entry.paymentMethodId, ...entry.aliases].map((id) => [id, entry] as const)),
)

/** The test card typed as `input` (spaces ignored), or undefined for any other number. */
export function testCardByNumber(input: string): TestCard | undefined {
  const digits = input.replace(/\s+/g, '')
  return /^\d+$/.test(digits) ? byNumber.get(digits) : undefined
}

/** The test card a Stripe test PaymentMethod id (or one of its older aliases) stands for. */
export function testCardByPaymentMethodId(paymentMethodId: string): TestCard | undefined {
  return byPaymentMethodId.get(paymentMethodId)
}

/**
 * The expiry the test provider reports. Stripe accepts any future date for test cards and documents none
 * for its test PaymentMethod ids; the end of the year three years on stays valid for as long as a test
 * organization lives.
 */
export function testCardExpiry(now = new Date()): { exp_month: number; exp_year: number } {
  return { exp_month: 12, exp_year: now.getUTCFullYear() + 3 }
}

/**
 * The test card form's token for a typed card: the test PaymentMethod id with the typed expiry after it,
 * `pm_card_visa_exp_2030_04`. Stripe Elements makes a PaymentMethod that carries the typed expiry; this
 * stand-in carries it in the id, so the test provider stores the expiry the person typed.
 */
export function testCardToken(
  card: Pick<TestCard, 'paymentMethodId'>,
  expMonth: number,
  expYear: number,
): string {
  return `${card.paymentMethodId}_exp_${expYear}_${String(expMonth).padStart(2, '0')}`
}

const TOKEN_EXPIRY = /^(pm_\w+?)_exp_(\d{4})_(\d{2})$/

/**
 * What a test token stands for: its card and, when the form typed one, its expiry (a month 1 to 12). A
 * plain test PaymentMethod id (pm_card_visa) has no expiry.
 */
export function parseTestCardToken(
  token: string,
): { card: TestCard; expiry?: { exp_month: number; exp_year: number } } | undefined {
  const match = TOKEN_EXPIRY.exec(token)
  if (!match) {
    const card = testCardByPaymentMethodId(token)
    return card ? { card } : undefined
  }
  const [, id = '', year = '', month = ''] = match
  const card = testCardByPaymentMethodId(id)
  const exp_month = Number(month)
  if (!card || exp_month < 1 || exp_month > 12) return undefined
  return { card, expiry: { exp_month, exp_year: Number(year) } }
}
