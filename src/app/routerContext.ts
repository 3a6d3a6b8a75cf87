// What every route's loader and beforeLoad receive: the query cache (the calls reach the transport
// themselves, src/api/client.ts). Its own module, so routes and the session guard can name it without
// importing the router (which imports every route).
import type { QueryClient } from '@tanstack/react-query'

export interface RouterContext {
  queryClient: QueryClient
}
