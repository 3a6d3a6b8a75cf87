import type { Plan } from '../../server/contract/plan.ts'
import type { OrgListItem } from '../../server/contract/user.ts'

/** An organization of the user's list, a member's with a plan unless told otherwise. */
export function org(org_id: number, overrides: Partial<OrgListItem> = {}): OrgListItem {
  return {
    org_id,
    org_name: `Org ${org_id}`,
    is_admin: false,
    plan_id: 'starter_month',
    plan: null,
    domain_prefix: null,
    cap_add_device: false,
    cap_web_download: true,
    cap_web_upload: true,
    device_count: 0,
    ...overrides,
  }
}

/** A monthly self-signup plan with starter's limits unless told otherwise. */
export function plan(plan_id: string, overrides: Partial<Plan> = {}): Plan {
  return {
    plan_id,
    plan_name: plan_id,
    plan_frequency: 'MONTH',
    display_price: '$1',
    price_usd: 1,
    storage_usd_per_gib_month: 0.02,
    description: '',
    is_self_signup: true,
    max_user_count: 2,
    max_device_count: 2,
    max_storage_bytes: 1024 ** 4,
    retention_days: 3,
    max_org_count: 1,
    max_volume_count: null,
    default_live_expire_days: 3,
    default_dead_expire_days: 3,
    max_live_expire_days: 3,
    max_dead_expire_days: 3,
    max_min_expire_size: 10 * 1024 ** 3,
    allows_avid: false,
    ...overrides,
  }
}
