// Who reaches an admin screen (specification 001, section 6): an admin of the current organization. Anyone
// else sees 'Page not found' inside the layout, as for a path that does not exist, so a member learns nothing
// of the admin screens. The admin area's layout route (src/routes/_app/_admin.tsx) asks here once before any
// of its screens loads, and the screens' components ask again (the session can change under an open screen).
import { notFound } from '@tanstack/react-router'
import type { RouterContext } from './routerContext.ts'
import type { Session } from './session.ts'

/** A loader's context below the signed-in area: the router's, plus the session its guard loaded. */
export type SignedInContext = RouterContext & { session: Session }

/** A loader's context inside the admin area: the signed-in one, plus the organization the admin manages. */
export type AdminContext = SignedInContext & { orgId: number }

/** The current organization's id when its user is an admin there; otherwise 'Page not found'. */
export function adminOrgId(session: Session): number {
  const org = session.currentOrg
  if (!org?.is_admin) throw notFound()
  return org.org_id
}
