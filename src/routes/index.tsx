// The root: home when signed in, the login otherwise. The home route verifies the session itself.
import { createFileRoute, redirect } from '@tanstack/react-router'
import { hasSessionKey } from '../app/session.ts'

export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: hasSessionKey() ? '/home' : '/login', replace: true })
  },
})
