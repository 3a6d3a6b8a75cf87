// What the console does while the browser says it is online but the server does not answer (it is down, or
// the network drops connections on the way): the moment a call finds no answer (src/api/serverReach.ts), the
// saved answers of this session stand in, as they do for a page opened offline, and the console asks the
// server until it answers. Then followNetwork (src/app/queryClient.ts) asks everything shown again, and the
// line of src/app/OfflineStatus.tsx goes away, without a reload.
//
// How this meets the session rules of specification 000 (section 4, and /loading): a session is verified by
// its user answer, a 403 ends it, and a guard that cannot verify it because the server cannot be reached
// sends to /loading, told to wait forever, which retries the verification and returns to the path once the
// session is ready. All of that stays as it is (src/app/session.ts, src/routes/_public/loading.tsx). What
// the server's absence changes is only what "ready" may rest on meanwhile: the saved answer of this very
// session (same session-key fingerprint, src/app/queryPersistence.ts), exactly as when the page opens
// offline. A verification still waiting is answered with it, so a signed-in deep link shows its saved screen
// without going to /loading; with no saved answer, the guard goes to /loading as before and waits there,
// now with a line that says why, and /loading returns to the path as soon as a saved answer stands in or
// the server answers. The session is verified for real as soon as the server answers, since every answer
// shown is asked again then.
import { onlineManager, type QueryClient } from '@tanstack/react-query'
import { endpoints } from '../../server/contract/endpoints.ts'
import { call } from '../api/client.ts'
import { isServerReachable, subscribeServerReach } from '../api/serverReach.ts'
import { setRestoredAt } from './OfflineStatus.tsx'
import { restoreQueryCache } from './queryPersistence.ts'

/** How often the console asks whether the server answers again: as often as /loading retries. */
export const PROBE_INTERVAL_MS = 5_000

export function followServer(queryClient: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  let asking = false
  let stopped = false

  const askLater = () => {
    if (!stopped && !asking && timer === undefined && !isServerReachable())
      timer = setTimeout(ask, PROBE_INTERVAL_MS)
  }
  // One attempt at a time, with no retries: the interval is the back-off. The site's settings are the
  // cheapest call there is, public, and changing nothing; the transport reports its outcome.
  const ask = () => {
    timer = undefined
    asking = true
    call(endpoints.clientConfig, {})
      .catch(() => undefined)
      .finally(() => {
        asking = false
        askLater()
      })
  }

  const follow = () => {
    if (isServerReachable()) {
      clearTimeout(timer)
      timer = undefined
      return
    }
    // Not stood in if the server answered while they were read: that answer's refetches must go on.
    void restoreQueryCache(queryClient, Date.now(), () => !isServerReachable()).then((savedAt) => {
      if (savedAt !== undefined) setRestoredAt(savedAt)
    })
    askLater()
  }

  // The network coming back is the likeliest moment the server answers again: ask at once rather than at
  // the next interval. (A call cut just before the browser noticed it was offline counts as no answer, so the
  // console is often "unreachable" as well as offline, and would otherwise wait out the interval.)
  const askNowIfBack = () => {
    if (!onlineManager.isOnline() || isServerReachable() || asking) return
    clearTimeout(timer)
    ask()
  }

  const unsubscribe = subscribeServerReach(follow)
  const unsubscribeOnline = onlineManager.subscribe(askNowIfBack)
  if (!isServerReachable()) follow()
  return () => {
    stopped = true
    unsubscribe()
    unsubscribeOnline()
    clearTimeout(timer)
  }
}
