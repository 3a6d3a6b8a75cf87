import { describe, expect, it } from 'vitest'
import { selfSignupPlans, type Plan } from '../../src/api/plans.ts'

const plan = (plan_id: string, overrides: Partial<Plan> = {}): Plan => ({
  plan_id,
  plan_name: plan_id,
  plan_frequency: 'MONTH',
  display_price: '$1',
  description: '',
  is_self_signup: true,
  max_user_count: null,
  max_device_count: null,
  max_storage_bytes: null,
  retention_days: null,
  max_org_count: null,
  max_volume_count: null,
  ...overrides,
})

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
