import { queryOptions } from '@tanstack/react-query'
import type { ClientConfig } from '../../server/contract/clientConfig.ts'
import { endpoints } from '../../server/contract/endpoints.ts'
import { callEndpoint } from './endpoint.ts'
import type { Transport } from './transport.ts'

export type { ClientConfig }

export function getClientConfig(api: Transport): Promise<ClientConfig> {
  return callEndpoint(api, endpoints.clientConfig, {}, { retry: true })
}

export const configQueries = {
  // The host and the server's settings do not change while the page is open.
  client: (api: Transport) =>
    queryOptions({ queryKey: ['config'], queryFn: () => getClientConfig(api), staleTime: Infinity }),
}
