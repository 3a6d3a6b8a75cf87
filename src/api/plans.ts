import { queryOptions } from '@tanstack/react-query'
import type { Plan, PlanListResponse } from '../../server/contract/plan.ts'
import type { Transport } from './transport.ts'

export type { Plan }

export async function listPlans(api: Transport): Promise<Plan[]> {
  const answer = await api.request<PlanListResponse>('/api/1/plan', { retry: true })
  return answer.plan_list
}

export const planQueries = {
  list: (api: Transport) =>
    queryOptions({ queryKey: ['plan'], queryFn: () => listPlans(api), staleTime: 60 * 60 * 1000 }),
}
