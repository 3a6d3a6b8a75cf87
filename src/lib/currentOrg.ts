// Which organization the console shows (specification 000, section 4): the saved one, else the one whose
// custom-domain prefix is this site's, else the first. On a custom-domain site the session is good only
// while the user belongs to that site's organization, and the site is that organization: its fixed label
// never names another one, so other organizations are reached on their own address.
import type { OrgListItem } from '../../server/contract/user.ts'

export function chooseCurrentOrg(
  orgs: readonly OrgListItem[],
  savedOrgId: number | undefined,
  domainPrefix: string | null,
): OrgListItem | undefined {
  // A saved id (a switch made earlier on this host) must not relabel a custom-domain site.
  const siteOrg = domainPrefix ? orgs.find((org) => org.domain_prefix === domainPrefix) : undefined
  return siteOrg ?? orgs.find((org) => org.org_id === savedOrgId) ?? orgs[0]
}

/** The site the console is open on: its custom-domain prefix and suffix (client config), and its URL. */
export interface SiteAddress {
  domainPrefix: string | null
  /** '.' and the base domain, as the server's config gives it. */
  domainSuffix: string
  /** The page's URL (window.location): its protocol and port are kept. */
  location: { protocol: string; port: string }
}

/**
 * Where switching to `org` happens: undefined means in place (the product's own host switches freely);
 * on a custom-domain site any other organization opens on its own address: its custom domain, or the
 * product's own host when it has none.
 */
export function orgSwitchAddress(org: OrgListItem, site: SiteAddress): string | undefined {
  if (site.domainPrefix === null || org.domain_prefix === site.domainPrefix) return undefined
  const baseDomain = site.domainSuffix.replace(/^\./, '')
  const host = org.domain_prefix ? `${org.domain_prefix}${site.domainSuffix}` : baseDomain
  const port = site.location.port ? `:${site.location.port}` : ''
  return `${site.location.protocol}//${host}${port}/home`
}

/** True when this is a custom-domain site and none of the user's organizations is its organization. */
export function lacksSiteOrg(orgs: readonly OrgListItem[], domainPrefix: string | null): boolean {
  return domainPrefix !== null && !orgs.some((org) => org.domain_prefix === domainPrefix)
}

export interface SidebarEntry {
  label: string
  to: '/home' | '/volume' | '/device' | '/share_link' | '/admin/user' | '/org'
}

/**
 * Whether Devices shows (001 sections 2 and 6): always to an admin; to a member when the organization may
 * add devices (they hold cap_add_device and the plan allows devices) or has at least one.
 */
export function showsDevices(org: OrgListItem): boolean {
  if (org.is_admin || org.device_count > 0) return true
  return org.cap_add_device && org.plan !== null && org.plan.max_device_count !== 0
}

/** The sidebar's entries for an organization (000 section 2, 001 section 6). */
export function sidebarEntries(
  org: OrgListItem | undefined,
  /** The organization has turned share links off (known from its settings; false while unknown). */
  shareLinksOff = false,
): SidebarEntry[] {
  const entries: SidebarEntry[] = [{ label: 'Home', to: '/home' }]
  if (!org) return entries
  if (org.is_admin) entries.push({ label: 'Volumes', to: '/volume' })
  if (showsDevices(org)) entries.push({ label: 'Devices', to: '/device' })
  // Everyone of an organization with a plan has files to share and their own links to see. With links off
  // a member has nothing to do there (every link is stopped, none can be made), so the entry goes; an admin
  // keeps it, since the screen is where links are turned back on.
  if (org.plan_id !== null && (org.is_admin || !shareLinksOff))
    entries.push({ label: 'Share Links', to: '/share_link' })
  // The organization's area opens on its first tab, Detail (/org).
  if (org.is_admin) entries.push({ label: 'Users', to: '/admin/user' }, { label: 'Organization', to: '/org' })
  return entries
}

export type HomeCase = 'admin_no_plan' | 'member_no_plan' | 'no_org' | 'files'

/** The four cases of the home screen (000 section 1). */
export function homeCase(org: OrgListItem | undefined): HomeCase {
  if (!org) return 'no_org'
  if (org.plan_id === null) return org.is_admin ? 'admin_no_plan' : 'member_no_plan'
  return 'files'
}
