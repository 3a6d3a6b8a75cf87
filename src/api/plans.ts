import { queryOptions } from '@tanstack/react-query'
import { endpoints } from '../../server/contract/endpoints.ts'
import type { Plan, PlanChangePreview } from '../../server/contract/plan.ts'
import { call } from './client.ts'

export type { Plan, PlanChangePreview }

export async function listPlans(): Promise<Plan[]> {
  const answer = await call(endpoints.planList, {}, { retry: true })
  return answer.plan_list
}

/** What changing the organization to the plan would do, from its state now. */
export async function previewPlanChange(orgId: number, planId: string): Promise<PlanChangePreview> {
  const answer = await call(endpoints.orgPlanPreview, {
    params: { org_id: orgId },
    query: { plan_id: planId },
  })
  return answer.preview
}

export const planQueries = {
  list: () => queryOptions({ queryKey: ['plan'], queryFn: () => listPlans(), staleTime: 60 * 60 * 1000 }),
  /** Read fresh each time a plan is picked: members, devices and volumes change meanwhile. */
  preview: (orgId: number, planId: string) =>
    queryOptions({
      queryKey: ['org', orgId, 'plan_preview', planId],
      queryFn: () => previewPlanChange(orgId, planId),
      staleTime: 0,
      gcTime: 0,
    }),
}
