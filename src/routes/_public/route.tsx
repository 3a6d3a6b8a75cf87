// The pages outside the signed-in area (login, signup, logout, loading) share the plain frame.
import { Outlet, createFileRoute } from '@tanstack/react-router'
import { AppFrame } from '../../app/AppFrame.tsx'

export const Route = createFileRoute('/_public')({
  component: () => (
    <AppFrame>
      <Outlet />
    </AppFrame>
  ),
})
