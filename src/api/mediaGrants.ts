// Containers (grants): the member's own list (specification 000), and the admin's list, additions and
// changes (001, sections 2 and 7), with their query options and mutation hooks.
import { queryOptions, useMutation } from '@tanstack/react-query'
import { endpoints } from '../../server/contract/endpoints.ts'
import type {
  CreateGrantRequest,
  GrantOverlapRequest,
  GrantOverlapResponse,
  UpdateGrantRequest,
} from '../../server/contract/grant.ts'
import type { MediaGrant } from '../../server/contract/volume.ts'
import { call } from './client.ts'
import { useInvalidateOrg } from './invalidation.ts'

export type { CreateGrantRequest, GrantOverlapResponse, MediaGrant, UpdateGrantRequest }

/** The containers the caller holds in an organization. */
export async function listMediaGrants(orgId: number): Promise<MediaGrant[]> {
  return (await call(endpoints.memberGrantList, { params: { org_id: orgId } }, { retry: true }))
    .media_grant_list
}

/** Every container of the organization, held or not (admins only). */
export async function listAdminMediaGrants(orgId: number): Promise<MediaGrant[]> {
  return (await call(endpoints.grantList, { params: { org_id: orgId } }, { retry: true })).media_grant_list
}

export async function createGrant(orgId: number, request: CreateGrantRequest): Promise<number> {
  return (await call(endpoints.grantCreate, { params: { org_id: orgId }, body: request })).media_grant_id
}

export function grantOverlap(orgId: number, request: GrantOverlapRequest): Promise<GrantOverlapResponse> {
  return call(endpoints.grantOverlap, { params: { org_id: orgId }, body: request })
}

export async function updateGrant(
  orgId: number,
  grantId: number,
  changes: UpdateGrantRequest,
): Promise<void> {
  await call(endpoints.grantUpdate, {
    params: { org_id: orgId, media_grant_id: grantId },
    body: changes,
  })
}

export async function deleteGrant(orgId: number, grantId: number): Promise<void> {
  await call(endpoints.grantDelete, { params: { org_id: orgId, media_grant_id: grantId } })
}

export async function setGrantUser(
  orgId: number,
  grantId: number,
  userId: number,
  holds: boolean,
): Promise<void> {
  await call(holds ? endpoints.grantAddUser : endpoints.grantRemoveUser, {
    params: { org_id: orgId, media_grant_id: grantId },
    body: { user_id: userId },
  })
}

export const mediaGrantQueries = {
  /** The caller's containers; a user without an organization (orgId undefined) holds none, unasked. */
  list: (orgId: number | undefined) =>
    queryOptions({
      queryKey: ['org', orgId ?? null, 'media_grant'],
      queryFn: () => (orgId === undefined ? Promise.resolve([]) : listMediaGrants(orgId)),
    }),
  adminList: (orgId: number) =>
    queryOptions({
      queryKey: ['org', orgId, 'admin_media_grant'],
      queryFn: () => listAdminMediaGrants(orgId),
    }),
  overlap: (orgId: number, request: GrantOverlapRequest) =>
    queryOptions({
      queryKey: ['org', orgId, 'grant_overlap', request],
      queryFn: () => grantOverlap(orgId, request),
    }),
}

// A container change shows in both lists, the users' holdings, the sidebar and the admin trail: each change
// below reads the organization's queries again (src/api/invalidation.ts).

export function useCreateGrant(orgId: number) {
  const invalidate = useInvalidateOrg(orgId)
  return useMutation({
    mutationFn: (request: CreateGrantRequest) => createGrant(orgId, request),
    onSuccess: invalidate,
  })
}

export function useUpdateGrant(orgId: number, grantId: number) {
  const invalidate = useInvalidateOrg(orgId)
  return useMutation({
    mutationFn: (changes: UpdateGrantRequest) => updateGrant(orgId, grantId, changes),
    onSuccess: invalidate,
  })
}

export function useDeleteGrant(orgId: number, grantId: number) {
  const invalidate = useInvalidateOrg(orgId)
  return useMutation({ mutationFn: () => deleteGrant(orgId, grantId), onSuccess: invalidate })
}

/** Gives a user a container, or takes it away (`holds`). */
export function useSetGrantUser(orgId: number) {
  const invalidate = useInvalidateOrg(orgId)
  return useMutation({
    mutationFn: ({ grantId, userId, holds }: { grantId: number; userId: number; holds: boolean }) =>
      setGrantUser(orgId, grantId, userId, holds),
    onSuccess: invalidate,
  })
}

/** The sidebar lists each volume once, leading to the first of the caller's containers on it. */
export function volumesOfGrants(
  grants: readonly MediaGrant[],
): Array<{ volume_name: string; grant_name: string }> {
  const seen = new Map<number, { volume_name: string; grant_name: string }>()
  for (const grant of grants) {
    if (!seen.has(grant.volume_id))
      seen.set(grant.volume_id, { volume_name: grant.volume_name, grant_name: grant.grant_name })
  }
  return [...seen.values()]
}

/** Permission lists show at most this many users or devices, then an ellipsis (001 section 9). */
export const PERMISSION_LIST_MAX = 5

/** The names a permission list shows: the first five, and whether more were left off. */
export function permissionNames(names: readonly string[]): { shown: string[]; more: boolean } {
  return { shown: names.slice(0, PERMISSION_LIST_MAX), more: names.length > PERMISSION_LIST_MAX }
}
