import { describe, expect, it } from 'vitest'
import { selfSignupPlans } from '../../src/api/plans.ts'
import { plan } from './orgFixture.ts'

describe('selfSignupPlans', () => {
  it('keeps monthly self-signup plans in order', () => {
    const plans = [
      plan('starter_month'),
      plan('starter_year', { plan_frequency: 'YEAR' }),
      plan('pro_month'),
      plan('enterprise_month', { is_self_signup: false }),
    ]
    expect(selfSignupPlans(plans).map((p) => p.plan_id)).toEqual(['starter_month', 'pro_month'])
  })
})
