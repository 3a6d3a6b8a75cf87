import { QueryClient } from '@tanstack/react-query'

// Retries belong to the transport (src/api/transport.ts), which knows which calls the spec lets retry;
// the query layer must not retry on top of it.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  })
}
