// The card form when the server has no Stripe key: Stripe's test card numbers, turned into the test
// PaymentMethod ids they stand for, as Stripe Elements would turn a real card into a pm_ id. The expiry is
// checked as it is typed (src/lib/cardExpiry.ts): the slash goes in by itself and a past date is refused.
// The token sent carries the expiry typed, which is what the card list then shows. A number that is not a
// test card is said on the field, in Stripe Elements' words.
import { useState, type FormEvent } from 'react'
import { checkExpiry, expiryMessage, formatExpiryInput } from '../lib/cardExpiry.ts'
import { INVALID_CARD_NUMBER_MESSAGE } from '../lib/messages.ts'
import { testCardByNumber, testCardToken } from '../../server/contract/testCards.ts'
import { FormError } from './FormError.tsx'
import { TextField } from './Field.tsx'
import type { CardFormProps } from './CardForm.tsx'

export function TestCardForm({ onPaymentMethod, pending, error }: CardFormProps) {
  const [number, setNumber] = useState('')
  const [expiry, setExpiry] = useState('')
  const [expiryLeft, setExpiryLeft] = useState(false)
  const [cvc, setCvc] = useState('')
  const [numberError, setNumberError] = useState<string>()
  const expiryCheck = checkExpiry(expiry)
  function submit(event: FormEvent) {
    event.preventDefault()
    // Dashes are as common as spaces in a typed card number.
    const card = testCardByNumber(number.replace(/-/g, ''))
    if (!card) return setNumberError(INVALID_CARD_NUMBER_MESSAGE)
    if (expiryCheck.state !== 'valid') return
    setNumberError(undefined)
    onPaymentMethod(testCardToken(card, expiryCheck.month, expiryCheck.year))
  }
  const complete = number.trim() !== '' && expiryCheck.state === 'valid' && /^\d{3,4}$/.test(cvc)
  return (
    <form className="form card-form" onSubmit={submit} aria-label="Card">
      <p className="hint">Test mode: use a Stripe test card, such as 4242 4242 4242 4242.</p>
      <TextField
        label="Card Number"
        name="cardnumber"
        inputMode="numeric"
        autoComplete="cc-number"
        value={number}
        error={numberError}
        onChange={(value) => {
          setNumberError(undefined)
          setNumber(value)
        }}
      />
      <div className="field-row">
        <TextField
          label="Expiry (MM/YY)"
          name="exp-date"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          inputMode="numeric"
          value={expiry}
          error={expiryMessage(expiryCheck, expiryLeft)}
          onChange={(value) => setExpiry((previous) => formatExpiryInput(value, previous))}
          onBlur={() => setExpiryLeft(true)}
        />
        <TextField
          label="CVC"
          name="cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          value={cvc}
          onChange={(value) => setCvc(value.replace(/\D/g, ''))}
        />
      </div>
      {/* The newest problem is the number's: an earlier attempt's failure is not left beside it. */}
      <FormError message={numberError ? undefined : error} />
      <button type="submit" className="button" disabled={!complete || pending}>
        Add Card
      </button>
    </form>
  )
}
