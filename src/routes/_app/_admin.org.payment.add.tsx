// Add a payment method (specification 001, section 2: /org/payment/add): the card form, Stripe Elements when
// the server serves a publishable key and the test card form otherwise; the card is tokenized in the
// browser and only its PaymentMethod id is sent (with the 30 s timeout of section 9). Back to the list once
// the card is on file. Admins only.
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { configQueries } from '../../api/config.ts'
import { useAddPaymentMethod } from '../../api/paymentMethods.ts'
import { adminOrgId } from '../../app/adminAccess.ts'
import { useSession } from '../../app/session.ts'
import { addCardMessage } from '../../lib/messages.ts'
import { CardForm } from '../../ui/CardForm.tsx'
import { RouteLink } from '../../ui/RouteLink.tsx'

export const Route = createFileRoute('/_app/_admin/org/payment/add')({
  staticData: { orgHeading: 'Add Payment Method' },
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(configQueries.client())
  },
  component: AddPaymentMethodPage,
})

function AddPaymentMethodPage() {
  const orgId = adminOrgId(useSession())
  const navigate = useNavigate({ from: Route.fullPath })
  const { data: config } = useSuspenseQuery(configQueries.client())
  const add = useAddPaymentMethod(orgId)
  const [error, setError] = useState<string>()
  return (
    <>
      <section className="panel" aria-labelledby="add-card-heading">
        <h2 id="add-card-heading">Card</h2>
        <CardForm
          publishableKey={config.stripe_publishable_key}
          pending={add.isPending}
          error={error}
          onPaymentMethod={(id) => {
            setError(undefined)
            // The promise, not mutate's callbacks, so the way back is taken even as the list refetches.
            void add.mutateAsync(id).then(
              () => navigate({ to: '/org/payment' }),
              (failure: unknown) => setError(addCardMessage(failure)),
            )
          }}
        />
        <p>
          <RouteLink to="/org/payment">Cancel</RouteLink>
        </p>
      </section>
    </>
  )
}
