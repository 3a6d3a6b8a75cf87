import { QueryClient, onlineManager, type DefaultOptions } from '@tanstack/react-query'

/** Answers younger than this are used without asking the server again. */
const ONLINE_STALE_TIME_MS = 30_000

// Retries belong to the transport (src/api/transport.ts), which knows which calls the spec lets retry;
// the query layer must not retry on top of it.
function defaultOptions(online: boolean): DefaultOptions {
  return {
    // Offline, every answer the console has is good enough: a loader that would refetch a stale answer
    // would wait for the network, and its screen with it, when the answer it has could show at once.
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
 * Follows the network (TanStack Query's onlineManager, which follows the browser's online events): offline,
 * the answers at hand stand; back online, everything shown is asked again, so the screen recovers by itself.
 */
export function followNetwork(queryClient: QueryClient): () => void {
  queryClient.setDefaultOptions(defaultOptions(onlineManager.isOnline()))
  return onlineManager.subscribe((online) => {
    queryClient.setDefaultOptions(defaultOptions(online))
    if (online) void queryClient.invalidateQueries()
  })
}
