import { queryOptions } from '@tanstack/react-query'
import type { ClientConfig } from '../../server/contract/clientConfig.ts'
import { endpoints } from '../../server/contract/endpoints.ts'
import { call } from './client.ts'

export type { ClientConfig }

export function getClientConfig(): Promise<ClientConfig> {
  return call(endpoints.clientConfig, {}, { retry: true })
}

export const configQueries = {
  // The host and the server's settings do not change while the page is open.
  client: () => queryOptions({ queryKey: ['config'], queryFn: () => getClientConfig(), staleTime: Infinity }),
}
