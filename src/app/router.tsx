import { createRouter } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import type { ApiClient } from '../api/client.ts'
import { routeTree } from '../routeTree.gen.ts'
import { NotFound } from './NotFound.tsx'
import { RouteError } from './RouteError.tsx'

export interface RouterContext {
  queryClient: QueryClient
  api: ApiClient
}

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
