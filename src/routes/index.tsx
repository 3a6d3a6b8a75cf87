// The root page. Until sign-in exists it presents the plans, read from the server through the typed client
// and TanStack Query: the first screen that runs through every layer of the product.
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { planQueries, selfSignupPlans } from '../api/plans.ts'

export const Route = createFileRoute('/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(planQueries.list(context.api)),
  component: RootPage,
})

function RootPage() {
  const { api } = Route.useRouteContext()
  const { data: plans } = useSuspenseQuery(planQueries.list(api))
  const enterprise = plans.find((plan) => plan.plan_id.startsWith('enterprise'))
  return (
    <main className="welcome">
      <h1>Your organization’s media, in the cloud</h1>
      <p className="lead">Store, browse, upload and download media with your team, from any browser.</p>
      <section aria-labelledby="plans-heading">
        <h2 id="plans-heading">Plans</h2>
        <ul className="plan-cards">
          {selfSignupPlans(plans).map((plan) => (
            <li key={plan.plan_id} className="plan-card" data-plan-id={plan.plan_id}>
              <h3>{plan.plan_name}</h3>
              <p className="plan-price">{plan.display_price}</p>
              <p>{plan.description}</p>
            </li>
          ))}
          {enterprise ? (
            <li className="plan-card" data-plan-id={enterprise.plan_id}>
              <h3>{enterprise.plan_name}</h3>
              <p className="plan-price">{enterprise.display_price}</p>
              <p>{enterprise.description}</p>
            </li>
          ) : null}
        </ul>
      </section>
    </main>
  )
}
