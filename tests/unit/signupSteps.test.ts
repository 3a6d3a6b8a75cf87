import { describe, expect, it } from 'vitest'
import type { Plan } from '../../server/contract/plan.ts'
import {
  enterprisePlan,
  planLimitLines,
  preselectedPlan,
  resumableSignupOrg,
  signupPlans,
  signupStep,
  type SignupProgress,
} from '../../src/lib/signupSteps.ts'
import { org, plan } from './orgFixture.ts'

const none: SignupProgress = {
  loggedIn: false,
  hasOrg: false,
  planChosen: false,
  hasPaymentMethod: false,
  planSaved: false,
  hasVolume: false,
}

describe('signupStep', () => {
  it('walks the steps in the order of the spec', () => {
    const order: Array<keyof SignupProgress> = [
      'loggedIn',
      'hasOrg',
      'planChosen',
      'hasPaymentMethod',
      'planSaved',
      'hasVolume',
    ]
    const seen = [signupStep(none)]
    let progress = { ...none }
    for (const done of order) {
      progress = { ...progress, [done]: true }
      seen.push(signupStep(progress))
    }
    expect(seen).toEqual(['email', 'org', 'plan', 'card', 'save_plan', 'volume', 'finish'])
  })
  it('shows a step only once the one before it is done', () => {
    expect(signupStep({ ...none, hasOrg: true, hasVolume: true })).toBe('email')
    expect(signupStep({ ...none, loggedIn: true, planChosen: true, hasPaymentMethod: true })).toBe('org')
  })
})

describe('resumableSignupOrg', () => {
  it('resumes with the saved org while the user is its admin, before and after its plan is saved', () => {
    const orgs = [
      org(1, { is_admin: true, plan_id: null }),
      org(2, { plan_id: null }),
      org(3, { is_admin: true }),
    ]
    expect(resumableSignupOrg(orgs, 1)?.org_id).toBe(1)
    expect(resumableSignupOrg(orgs, 2)).toBeUndefined() // not admin
    // The plan is saved: signup goes on to the first volume and the finish, not back to a new org.
    expect(resumableSignupOrg(orgs, 3)?.org_id).toBe(3)
    expect(resumableSignupOrg(orgs, undefined)).toBeUndefined()
  })
})

const plans = [
  plan('business_month'),
  plan('starter_month'),
  plan('starter_year', { plan_frequency: 'YEAR' }),
  plan('pro_month'),
  plan('custom_month'),
  plan('enterprise_month', { is_self_signup: false, max_user_count: null, max_storage_bytes: null }),
]

describe('plans of the signup', () => {
  it('lists starter, pro and business, monthly, in that order', () => {
    expect(signupPlans(plans).map((p) => p.plan_id)).toEqual(['starter_month', 'pro_month', 'business_month'])
    // A tier's plan that is not offered for self-signup is left out.
    const closed = plans.map((each) =>
      each.plan_id === 'pro_month' ? { ...each, is_self_signup: false } : each,
    )
    expect(signupPlans(closed).map((p) => p.plan_id)).toEqual(['starter_month', 'business_month'])
  })
  it('finds the Enterprise card', () => {
    expect(enterprisePlan(plans)?.plan_id).toBe('enterprise_month')
  })
  it('preselects by id or by tier, only among the signup plans', () => {
    expect(preselectedPlan(plans, 'pro')?.plan_id).toBe('pro_month')
    expect(preselectedPlan(plans, 'business_month')?.plan_id).toBe('business_month')
    expect(preselectedPlan(plans, 'enterprise')).toBeUndefined()
    expect(preselectedPlan(plans, 'starter_year')).toBeUndefined()
    expect(preselectedPlan(plans, undefined)).toBeUndefined()
  })
  it('states the limits, unlimited where there are none', () => {
    expect(planLimitLines(plan('starter_month'))).toEqual([
      '2 users',
      '2 devices',
      '1 TB of storage',
      '3-day retention',
    ])
    expect(planLimitLines(plans[5] as Plan).slice(0, 3)).toEqual([
      'Unlimited users',
      '2 devices',
      'Unlimited storage',
    ])
  })
})
