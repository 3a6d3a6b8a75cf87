import { useQuery } from '@tanstack/react-query'
import type { KeyboardEventHandler, Ref } from 'react'
import { mediaGrantQueries, volumesOfGrants } from '../../api/mediaGrants.ts'
import { shareLinkQueries } from '../../api/shareLinks.ts'
import type { OrgListItem } from '../../api/user.ts'
import { sidebarEntries } from '../../lib/currentOrg.ts'
import { localState, useLocalState } from '../../lib/localState.ts'
import { areaHref } from '../../lib/filePaths.ts'
import { AppLink } from '../../ui/AppLink.tsx'
import { VersionLabel } from '../AppFrame.tsx'
import { type Session } from '../session.ts'
import { NavIcon } from './NavIcon.tsx'
import { OrgPicker } from './OrgPicker.tsx'

/** Volume names under Home: the volumes of the containers the user holds. */
function HomeChildren({ orgId, onNavigate }: { orgId: number; onNavigate: () => void }) {
  // Not suspending: the sidebar must not wait for the list, and a failure leaves Home without children.
  const { data } = useQuery(mediaGrantQueries.list(orgId))
  const volumes = volumesOfGrants(data ?? [])
  if (volumes.length === 0) return null
  return (
    <ul className="nav-children">
      {volumes.map((volume) => (
        <li key={volume.grant_name}>
          <AppLink href={areaHref('home', volume.grant_name, '/')} onNavigate={onNavigate} matchPrefix>
            {volume.volume_name}
          </AppLink>
        </li>
      ))}
    </ul>
  )
}

/**
 * Whether the organization has turned share links off, for a member's sidebar (an admin's keeps Share
 * Links). Not suspending: the sidebar must not wait, and until the settings are known the entry stays.
 */
function useShareLinksOff(org: OrgListItem | undefined): boolean {
  const asked = org !== undefined && org.plan_id !== null && !org.is_admin
  const { data } = useQuery({ ...shareLinkQueries.settings(org?.org_id ?? 0), enabled: asked })
  return asked && data?.share_links_enabled === false
}

export interface SidebarProps {
  session: Session
  /** Open as an overlay on a narrow screen. */
  open: boolean
  /** The close button: the overlay closes and focus returns to the Menu button. */
  onClose: () => void
  /** A link was followed: the overlay closes, and focus goes to the new screen. */
  onNavigate: () => void
  /** The overlay's keys (Tab kept inside, Escape). */
  onKeyDown: KeyboardEventHandler<HTMLElement>
  ref: Ref<HTMLElement>
}

export function Sidebar({ session, open, onClose, onNavigate, onKeyDown, ref }: SidebarProps) {
  const collapsed = useLocalState('sidebar_collapsed') ?? false
  const { user, currentOrg } = session
  const showHomeChildren = currentOrg !== undefined && currentOrg.plan_id !== null
  const shareLinksOff = useShareLinksOff(currentOrg)
  return (
    <nav
      ref={ref}
      onKeyDown={onKeyDown}
      id="sidebar"
      className={`sidebar${collapsed ? ' collapsed' : ''}${open ? ' open' : ''}`}
      aria-label="Main"
      data-testid="sidebar"
    >
      <div className="sidebar-head">
        <span className="brand">Media Console</span>
        <button
          type="button"
          className="icon-button collapse-control"
          aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          aria-expanded={!collapsed}
          onClick={() => localState.write('sidebar_collapsed', !collapsed)}
        >
          <span aria-hidden="true">{collapsed ? '»' : '«'}</span>
        </button>
        <button type="button" className="icon-button close-overlay" aria-label="Close menu" onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {/* Collapsing narrows the content to its icons with CSS, on wide screens only: the narrow overlay
          always shows it whole. */}
      <div className="sidebar-content">
        <OrgPicker session={session} />
        <ul className="nav-list">
          {sidebarEntries(currentOrg, shareLinksOff).map((entry) => (
            <li key={entry.to}>
              {/* An area's entry stays current on its sub-pages (/volume/3/audit under Volumes); under Home
                  the container's own entry is the current one. */}
              <AppLink href={entry.to} onNavigate={onNavigate} matchPrefix={entry.to !== '/home'}>
                <NavIcon name={entry.to} />
                <span className="nav-label">{entry.label}</span>
              </AppLink>
              {entry.to === '/home' && showHomeChildren ? (
                <HomeChildren orgId={currentOrg.org_id} onNavigate={onNavigate} />
              ) : null}
            </li>
          ))}
        </ul>
        <div className="sidebar-foot">
          <AppLink href="/account" className="account-card" onNavigate={onNavigate}>
            <NavIcon name="/account" />
            <span className="account-text">
              {/* One line each, an ellipsis at the end of a long one; the whole in the title. */}
              {user.user_name ? (
                <span className="account-name" title={user.user_name}>
                  {user.user_name}
                </span>
              ) : null}
              <span className={user.user_name ? 'account-email' : 'account-name'} title={user.email}>
                {user.email}
              </span>
            </span>
          </AppLink>
          <VersionLabel />
        </div>
      </div>
    </nav>
  )
}
