import { Outlet, createRootRouteWithContext } from '@tanstack/react-router'
import type { RouterContext } from '../app/routerContext.ts'
import { AppFrame } from '../app/AppFrame.tsx'
import { DialogHost } from '../app/dialogs.tsx'
import { NotFound } from '../app/NotFound.tsx'
import { RouteError } from '../app/RouteError.tsx'
import { useScreenFocus } from '../app/screenFocus.ts'
import { ToastRegion } from '../ui/toasts.tsx'

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: () => (
    <AppFrame>
      <NotFound />
    </AppFrame>
  ),
  errorComponent: ({ error }) => (
    <AppFrame>
      <RouteError error={error} />
    </AppFrame>
  ),
})

function Root() {
  useScreenFocus()
  return (
    <>
      <Outlet />
      <DialogHost />
      <ToastRegion />
    </>
  )
}
