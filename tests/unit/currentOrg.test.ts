import { describe, expect, it } from 'vitest'
import type { OrgListItem } from '../../server/contract/user.ts'
import { org, plan } from './orgFixture.ts'
import {
  chooseCurrentOrg,
  homeCase,
  lacksSiteOrg,
  orgSwitchAddress,
  sidebarEntries,
} from '../../src/lib/currentOrg.ts'

const [first, acme] = [org(1), org(2, { domain_prefix: 'acme' })]
const orgs = [first, acme, org(3)]

describe('chooseCurrentOrg', () => {
  it("shows the site's organization on its custom domain, whatever was saved", () => {
    expect(chooseCurrentOrg(orgs, 3, 'acme')?.org_id).toBe(2)
    expect(chooseCurrentOrg(orgs, undefined, 'acme')?.org_id).toBe(2)
    expect(chooseCurrentOrg(orgs, 99, 'acme')?.org_id).toBe(2)
  })
  it('prefers the saved organization elsewhere', () => {
    expect(chooseCurrentOrg(orgs, 3, null)?.org_id).toBe(3)
  })
  it('then the first', () => {
    expect(chooseCurrentOrg(orgs, 99, null)?.org_id).toBe(1)
    expect(chooseCurrentOrg(orgs, undefined, 'other')?.org_id).toBe(1)
    expect(chooseCurrentOrg([], 1, null)).toBeUndefined()
  })
})

describe('orgSwitchAddress', () => {
  const location = { protocol: 'https:', port: '' }
  it('switches in place on the product host', () => {
    expect(orgSwitchAddress(acme, { domainPrefix: null, domainSuffix: '.media.test', location })).toBe(
      undefined,
    )
  })
  it("switches to the site's own organization in place", () => {
    expect(orgSwitchAddress(acme, { domainPrefix: 'acme', domainSuffix: '.media.test', location })).toBe(
      undefined,
    )
  })
  it('sends another organization to its own domain, or to the product host, keeping protocol and port', () => {
    const site = {
      domainPrefix: 'acme',
      domainSuffix: '.media.test',
      location: { protocol: 'http:', port: '8080' },
    }
    expect(orgSwitchAddress(org(4, { domain_prefix: 'globex' }), site)).toBe(
      'http://globex.media.test:8080/home',
    )
    expect(orgSwitchAddress(first, site)).toBe('http://media.test:8080/home')
    expect(orgSwitchAddress(first, { ...site, location })).toBe('https://media.test/home')
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
  // The entries of a member's organization with no plan: nothing to share, no Share Links.
  const planless = (overrides: Partial<OrgListItem> = {}) => org(1, { plan_id: null, ...overrides })
  const starter = plan('starter_month')
  it('gives admins Volumes, Devices, Share Links, Users and Organization', () => {
    expect(labels(org(1, { is_admin: true }))).toEqual([
      'Home',
      'Volumes',
      'Devices',
      'Share Links',
      'Users',
      'Organization',
    ])
    // The organization's area opens on its first tab, Detail (/org).
    expect(sidebarEntries(org(1, { is_admin: true })).at(-1)).toEqual({
      label: 'Organization',
      to: '/org',
    })
    expect(labels(planless())).toEqual(['Home'])
  })
  it('gives every member of an organization with a plan Share Links, and none without one', () => {
    expect(sidebarEntries(org(1))).toEqual([
      { label: 'Home', to: '/home' },
      { label: 'Share Links', to: '/share_link' },
    ])
    expect(labels(planless({ is_admin: true }))).not.toContain('Share Links')
  })
  it('hides Share Links from a member when links are off, not from an admin, who turns them on there', () => {
    expect(sidebarEntries(org(1), true)).toEqual([{ label: 'Home', to: '/home' }])
    expect(sidebarEntries(org(1, { is_admin: true }), true).map((entry) => entry.label)).toContain(
      'Share Links',
    )
  })
  it('shows a member Devices when the org may add devices or has some', () => {
    expect(labels(org(1, { cap_add_device: true, plan: starter }))).toEqual([
      'Home',
      'Devices',
      'Share Links',
    ])
    expect(labels(planless({ device_count: 2 }))).toEqual(['Home', 'Devices'])
    // Unlimited (enterprise) counts as allowing devices.
    expect(
      labels(planless({ cap_add_device: true, plan: plan('enterprise', { max_device_count: null }) })),
    ).toEqual(['Home', 'Devices'])
  })
  it('hides Devices from a member who may not add any and has none', () => {
    expect(labels(planless({ plan: starter }))).toEqual(['Home'])
    expect(labels(planless({ cap_add_device: true, plan: plan('none', { max_device_count: 0 }) }))).toEqual([
      'Home',
    ])
    expect(labels(planless({ cap_add_device: true, plan: null }))).toEqual(['Home'])
    expect(labels(planless({ cap_add_device: true, device_count: 1, plan: null }))).toEqual([
      'Home',
      'Devices',
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
