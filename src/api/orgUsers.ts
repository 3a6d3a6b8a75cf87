// An organization's users as its admins manage them (specification 001, sections 2 and 7): the list,
// adding by e-mail, role and capabilities, removal, and volumes; with query options and mutation hooks.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { endpoints } from '../../server/contract/endpoints.ts'
import type { AddUserRequest, OrgUser, UpdateOrgUserRequest } from '../../server/contract/orgUser.ts'
import { call } from './client.ts'
import { useInvalidateOrg } from './invalidation.ts'

export type { AddUserRequest, OrgUser, UpdateOrgUserRequest }

export async function listOrgUsers(orgId: number): Promise<OrgUser[]> {
  return (await call(endpoints.userList, { params: { org_id: orgId } }, { retry: true })).user_list
}

export async function addOrgUser(orgId: number, request: AddUserRequest): Promise<number> {
  return (await call(endpoints.userAdd, { params: { org_id: orgId }, body: request })).user_id
}

export async function updateOrgUser(
  orgId: number,
  userId: number,
  changes: UpdateOrgUserRequest,
): Promise<void> {
  await call(endpoints.userUpdate, { params: { org_id: orgId, user_id: userId }, body: changes })
}

export async function removeOrgUser(orgId: number, userId: number): Promise<void> {
  await call(endpoints.userRemove, { params: { org_id: orgId, user_id: userId } })
}

export async function setUserVolume(
  orgId: number,
  userId: number,
  volumeId: number,
  holds: boolean,
): Promise<void> {
  await call(holds ? endpoints.userVolumeAdd : endpoints.userVolumeRemove, {
    params: { org_id: orgId, user_id: userId, volume_id: volumeId },
  })
}

export const orgUserQueries = {
  list: (orgId: number) =>
    queryOptions({ queryKey: ['org', orgId, 'user'], queryFn: () => listOrgUsers(orgId) }),
}

// A user change shows in the users list, the containers' holder lists and the admin trail: each change below
// reads the organization's queries again (src/api/invalidation.ts).

export function useAddOrgUser(orgId: number) {
  const invalidate = useInvalidateOrg(orgId)
  return useMutation({
    mutationFn: (request: AddUserRequest) => addOrgUser(orgId, request),
    onSuccess: invalidate,
  })
}

export function useUpdateOrgUser(orgId: number, userId: number) {
  const invalidate = useInvalidateOrg(orgId)
  return useMutation({
    mutationFn: (changes: UpdateOrgUserRequest) => updateOrgUser(orgId, userId, changes),
    onSuccess: invalidate,
  })
}

export function useRemoveOrgUser(orgId: number, userId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => removeOrgUser(orgId, userId),
    // The removed user's detail must not be refetched on the way back to the list: refetch lists only.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['org', orgId], refetchType: 'active' }),
  })
}

export function useSetUserVolume(orgId: number, userId: number) {
  const invalidate = useInvalidateOrg(orgId)
  return useMutation({
    mutationFn: ({ volumeId, holds }: { volumeId: number; holds: boolean }) =>
      setUserVolume(orgId, userId, volumeId, holds),
    onSuccess: invalidate,
  })
}

export type CapabilityName = 'cap_web_upload' | 'cap_web_download' | 'cap_add_device'

/** The Permissions column of the users list (001 section 2), in the spec's order and words. */
export function permissionsText(user: Pick<OrgUser, 'is_admin' | CapabilityName>): string {
  if (user.is_admin) return 'Org Admin'
  const names = [
    user.cap_web_upload ? 'Web Upload' : undefined,
    user.cap_web_download ? 'Web Download' : undefined,
    user.cap_add_device ? 'Add Devices' : undefined,
  ].filter((name): name is string => name !== undefined)
  return names.length > 0 ? names.join(', ') : 'Usage'
}
