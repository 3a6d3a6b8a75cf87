import { createRouter } from '@tanstack/react-router'
import { routeTree } from '../routeTree.gen.ts'
import { NotFound } from './NotFound.tsx'
import { PageSkeleton } from '../ui/Skeleton.tsx'
import { RouteError } from './RouteError.tsx'
import type { RouterContext } from './routerContext.ts'

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    // Loaders read through TanStack Query, which keeps the data fresh; the router need not cache it again.
    defaultPreloadStaleTime: 0,
    defaultNotFoundComponent: NotFound,
    defaultErrorComponent: RouteError,
    // A screen whose data takes more than a moment shows its skeleton; one that answers sooner shows none
    // (no flash), and a skeleton once shown stays long enough to be seen rather than flicker.
    defaultPendingComponent: PageSkeleton,
    defaultPendingMs: 400,
    defaultPendingMinMs: 300,
    scrollRestoration: true,
  })
}

/**
 * Starts fetching the code of the screen the page opened on, every route of it from the root down. Left to
 * itself, the router asks for a screen's chunks only once the signed-in area's guard has checked the session:
 * one round trip after another on a phone's link. Fetched now, the chunks arrive while the session is checked.
 * A chunk that fails here is asked again by the router, which reports the failure as it always does.
 */
export function preloadCurrentScreen(router: ReturnType<typeof createAppRouter>): void {
  const [routes] = router.getMatchedRoutes(router.latestLocation.pathname)
  for (const route of routes) router.loadRouteChunk(route)?.catch(() => undefined)
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
