// The card form with Stripe Elements: the card never reaches our server, only the PaymentMethod id
// Stripe gives for it. Loaded on demand, so only sites with a Stripe key fetch Stripe's script.
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js'
import type { Stripe } from '@stripe/stripe-js'
import { loadStripe } from '@stripe/stripe-js/pure'
import { useState, type FormEvent } from 'react'
import { ADD_CARD_FAILED_MESSAGE, CARD_DECLINED_MESSAGE } from '../lib/messages.ts'
import { FormError } from './FormError.tsx'
import type { CardFormProps } from './CardForm.tsx'

const stripeByKey = new Map<string, Promise<Stripe | null>>()

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey)
  if (!stripe) {
    stripe = loadStripe(publishableKey)
    stripeByKey.set(publishableKey, stripe)
  }
  return stripe
}

function ElementsForm({ onPaymentMethod, pending, error }: CardFormProps) {
  const stripe = useStripe()
  const elements = useElements()
  const [localError, setLocalError] = useState<string>()
  const [tokenizing, setTokenizing] = useState(false)
  async function submit(event: FormEvent) {
    event.preventDefault()
    const card = elements?.getElement(CardElement)
    if (!stripe || !card) return
    setTokenizing(true)
    setLocalError(undefined)
    const result = await stripe.createPaymentMethod({ type: 'card', card })
    setTokenizing(false)
    if (result.error) {
      // A field Stripe finds wrong (a number that is no card) is said in Stripe's words, which name the field.
      if (result.error.type === 'validation_error' && result.error.message)
        return setLocalError(result.error.message)
      return setLocalError(
        result.error.code === 'card_declined' ? CARD_DECLINED_MESSAGE : ADD_CARD_FAILED_MESSAGE,
      )
    }
    onPaymentMethod(result.paymentMethod.id)
  }
  return (
    <form className="form card-form" onSubmit={(event) => void submit(event)} aria-label="Card">
      <div className="field">
        <span>Card</span>
        <div className="stripe-card">
          <CardElement options={{ hidePostalCode: true }} />
        </div>
      </div>
      <FormError message={localError ?? error} />
      <button type="submit" className="button" disabled={!stripe || tokenizing || pending}>
        Add Card
      </button>
    </form>
  )
}

export default function StripeCardForm(props: CardFormProps & { publishableKey: string }) {
  const { publishableKey, ...formProps } = props
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <ElementsForm {...formProps} />
    </Elements>
  )
}
