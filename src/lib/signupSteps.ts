// The signup progression of specification 000, section 4: each step shows only once the one before it is
// done, so a person who leaves half-way comes back to the first step still missing.
import type { Plan } from '../../server/contract/plan.ts'
import type { OrgListItem } from '../../server/contract/user.ts'

export type SignupStep = 'email' | 'org' | 'plan' | 'card' | 'save_plan' | 'volume' | 'finish'

export interface SignupProgress {
  loggedIn: boolean
  hasOrg: boolean
  planChosen: boolean
  hasPaymentMethod: boolean
  planSaved: boolean
  hasVolume: boolean
}

export function signupStep(progress: SignupProgress): SignupStep {
  if (!progress.loggedIn) return 'email'
  if (!progress.hasOrg) return 'org'
  if (!progress.planChosen) return 'plan'
  if (!progress.hasPaymentMethod) return 'card'
  if (!progress.planSaved) return 'save_plan'
  if (!progress.hasVolume) return 'volume'
  return 'finish'
}

/**
 * The organization a signup resumes with: the saved one, while the user is its admin. The spec resumes an
 * organization without a plan; one whose plan is saved resumes too, at its first volume or the finish (the
 * page reads which from the server), so a reload after the plan never offers to make a second organization.
 * Finishing forgets the saved id, so a finished signup does not come back.
 */
export function resumableSignupOrg(
  orgs: readonly OrgListItem[],
  savedOrgId: number | undefined,
): OrgListItem | undefined {
  return orgs.find((org) => org.org_id === savedOrgId && org.is_admin)
}

const SIGNUP_TIERS = ['starter', 'pro', 'business'] as const

function tierOf(plan: Plan): string {
  return plan.plan_id.split('_')[0] ?? plan.plan_id
}

/** The plans a new organization chooses from: starter, pro and business, monthly and self-signup. */
export function signupPlans(plans: readonly Plan[]): Plan[] {
  return SIGNUP_TIERS.flatMap((tier) =>
    plans.filter((plan) => tierOf(plan) === tier && plan.plan_frequency === 'MONTH' && plan.is_self_signup),
  )
}

/** The Enterprise card: the monthly enterprise plan, shown with its custom price and a contact link. */
export function enterprisePlan(plans: readonly Plan[]): Plan | undefined {
  return plans.find((plan) => tierOf(plan) === 'enterprise' && plan.plan_frequency === 'MONTH')
}

/** `?plan=` names a plan by id (pro_month) or by tier (pro); only a plan one may sign up for counts. */
export function preselectedPlan(plans: readonly Plan[], wanted: string | undefined): Plan | undefined {
  if (!wanted) return undefined
  const choices = signupPlans(plans)
  return choices.find((plan) => plan.plan_id === wanted) ?? choices.find((plan) => tierOf(plan) === wanted)
}

const TIB = 1024 ** 4
const GIB = 1024 ** 3

function storageText(bytes: number): string {
  return bytes >= TIB ? `${+(bytes / TIB).toFixed(2)} TB` : `${+(bytes / GIB).toFixed(2)} GB`
}

/** A plan's limits as the plan cards list them; a missing limit means unlimited. */
export function planLimitLines(plan: Plan): string[] {
  const count = (value: number | null, one: string, many: string) =>
    value === null ? `Unlimited ${many}` : `${value} ${value === 1 ? one : many}`
  return [
    count(plan.max_user_count, 'user', 'users'),
    count(plan.max_device_count, 'device', 'devices'),
    plan.max_storage_bytes === null
      ? 'Unlimited storage'
      : `${storageText(plan.max_storage_bytes)} of storage`,
    plan.retention_days === null ? 'Custom retention' : `${plan.retention_days}-day retention`,
  ]
}
