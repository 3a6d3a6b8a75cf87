// The Plan tab (specification 001, sections 2, 3 and 9: /org/plan): the current plan and a change list
// without it, monthly plans plus the Enterprise card; a plan that is not self-signup tells the admin to
// contact sales. Picking a plan shows, before the change is confirmed, what it does from the
// organization's state now (the server's preview): members, devices and storage over the new limits, which
// stay, and each volume whose expiration days it lowers, which retention then purges sooner; and the price
// difference. That panel asks the question itself, so its Change Plan changes at once. A save failure reads 'Failed to save plan, please try again.'. Admins only.
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { orgQueries, useChangePlan } from '../../api/orgs.ts'
import { planQueries, type Plan, type PlanChangePreview } from '../../api/plans.ts'
import { adminOrgId } from '../../app/adminAccess.ts'
import { useSession } from '../../app/session.ts'
import { SALES_EMAIL } from '../../lib/contact.ts'
import { messageFor } from '../../lib/messages.ts'
import { planLimitLines } from '../../lib/signupSteps.ts'
import { FormError } from '../../ui/FormError.tsx'
import { ContactSalesLink, PlanCard } from '../../ui/PlanCard.tsx'
import {
  changeChoices,
  confirmText,
  contactSalesText,
  planChangeRequest,
  previewLines,
} from './-org/planChange.ts'

export const Route = createFileRoute('/_app/_admin/org/plan')({
  staticData: { orgHeading: 'Plan' },
  loader: async ({ context }) => {
    const { orgId } = context
    await Promise.all([
      context.queryClient.ensureQueryData(orgQueries.detail(orgId)),
      context.queryClient.ensureQueryData(planQueries.list()),
    ])
  },
  component: PlanPage,
})

function ContactSales() {
  return (
    <>
      <p className="hint">{contactSalesText(SALES_EMAIL)}</p>
      <ContactSalesLink />
    </>
  )
}

function PreviewList({ preview }: { preview: PlanChangePreview }) {
  return (
    <ul data-testid="plan-preview">
      {previewLines(preview).map((line) => (
        <li key={line.key}>{line.text}</li>
      ))}
    </ul>
  )
}

/**
 * The picked plan's preview and the confirmed change. The change is the page's: once saved, the new plan
 * leaves the change list and this panel with it, while the page still reports the outcome.
 */
function ChangePanel({
  orgId,
  plan,
  change,
  onCancel,
  onChanged,
}: {
  orgId: number
  plan: Plan
  change: ReturnType<typeof useChangePlan>
  onCancel: () => void
  onChanged: () => void
}) {
  const preview = useQuery(planQueries.preview(orgId, plan.plan_id))
  const [error, setError] = useState<string>()
  const heading = useRef<HTMLHeadingElement>(null)
  // The panel opens below the list: focus moves to it so keyboard and screen reader users land on it.
  useEffect(() => heading.current?.focus(), [plan.plan_id])
  return (
    <section className="panel" aria-labelledby="plan-change-heading">
      <h2 id="plan-change-heading" ref={heading} tabIndex={-1}>
        Change to {plan.plan_name}
      </h2>
      {preview.isPending ? <p aria-busy="true">Checking what the change does…</p> : null}
      {preview.isError ? <FormError message={messageFor('plan_change', preview.error)} /> : null}
      {preview.data ? (
        <>
          <PreviewList preview={preview.data} />
          <p data-testid="plan-change-question">{confirmText(plan, preview.data)}</p>
        </>
      ) : null}
      <FormError message={error} />
      <div className="form-actions">
        {/* This panel is the confirmation: it says what the change does and asks, so one press changes. */}
        <button
          type="button"
          className="button"
          disabled={!preview.data || change.isPending}
          onClick={() => {
            if (!preview.data) return
            setError(undefined)
            change.mutate(planChangeRequest(preview.data), {
              onSuccess: onChanged,
              onError: (failure) => setError(messageFor('plan_change', failure)),
            })
          }}
        >
          Change Plan
        </button>
        <button type="button" className="button secondary" onClick={onCancel} disabled={change.isPending}>
          Cancel
        </button>
      </div>
    </section>
  )
}

function PlanPage() {
  const orgId = adminOrgId(useSession())
  const { data: org } = useSuspenseQuery(orgQueries.detail(orgId))
  const { data: plans } = useSuspenseQuery(planQueries.list())
  const [pickedId, setPickedId] = useState<string>()
  const [status, setStatus] = useState<string>()
  const change = useChangePlan(orgId)
  const current = org.plan
  // A plan arranged with sales is changed with sales too (001 section 9).
  const canChange = current === null || current.is_self_signup
  const choices = changeChoices(plans, org.plan_id)
  const picked = choices.find((plan) => plan.plan_id === pickedId)
  return (
    <>
      <section className="panel" aria-labelledby="current-plan-heading">
        <h2 id="current-plan-heading">Current Plan</h2>
        {current ? (
          <ul className="plan-cards" data-testid="current-plan">
            <PlanCard plan={current} limits={planLimitLines(current)}>
              {canChange ? null : <ContactSales />}
            </PlanCard>
          </ul>
        ) : (
          <p>Your organization has no plan yet.</p>
        )}
        <p className="form-status" role="status">
          {status ?? ''}
        </p>
      </section>
      <section className="panel" aria-labelledby="change-plan-heading">
        <h2 id="change-plan-heading">Change Plan</h2>
        <ul className="plan-cards" data-testid="plan-choices">
          {choices.map((plan) => (
            <PlanCard key={plan.plan_id} plan={plan} limits={planLimitLines(plan)}>
              {plan.is_self_signup && canChange ? (
                <button
                  type="button"
                  className="button"
                  aria-label={`Choose ${plan.plan_name}`}
                  aria-pressed={plan.plan_id === pickedId}
                  onClick={() => {
                    setStatus(undefined)
                    setPickedId(plan.plan_id)
                  }}
                >
                  Choose
                </button>
              ) : (
                <ContactSales />
              )}
            </PlanCard>
          ))}
        </ul>
      </section>
      {picked ? (
        <ChangePanel
          key={picked.plan_id}
          orgId={orgId}
          plan={picked}
          change={change}
          onCancel={() => setPickedId(undefined)}
          onChanged={() => {
            setPickedId(undefined)
            setStatus(`Your plan is now ${picked.plan_name}.`)
          }}
        />
      ) : null}
    </>
  )
}
