import { Outlet, createRootRouteWithContext } from '@tanstack/react-router'
import type { RouterContext } from '../app/router.tsx'
import { AppFrame } from '../app/AppFrame.tsx'
import { NotFound } from '../app/NotFound.tsx'
import { RouteError } from '../app/RouteError.tsx'

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <AppFrame>
      <Outlet />
    </AppFrame>
  ),
  notFoundComponent: NotFound,
  errorComponent: RouteError,
})
