import { describe, expect, it } from 'vitest'
import type { OrgListItem } from '../../server/contract/user.ts'
import { org } from './orgFixture.ts'
import { chooseCurrentOrg, homeCase, lacksSiteOrg, sidebarEntries } from '../../src/lib/currentOrg.ts'

const orgs = [org(1), org(2, { domain_prefix: 'acme' }), org(3)]

describe('chooseCurrentOrg', () => {
  it('prefers the saved organization', () => {
    expect(chooseCurrentOrg(orgs, 3, 'acme')?.org_id).toBe(3)
  })
  it('then the one of the site prefix', () => {
    expect(chooseCurrentOrg(orgs, undefined, 'acme')?.org_id).toBe(2)
    expect(chooseCurrentOrg(orgs, 99, 'acme')?.org_id).toBe(2)
  })
  it('then the first', () => {
    expect(chooseCurrentOrg(orgs, 99, null)?.org_id).toBe(1)
    expect(chooseCurrentOrg(orgs, undefined, 'other')?.org_id).toBe(1)
    expect(chooseCurrentOrg([], 1, null)).toBeUndefined()
  })
})

describe('lacksSiteOrg', () => {
  it('holds only on a custom-domain site whose organization the user is not in', () => {
    expect(lacksSiteOrg(orgs, null)).toBe(false)
    expect(lacksSiteOrg(orgs, 'acme')).toBe(false)
    expect(lacksSiteOrg(orgs, 'globex')).toBe(true)
    expect(lacksSiteOrg([], 'acme')).toBe(true)
  })
})

describe('sidebarEntries', () => {
  const labels = (item: OrgListItem | undefined) => sidebarEntries(item).map((entry) => entry.label)
  it('gives admins Volumes, Users and Organization', () => {
    expect(labels(org(1, { is_admin: true }))).toEqual(['Home', 'Volumes', 'Users', 'Organization'])
    expect(labels(org(1))).toEqual(['Home'])
  })
  it('shows Devices when the org may add devices or has some', () => {
    expect(labels(org(1, { cap_add_device: true }))).toEqual(['Home', 'Devices'])
    expect(labels(org(1, { device_count: 2 }))).toEqual(['Home', 'Devices'])
    expect(labels(org(1, { is_admin: true, cap_add_device: true }))).toEqual([
      'Home',
      'Volumes',
      'Devices',
      'Users',
      'Organization',
    ])
  })
  it('gives no organization only Home', () => {
    expect(labels(undefined)).toEqual(['Home'])
  })
})

describe('homeCase', () => {
  it('tells the four cases apart', () => {
    expect(homeCase(org(1, { is_admin: true, plan_id: null }))).toBe('admin_no_plan')
    expect(homeCase(org(1, { plan_id: null }))).toBe('member_no_plan')
    expect(homeCase(undefined)).toBe('no_org')
    expect(homeCase(org(1))).toBe('files')
  })
})
