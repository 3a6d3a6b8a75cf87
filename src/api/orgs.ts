import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { endpoints } from '../../server/contract/endpoints.ts'
import type { SetPlanRequest, UpdateOrgRequest } from '../../server/contract/org.ts'
import { useApi } from '../app/session.ts'
import { callEndpoint } from './endpoint.ts'
import type { Transport } from './transport.ts'

export async function createOrg(api: Transport, org_name: string): Promise<number> {
  const answer = await callEndpoint(api, endpoints.orgCreate, { body: { org_name } })
  return answer.org_id
}

export async function getOrg(api: Transport, orgId: number) {
  return (await callEndpoint(api, endpoints.orgDetail, { params: { org_id: orgId } }, { retry: true })).org
}

/** Only the fields given are changed (001 section 7: POST /api/1/org/{org_id}). */
export async function updateOrg(api: Transport, orgId: number, body: UpdateOrgRequest): Promise<void> {
  await callEndpoint(api, endpoints.orgUpdate, { params: { org_id: orgId }, body })
}

/** `acceptExpireDays`: the admin saw which volumes' expiration days the change lowers (its preview). */
export async function setOrgPlan(
  api: Transport,
  orgId: number,
  plan_id: string,
  acceptExpireDays = false,
): Promise<void> {
  const body = acceptExpireDays ? { plan_id, accept_expire_days: true } : { plan_id }
  await callEndpoint(api, endpoints.orgSetPlan, { params: { org_id: orgId }, body })
}

export async function leaveOrg(api: Transport, orgId: number): Promise<void> {
  await callEndpoint(api, endpoints.orgLeave, { params: { org_id: orgId } })
}

export const orgQueries = {
  detail: (api: Transport, orgId: number) =>
    queryOptions({ queryKey: ['org', orgId], queryFn: () => getOrg(api, orgId) }),
}

/** The name and prefix show in the org detail and in the user's org list (the org switcher). */
export function useUpdateOrg(orgId: number) {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateOrgRequest) => updateOrg(api, orgId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['org', orgId] }),
        queryClient.invalidateQueries({ queryKey: ['user'] }),
      ]),
  })
}

/** The plan shows in the org detail and in the user's org list (its limits guard other screens). */
export function useChangePlan(orgId: number) {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (request: SetPlanRequest) =>
      setOrgPlan(api, orgId, request.plan_id, request.accept_expire_days === true),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['org', orgId] }),
        queryClient.invalidateQueries({ queryKey: ['user'] }),
      ]),
  })
}
