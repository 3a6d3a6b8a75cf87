// Who reaches an admin screen (specification 001, section 6): an admin of the current organization. Anyone
// else sees 'Page not found' inside the layout, as for a path that does not exist, so a member learns nothing
// of the admin screens. The admin area's layout route (src/routes/_app/_admin.tsx) asks here once before any
// of its screens loads, and the screens' components ask again (the session can change under an open screen).
import { notFound } from '@tanstack/react-router'
import { ApiError } from '../api/transport.ts'
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

/**
 * Loader: waits for what a screen about one item of the organization reads (an app, a network store, an
 * invoice); the server's answer that the organization has no such item (404, or the statuses given) is
 * 'Page not found', as for a path that does not exist.
 */
export async function foundOrNotFound(read: Promise<unknown>, statuses: readonly number[] = [404]) {
  try {
    await read
  } catch (error) {
    if (error instanceof ApiError && statuses.includes(error.status ?? 0)) throw notFound()
    throw error
  }
}
