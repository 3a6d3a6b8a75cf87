// Stripe Elements when the server serves a publishable key; otherwise the test card form.
import { lazy, Suspense } from 'react'
import { TestCardForm } from './TestCardForm.tsx'

export interface CardFormProps {
  /** Called with the PaymentMethod id (pm_...) for the card entered. */
  onPaymentMethod: (paymentMethodId: string) => void
  pending: boolean
  error: string | undefined
}

const StripeCardForm = lazy(() => import('./StripeCardForm.tsx'))

export function CardForm({ publishableKey, ...props }: CardFormProps & { publishableKey: string | null }) {
  if (publishableKey === null) return <TestCardForm {...props} />
  return (
    <Suspense fallback={<p aria-busy="true">Loading the card form…</p>}>
      <StripeCardForm publishableKey={publishableKey} {...props} />
    </Suspense>
  )
}
