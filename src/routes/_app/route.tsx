// The signed-in area: every screen below needs a verified session (the guard) and shares the layout. It
// joins both transfer queues, so transfers left by a closed or reloaded tab resume on any screen. A screen
// below that throws notFound() (an unknown path, a file that is not there) shows 'Page not found' inside
// the layout, the sidebar kept.
import { createFileRoute, notFound, rootRouteId } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { Layout } from '../../app/layout/Layout.tsx'
import { NotFound } from '../../app/NotFound.tsx'
import { hasSessionKey, requireSession } from '../../app/session.ts'
import { useJoinTransfers } from '../../transfers/joinTransfers.ts'

/** The route of every path no screen has (src/routes/_app/$.tsx). */
const UNKNOWN_PATH_ROUTE_ID = '/_app/$'

export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location, matches }) => {
    // An unknown path is no page of the signed-in area: a visitor without a session gets the plain
    // 'Page not found' of the root, not the login.
    if (!hasSessionKey() && matches.some((match) => match.routeId === UNKNOWN_PATH_ROUTE_ID))
      throw notFound({ routeId: rootRouteId })
    return { session: await requireSession(context, location.href) }
  },
  component: SignedInArea,
  notFoundComponent: () => (
    <SignedInArea>
      <NotFound />
    </SignedInArea>
  ),
})

function SignedInArea({ children }: { children?: ReactNode }) {
  useJoinTransfers()
  return <Layout>{children}</Layout>
}
