import { queryOptions, useMutation } from '@tanstack/react-query'
import { endpoints } from '../../server/contract/endpoints.ts'
import type { SetPlanRequest, UpdateOrgRequest } from '../../server/contract/org.ts'
import { localState } from '../lib/localState.ts'
import { call } from './client.ts'
import { useInvalidateCurrentUser, useInvalidateOrg } from './invalidation.ts'

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

/** An organization's name, prefix and plan show in its detail and in the user's org list (the switcher). */
function useInvalidateOrgAndUser(orgId: number) {
  const invalidateOrg = useInvalidateOrg(orgId)
  const invalidateUser = useInvalidateCurrentUser()
  return () => Promise.all([invalidateOrg(), invalidateUser()])
}

/** The new organization joins the user's list, where signup finds it. */
export function useCreateOrg() {
  const invalidate = useInvalidateCurrentUser()
  return useMutation({ mutationFn: (orgName: string) => createOrg(orgName), onSuccess: invalidate })
}

export function useUpdateOrg(orgId: number) {
  const invalidate = useInvalidateOrgAndUser(orgId)
  return useMutation({
    mutationFn: (body: UpdateOrgRequest) => updateOrg(orgId, body),
    onSuccess: invalidate,
  })
}

/** The plan's limits guard other screens, which read it from the user's org list. */
export function useChangePlan(orgId: number) {
  const invalidate = useInvalidateOrgAndUser(orgId)
  return useMutation({
    mutationFn: (request: SetPlanRequest) =>
      setOrgPlan(orgId, request.plan_id, request.accept_expire_days === true),
    onSuccess: invalidate,
  })
}

/**
 * Leaving takes the organization out of the user's list; were it the one the console showed, the console
 * chooses again (src/lib/currentOrg.ts).
 */
export function useLeaveOrg(orgId: number) {
  const invalidate = useInvalidateCurrentUser()
  return useMutation({
    mutationFn: () => leaveOrg(orgId),
    onSuccess: () => {
      if (localState.read('current_org_id') === orgId) localState.remove('current_org_id')
      return invalidate()
    },
  })
}
