import { queryOptions } from '@tanstack/react-query'
import { endpoints } from '../../server/contract/endpoints.ts'
import type { Plan } from '../../server/contract/plan.ts'
import { callEndpoint } from './endpoint.ts'
import type { Transport } from './transport.ts'

export type { Plan }

export async function listPlans(api: Transport): Promise<Plan[]> {
  const answer = await callEndpoint(api, endpoints.planList, {}, { retry: true })
  return answer.plan_list
}

export const planQueries = {
  list: (api: Transport) =>
    queryOptions({ queryKey: ['plan'], queryFn: () => listPlans(api), staleTime: 60 * 60 * 1000 }),
}
