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
