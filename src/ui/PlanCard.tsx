// A plan as a card, in signup's plan step and on the Plan tab: its name, price, description and limits, with
// the card's action below them, at the foot of the card so the actions of cards side by side line up; and the Contact Us of a plan arranged with sales (a mail to sales).
import type { ReactNode } from 'react'
import type { Plan } from '../api/plans.ts'
import { SALES_EMAIL } from '../lib/contact.ts'
import { AppLink } from './AppLink.tsx'

export function PlanCard({
  plan,
  limits,
  children,
}: {
  plan: Plan
  limits: readonly string[]
  children?: ReactNode
}) {
  return (
    <li className="plan-card" data-plan-id={plan.plan_id}>
      <h3>{plan.plan_name}</h3>
      <p className="plan-price">{plan.display_price}</p>
      <p>{plan.description}</p>
      <ul className="plan-limits">
        {limits.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {children ? <div className="plan-card-actions">{children}</div> : null}
    </li>
  )
}

export function ContactSalesLink() {
  return (
    <AppLink href={`mailto:${SALES_EMAIL}?subject=Enterprise%20plan`} className="button secondary">
      Contact Us
    </AppLink>
  )
}
