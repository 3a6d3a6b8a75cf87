// Waits for the session to be verified, then returns to the path that sent here. Told to wait forever,
// it keeps trying while the server cannot be reached.
import { useQueryClient } from '@tanstack/react-query'
import { createFileRoute, useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { ApiError } from '../../api/transport.ts'
import { userQueries } from '../../api/user.ts'
import { endSession } from '../../app/session.ts'
import { safeReturnPath } from '../../lib/links.ts'

const RETRY_INTERVAL_MS = 5_000

export interface LoadingSearch {
  redirect?: string
  forever?: boolean
}

export const Route = createFileRoute('/_public/loading')({
  validateSearch: (search: Record<string, unknown>): LoadingSearch => ({
    ...(typeof search.redirect === 'string' ? { redirect: search.redirect } : {}),
    ...(search.forever === true || search.forever === 'true' ? { forever: true } : {}),
  }),
  component: LoadingPage,
})

function LoadingPage() {
  const { redirect, forever } = Route.useSearch()
  const router = useRouter()
  const queryClient = useQueryClient()
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    let stopped = false
    const target = safeReturnPath(redirect) ?? '/'
    const attempt = () => {
      queryClient.fetchQuery(userQueries.current()).then(
        () => {
          if (!stopped) router.history.replace(target)
        },
        (error: unknown) => {
          if (stopped) return
          if (error instanceof ApiError && error.status === 403) {
            endSession(queryClient)
            return router.history.replace('/login')
          }
          if (forever) timer = setTimeout(attempt, RETRY_INTERVAL_MS)
          else router.history.replace(target)
        },
      )
    }
    attempt()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [forever, queryClient, redirect, router])
  return (
    <main className="page-message" aria-busy="true">
      <h1>Loading…</h1>
    </main>
  )
}
