import { queryOptions } from '@tanstack/react-query'
import { endpoints } from '../../server/contract/endpoints.ts'
import type { Plan, PlanChangePreview } from '../../server/contract/plan.ts'
import { callEndpoint } from './endpoint.ts'
import type { Transport } from './transport.ts'

export type { Plan, PlanChangePreview }

export async function listPlans(api: Transport): Promise<Plan[]> {
  const answer = await callEndpoint(api, endpoints.planList, {}, { retry: true })
  return answer.plan_list
}

/** What changing the organization to the plan would do, from its state now. */
export async function previewPlanChange(
  api: Transport,
  orgId: number,
  planId: string,
): Promise<PlanChangePreview> {
  const answer = await callEndpoint(api, endpoints.orgPlanPreview, {
    params: { org_id: orgId },
    query: { plan_id: planId },
  })
  return answer.preview
}

export const planQueries = {
  list: (api: Transport) =>
    queryOptions({ queryKey: ['plan'], queryFn: () => listPlans(api), staleTime: 60 * 60 * 1000 }),
  /** Read fresh each time a plan is picked: members, devices and volumes change meanwhile. */
  preview: (api: Transport, orgId: number, planId: string) =>
    queryOptions({
      queryKey: ['org', orgId, 'plan_preview', planId],
      queryFn: () => previewPlanChange(api, orgId, planId),
      staleTime: 0,
      gcTime: 0,
    }),
}
