import { queryOptions } from '@tanstack/react-query'
import type { CreateOrgResponse, OrgDetailResponse } from '../../server/contract/org.ts'
import type { Transport } from './transport.ts'

export async function createOrg(api: Transport, org_name: string): Promise<number> {
  const answer = await api.request<CreateOrgResponse>('/api/1/org', { method: 'POST', body: { org_name } })
  return answer.org_id
}

export async function getOrg(api: Transport, orgId: number) {
  return (await api.request<OrgDetailResponse>(`/api/1/org/${orgId}`)).org
}

export async function setOrgPlan(api: Transport, orgId: number, plan_id: string): Promise<void> {
  await api.request(`/api/1/org/${orgId}/plan`, { method: 'POST', body: { plan_id } })
}

export async function leaveOrg(api: Transport, orgId: number): Promise<void> {
  await api.request(`/api/1/org/${orgId}/leave`, { method: 'DELETE' })
}

export const orgQueries = {
  detail: (api: Transport, orgId: number) =>
    queryOptions({ queryKey: ['org', orgId], queryFn: () => getOrg(api, orgId) }),
}
