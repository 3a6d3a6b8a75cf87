// The screens of the signup steps after the e-mail one. Each does one thing and reports back; the page
// decides which one shows (src/lib/signupSteps.ts). Each opens with its own heading, where focus lands when
// the step before gives way to it (src/app/screenFocus.ts); so no field takes focus of its own.
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useChangePlan, useCreateOrg } from '../../../api/orgs.ts'
import { useAddPaymentMethod } from '../../../api/paymentMethods.ts'
import type { Plan } from '../../../api/plans.ts'
import { useCreateVolume } from '../../../api/volumes.ts'
import {
  SAVE_PLAN_FAILED_MESSAGE,
  addCardMessage,
  createOrgMessage,
  createVolumeMessage,
} from '../../../lib/messages.ts'
import { planLimitLines } from '../../../lib/signupSteps.ts'
import { INVALID_VOLUME_NAME_MESSAGE, isValidOrgName, isValidVolumeName } from '../../../lib/validation.ts'
import { FormError } from '../../../ui/FormError.tsx'
import { TextField } from '../../../ui/Field.tsx'
import { CardForm } from '../../../ui/CardForm.tsx'
import { ContactSalesLink, PlanCard } from '../../../ui/PlanCard.tsx'

export function OrgStep({ onCreated }: { onCreated: (orgId: number) => void }) {
  const [name, setName] = useState('')
  const [error, setError] = useState<string>()
  const create = useCreateOrg()
  function submit(event: FormEvent) {
    event.preventDefault()
    setError(undefined)
    create.mutate(name.trim(), {
      onSuccess: onCreated,
      onError: (failure) => setError(createOrgMessage(failure)),
    })
  }
  return (
    <form className="form" onSubmit={submit}>
      <h2>Name your organization</h2>
      <TextField label="Organization Name" name="org_name" value={name} onChange={setName} />
      <FormError message={error} />
      <button type="submit" className="button" disabled={!isValidOrgName(name) || create.isPending}>
        Create Organization
      </button>
    </form>
  )
}

export function PlanStep({
  plans,
  enterprise,
  onChoose,
}: {
  plans: Plan[]
  enterprise: Plan | undefined
  onChoose: (planId: string) => void
}) {
  return (
    <section aria-labelledby="plans-heading">
      <h2 id="plans-heading">Choose a plan</h2>
      <ul className="plan-cards">
        {plans.map((plan) => (
          <PlanCard key={plan.plan_id} plan={plan} limits={planLimitLines(plan)}>
            <button
              type="button"
              className="button"
              aria-label={`Choose ${plan.plan_name}`}
              onClick={() => onChoose(plan.plan_id)}
            >
              Choose
            </button>
          </PlanCard>
        ))}
        {enterprise ? (
          <PlanCard plan={enterprise} limits={['Unlimited users, devices and storage']}>
            <ContactSalesLink />
          </PlanCard>
        ) : null}
      </ul>
    </section>
  )
}

export function CardStep({
  orgId,
  plan,
  publishableKey,
  onChangePlan,
}: {
  orgId: number
  plan: Plan
  publishableKey: string | null
  onChangePlan: () => void
}) {
  const [error, setError] = useState<string>()
  const add = useAddPaymentMethod(orgId)
  return (
    <section aria-labelledby="card-heading">
      <h2 id="card-heading">Confirm your plan and add a card</h2>
      <div className="plan-summary" data-testid="plan-summary">
        <strong>{plan.plan_name}</strong> <span className="plan-price">{plan.display_price}</span>
        <button type="button" className="button link" onClick={onChangePlan}>
          Change Plan
        </button>
      </div>
      <CardForm
        publishableKey={publishableKey}
        pending={add.isPending}
        error={error}
        onPaymentMethod={(id) => {
          setError(undefined)
          add.mutate(id, { onError: (failure) => setError(addCardMessage(failure)) })
        }}
      />
    </section>
  )
}

/** Saves the chosen plan as soon as the card is there; on failure the user may try again. */
export function SavePlanStep({ orgId, plan }: { orgId: number; plan: Plan }) {
  const save = useChangePlan(orgId)
  const started = useRef(false)
  const { mutate } = save
  useEffect(() => {
    if (started.current) return
    started.current = true
    mutate({ plan_id: plan.plan_id })
  }, [mutate, plan.plan_id])
  return (
    <section aria-labelledby="save-plan-heading">
      <h2 id="save-plan-heading">Saving your plan</h2>
      {save.isError ? (
        <>
          <FormError message={SAVE_PLAN_FAILED_MESSAGE} />
          <button type="button" className="button" onClick={() => save.mutate({ plan_id: plan.plan_id })}>
            Save Plan
          </button>
        </>
      ) : (
        <p aria-busy="true">Starting the {plan.plan_name} plan…</p>
      )}
    </section>
  )
}

export function VolumeStep({ orgId }: { orgId: number }) {
  const [name, setName] = useState('')
  const [error, setError] = useState<string>()
  // Creating a volume also creates its container, held by its creator: both lists are read again.
  const create = useCreateVolume(orgId)
  function submit(event: FormEvent) {
    event.preventDefault()
    const volumeName = name.trim()
    if (!isValidVolumeName(volumeName)) return setError(INVALID_VOLUME_NAME_MESSAGE)
    setError(undefined)
    create.mutate(
      { volume_name: volumeName },
      { onError: (failure) => setError(createVolumeMessage(failure, INVALID_VOLUME_NAME_MESSAGE)) },
    )
  }
  return (
    <form className="form" onSubmit={submit}>
      <h2>Name your first volume</h2>
      <TextField label="Volume Name" name="volume_name" value={name} onChange={setName} />
      <FormError message={error} />
      <button type="submit" className="button" disabled={name.trim() === '' || create.isPending}>
        Create Volume
      </button>
    </form>
  )
}

export function FinishStep({ onFinish }: { onFinish: () => void }) {
  return (
    <section aria-labelledby="finish-heading">
      <h2 id="finish-heading">You’re all set</h2>
      <p>Your organization, plan and first volume are ready.</p>
      <button type="button" className="button" onClick={onFinish}>
        Finish
      </button>
    </section>
  )
}
