// Signup (specification 000, sections 2 and 4): e-mail and code, organization, plan, card, saving the
// plan, first volume, finish. Each step shows only once the one before it is done, so a person who comes
// back resumes where they stopped. Custom-domain sites have no signup.
// Each step is named by its own heading. The steps come and go inside one element that stays while the
// next step's data loads (its own Suspense, not the route's, which would take the whole screen away), so
// when a step gives way, focus finds the new step's heading there (src/app/screenFocus.ts) and a screen
// reader says which step this is.
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, redirect, useRouter } from '@tanstack/react-router'
import { Suspense, useState } from 'react'
import { configQueries } from '../../api/config.ts'
import { paymentMethodQueries } from '../../api/paymentMethods.ts'
import { planQueries } from '../../api/plans.ts'
import { ApiError } from '../../api/transport.ts'
import { userQueries, type OrgListItem } from '../../api/user.ts'
import { volumeQueries } from '../../api/volumes.ts'
import { endSession, hasSessionKey, startSession, switchOrg } from '../../app/session.ts'
import { localState, useLocalState } from '../../lib/localState.ts'
import {
  enterprisePlan,
  preselectedPlan,
  resumableSignupOrg,
  signupPlans,
  signupStep,
  type SignupStep,
} from '../../lib/signupSteps.ts'
import { EmailCodeForm } from '../-accounts/EmailCodeForm.tsx'
import { NotAMember } from '../-accounts/NotAMember.tsx'
import { CardStep, FinishStep, OrgStep, PlanStep, SavePlanStep, VolumeStep } from './-signup/steps.tsx'

export interface SignupSearch {
  /** A plan to preselect, by id (pro_month) or tier (pro). */
  plan?: string
}

export const Route = createFileRoute('/_public/signup')({
  validateSearch: (search: Record<string, unknown>): SignupSearch =>
    typeof search.plan === 'string' ? { plan: search.plan } : {},
  beforeLoad: async ({ context }) => {
    const config = await context.queryClient.ensureQueryData(configQueries.client())
    if (config.domain_prefix !== null) throw redirect({ to: '/', replace: true })
  },
  loader: async ({ context }) => {
    const { queryClient } = context
    await queryClient.ensureQueryData(planQueries.list())
    if (!hasSessionKey()) return
    try {
      await queryClient.ensureQueryData(userQueries.current())
    } catch (error) {
      // A session the server no longer knows: signup starts again from the e-mail step.
      if (error instanceof ApiError && error.status === 403) endSession(queryClient)
      else throw error
    }
  },
  component: SignupPage,
})

const STEP_LABELS: Array<[SignupStep, string]> = [
  ['email', 'E-mail'],
  ['org', 'Organization'],
  ['plan', 'Plan'],
  ['card', 'Payment'],
  ['save_plan', 'Save Plan'],
  ['volume', 'Volume'],
  ['finish', 'Finish'],
]

function StepList({ step }: { step: SignupStep }) {
  const index = STEP_LABELS.findIndex(([name]) => name === step)
  return (
    <ol className="step-list" aria-label="Signup steps">
      {STEP_LABELS.map(([name, label], i) => (
        <li
          key={name}
          className={i < index ? 'done' : undefined}
          aria-current={i === index ? 'step' : undefined}
        >
          {label}
        </li>
      ))}
    </ol>
  )
}

function SignupPage() {
  const sessionKey = useLocalState('session_key')
  const queryClient = useQueryClient()
  const [notAMember, setNotAMember] = useState(false)
  if (notAMember) return <NotAMember onBack={() => setNotAMember(false)} />
  return (
    <main className="signup" aria-labelledby="signup-heading">
      <h1 id="signup-heading">Sign Up</h1>
      <div className="signup-flow">
        <Suspense fallback={<p aria-busy="true">Loading…</p>}>
          {sessionKey ? (
            <SignedInSignup />
          ) : (
            <>
              <StepList step="email" />
              <div className="signup-step">
                <h2>Confirm your e-mail</h2>
                <EmailCodeForm
                  signup
                  onLoggedIn={(key) => startSession(queryClient, key)}
                  onNotAMember={() => setNotAMember(true)}
                />
              </div>
            </>
          )}
        </Suspense>
      </div>
    </main>
  )
}

function SignedInSignup() {
  const { plan: wanted } = Route.useSearch()
  const { data: current } = useSuspenseQuery(userQueries.current())
  const { data: plans } = useSuspenseQuery(planQueries.list())
  const [orgId, setOrgId] = useState(
    () => resumableSignupOrg(current.org_list, localState.read('signup_org_id'))?.org_id,
  )
  const [planId, setPlanId] = useState(() => preselectedPlan(plans, wanted)?.plan_id)
  const org = current.org_list.find((candidate) => candidate.org_id === orgId)

  if (!org) {
    return (
      <>
        <StepList
          step={signupStep({
            loggedIn: true,
            hasOrg: false,
            planChosen: false,
            hasPaymentMethod: false,
            planSaved: false,
            hasVolume: false,
          })}
        />
        <div className="signup-step">
          <OrgStep
            onCreated={(createdId) => {
              localState.write('signup_org_id', createdId)
              setOrgId(createdId)
            }}
          />
        </div>
      </>
    )
  }
  return <OrgSignup org={org} plans={plans} planId={planId} onPlanChange={setPlanId} />
}

function OrgSignup({
  org,
  plans,
  planId,
  onPlanChange,
}: {
  org: OrgListItem
  plans: Parameters<typeof signupPlans>[0]
  planId: string | undefined
  onPlanChange: (planId: string | undefined) => void
}) {
  const router = useRouter()
  const { data: config } = useSuspenseQuery(configQueries.client())
  const { data: methods } = useSuspenseQuery(paymentMethodQueries.list(org.org_id))
  const planSaved = org.plan_id !== null
  // Volumes are asked for only once the plan is saved: before that they cannot matter.
  const volumes = useQuery({ ...volumeQueries.list(org.org_id), enabled: planSaved })
  if (planSaved && volumes.isPending) return <p aria-busy="true">Loading…</p>

  const chosen = plans.find((plan) => plan.plan_id === planId) ?? org.plan ?? undefined
  const step = signupStep({
    loggedIn: true,
    hasOrg: true,
    planChosen: chosen !== undefined || planSaved,
    hasPaymentMethod: methods.length > 0,
    planSaved,
    hasVolume: (volumes.data?.length ?? 0) > 0,
  })

  function finish() {
    // The new organization is the one to show; the signup state is done with.
    switchOrg(org.org_id)
    localState.remove('signup_org_id')
    router.history.push('/')
  }

  return (
    <>
      <StepList step={step} />
      <p className="signup-org">
        Organization: <strong>{org.org_name}</strong>
      </p>
      <div className="signup-step">
        {step === 'plan' ? (
          <PlanStep plans={signupPlans(plans)} enterprise={enterprisePlan(plans)} onChoose={onPlanChange} />
        ) : step === 'card' && chosen ? (
          <CardStep
            orgId={org.org_id}
            plan={chosen}
            publishableKey={config.stripe_publishable_key}
            onChangePlan={() => onPlanChange(undefined)}
          />
        ) : step === 'save_plan' && chosen ? (
          <SavePlanStep orgId={org.org_id} plan={chosen} />
        ) : step === 'volume' ? (
          <VolumeStep orgId={org.org_id} />
        ) : step === 'finish' ? (
          <FinishStep onFinish={finish} />
        ) : null}
      </div>
    </>
  )
}
