// What every route's loader and beforeLoad receive: the query cache and the API client. Its own module, so
// routes and the session guard can name it without importing the router (which imports every route).
import type { QueryClient } from '@tanstack/react-query'
import type { ApiClient } from '../api/client.ts'

export interface RouterContext {
  queryClient: QueryClient
  api: ApiClient
}
