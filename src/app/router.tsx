import { createRouter } from '@tanstack/react-router'
import { routeTree } from '../routeTree.gen.ts'
import { NotFound } from './NotFound.tsx'
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
    scrollRestoration: true,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
