import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { endpoints } from '../../server/contract/endpoints.ts'
import type { SetPlanRequest, UpdateOrgRequest } from '../../server/contract/org.ts'
import { call } from './client.ts'

export async function createOrg(org_name: string): Promise<number> {
  const answer = await call(endpoints.orgCreate, { body: { org_name } })
  return answer.org_id
}

export async function getOrg(orgId: number) {
  return (await call(endpoints.orgDetail, { params: { org_id: orgId } }, { retry: true })).org
}

/** Only the fields given are changed (001 section 7: POST /api/1/org/{org_id}). */
export async function updateOrg(orgId: number, body: UpdateOrgRequest): Promise<void> {
  await call(endpoints.orgUpdate, { params: { org_id: orgId }, body })
}

/** `acceptExpireDays`: the admin saw which volumes' expiration days the change lowers (its preview). */
export async function setOrgPlan(orgId: number, plan_id: string, acceptExpireDays = false): Promise<void> {
  const body = acceptExpireDays ? { plan_id, accept_expire_days: true } : { plan_id }
  await call(endpoints.orgSetPlan, { params: { org_id: orgId }, body })
}

export async function leaveOrg(orgId: number): Promise<void> {
  await call(endpoints.orgLeave, { params: { org_id: orgId } })
}

export const orgQueries = {
  detail: (orgId: number) => queryOptions({ queryKey: ['org', orgId], queryFn: () => getOrg(orgId) }),
}

/** The name and prefix show in the org detail and in the user's org list (the org switcher). */
export function useUpdateOrg(orgId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateOrgRequest) => updateOrg(orgId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['org', orgId] }),
        queryClient.invalidateQueries({ queryKey: ['user'] }),
      ]),
  })
}

/** The plan shows in the org detail and in the user's org list (its limits guard other screens). */
export function useChangePlan(orgId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (request: SetPlanRequest) =>
      setOrgPlan(orgId, request.plan_id, request.accept_expire_days === true),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['org', orgId] }),
        queryClient.invalidateQueries({ queryKey: ['user'] }),
      ]),
  })
}
