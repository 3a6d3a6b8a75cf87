// The app's query cache and its defaults, which change with the network: answers kept fresh for a while
// online, and every answer at hand good enough while the network or the server is down.
import { QueryClient, onlineManager, type DefaultOptions } from '@tanstack/react-query'
import { isServerReachable, subscribeServerReach } from '../api/serverReach.ts'

/** Answers younger than this are used without asking the server again. */
const ONLINE_STALE_TIME_MS = 30_000

// Retries belong to the transport (src/api/transport.ts), which knows which calls the spec lets retry;
// the query layer must not retry on top of it.
function defaultOptions(online: boolean): DefaultOptions {
  return {
    // Offline, or with the server out of reach, every answer the console has is good enough: a loader that
    // would refetch a stale answer would wait for the network, and its screen with it, when the answer it has
    // could show at once.
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: online ? ONLINE_STALE_TIME_MS : Infinity,
    },
    mutations: { retry: false },
  }
}

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: defaultOptions(true) })
}

/**
 * Follows the network: the browser's (TanStack Query's onlineManager, which follows its online events) and
 * whether the server answers (src/api/serverReach.ts). While either is down, the answers at hand stand; once
 * both are back, everything shown is asked again, so the screen recovers by itself.
 */
export function followNetwork(queryClient: QueryClient): () => void {
  const usable = () => onlineManager.isOnline() && isServerReachable()
  let wasUsable = usable()
  queryClient.setDefaultOptions(defaultOptions(wasUsable))
  const follow = () => {
    const nowUsable = usable()
    if (nowUsable === wasUsable) return
    wasUsable = nowUsable
    queryClient.setDefaultOptions(defaultOptions(nowUsable))
    if (nowUsable) void queryClient.invalidateQueries()
  }
  const stopOnline = onlineManager.subscribe(follow)
  const stopReach = subscribeServerReach(follow)
  return () => {
    stopOnline()
    stopReach()
  }
}
