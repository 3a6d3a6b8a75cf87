// The test card form's table: Stripe's documented test card numbers and the test PaymentMethod ids they
// stand for, which the server's test payment provider understands with Stripe's meaning.
// Interim copy: the shared table in server/contract/testCards.ts replaces it once it lands.
export const TEST_CARD_PAYMENT_METHODS: Readonly<Record<string, string>> = {
  '4242424242424242': 'pm_card_visa',
  '4000056655665556': 'pm_card_visa_debit',
  '5555555555554444': 'pm_card_mastercard',
  '5200828282828210': 'pm_card_mastercard_debit',
  '5105105105105100': 'pm_card_mastercard_prepaid',
  '378282246310005': 'pm_card_amex',
  '6011111111111117': 'pm_card_discover',
  '3056930009020004': 'pm_card_diners',
  '3566002020360505': 'pm_card_jcb',
  '6200000000000005': 'pm_card_unionpay',
  '4000000000000002': 'pm_card_chargeDeclined',
  '4000000000009995': 'pm_card_chargeDeclinedInsufficientFunds',
  '4000000000009987': 'pm_card_chargeDeclinedLostCard',
  '4000000000009979': 'pm_card_chargeDeclinedStolenCard',
  '4000000000000069': 'pm_card_chargeDeclinedExpiredCard',
  '4000000000000127': 'pm_card_chargeDeclinedIncorrectCvc',
  '4000000000000119': 'pm_card_chargeDeclinedProcessingError',
}

export function testPaymentMethodId(cardNumber: string): string | undefined {
  return TEST_CARD_PAYMENT_METHODS[cardNumber.replace(/[\s-]/g, '')]
}
