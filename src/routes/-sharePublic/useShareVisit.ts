// The page's one load: the link's answer for a folder, with the link session kept for the tab. Plain state,
// not the console's query cache: that cache is saved for a signed-in user (app/queryPersistence.ts), and a
// link's answers and session must not be kept beyond the tab.
import { useCallback, useEffect, useState } from 'react'
import { openShare, type ShareVisit } from '../../api/shareVisit.ts'
import { keepLinkSession, readLinkSession } from '../../lib/linkSessions.ts'

export type VisitState =
  { status: 'loading' } | { status: 'ready'; visit: ShareVisit } | { status: 'failed'; error: unknown }

export function useShareVisit(token: string, path: string): { state: VisitState; reload: () => void } {
  const [state, setState] = useState<VisitState>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let current = true
    openShare(token, readLinkSession(token), path).then(
      (visit) => {
        if (visit.link_session && visit.link_session_expires_at)
          keepLinkSession(token, {
            link_session: visit.link_session,
            expires_at: visit.link_session_expires_at,
          })
        if (current) setState({ status: 'ready', visit })
      },
      (error: unknown) => {
        if (current) setState({ status: 'failed', error })
      },
    )
    return () => {
      current = false
    }
  }, [token, path, attempt])

  const reload = useCallback(() => setAttempt((n) => n + 1), [])
  return { state, reload }
}
