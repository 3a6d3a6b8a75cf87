import { queryOptions } from '@tanstack/react-query'
import { endpoints } from '../../server/contract/endpoints.ts'
import { callEndpoint } from './endpoint.ts'
import type { Transport } from './transport.ts'

export async function createOrg(api: Transport, org_name: string): Promise<number> {
  const answer = await callEndpoint(api, endpoints.orgCreate, { body: { org_name } })
  return answer.org_id
}

export async function getOrg(api: Transport, orgId: number) {
  return (await callEndpoint(api, endpoints.orgDetail, { params: { org_id: orgId } }, { retry: true })).org
}

export async function setOrgPlan(api: Transport, orgId: number, plan_id: string): Promise<void> {
  await callEndpoint(api, endpoints.orgSetPlan, { params: { org_id: orgId }, body: { plan_id } })
}

export async function leaveOrg(api: Transport, orgId: number): Promise<void> {
  await callEndpoint(api, endpoints.orgLeave, { params: { org_id: orgId } })
}

export const orgQueries = {
  detail: (api: Transport, orgId: number) =>
    queryOptions({ queryKey: ['org', orgId], queryFn: () => getOrg(api, orgId) }),
}
