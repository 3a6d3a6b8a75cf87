// Signing out: the call goes out after 100 ms, a failure other than 403 is reported, and in every case
// the session ends here and the console returns to /.
import { useQueryClient } from '@tanstack/react-query'
import { createFileRoute, useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { logout } from '../../api/user.ts'
import { showAlert } from '../../app/dialogs.tsx'
import { endSession } from '../../app/session.ts'
import { logoutMessage } from '../../lib/messages.ts'

export const LOGOUT_DELAY_MS = 100

export const Route = createFileRoute('/_public/logout')({
  component: LogoutPage,
})

function LogoutPage() {
  const router = useRouter()
  const queryClient = useQueryClient()
  useEffect(() => {
    let cancelled = false
    const timer = setTimeout(() => {
      logout()
        .catch((error: unknown) => {
          const message = logoutMessage(error)
          if (message) showAlert(message)
        })
        .finally(() => {
          if (cancelled) return
          endSession(queryClient)
          router.history.push('/')
        })
    }, LOGOUT_DELAY_MS)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [queryClient, router])
  return (
    <main className="page-message" aria-busy="true">
      <h1>Signing out…</h1>
    </main>
  )
}
