// Who reaches the device screens (specification 001, sections 2 and 6): an admin, or a member of an
// organization that may add devices or has at least one (the sidebar's rule); anyone else sees 'Page not
// found', as for a path that does not exist. A member sees only their own devices: the server answers so.
import { notFound } from '@tanstack/react-router'
import type { OrgListItem } from '../../../api/user.ts'
import type { Session } from '../../../app/session.ts'
import { showsDevices } from '../../../lib/currentOrg.ts'

/** The current organization when its devices may be shown to this user; otherwise 'Page not found'. */
export function deviceOrg(session: Session): OrgListItem {
  const org = session.currentOrg
  if (!org || !showsDevices(org)) throw notFound()
  return org
}

/** An id of a path segment ('12'); undefined for anything else ('x', '012', '1e3'). */
export function parseId(segment: string): number | undefined {
  return /^[1-9][0-9]{0,14}$/.test(segment) ? Number(segment) : undefined
}
