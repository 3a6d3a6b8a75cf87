import { queryOptions } from '@tanstack/react-query'
import type { MediaGrant, MediaGrantListResponse } from '../../server/contract/volume.ts'
import type { Transport } from './transport.ts'

export type { MediaGrant }

/** The containers the caller holds in an organization. */
export async function listMediaGrants(api: Transport, orgId: number): Promise<MediaGrant[]> {
  return (await api.request<MediaGrantListResponse>(`/web/1/org/${orgId}/media_grant`)).media_grant_list
}

/** Every container of the organization, held or not (admins only). */
export async function listAdminMediaGrants(api: Transport, orgId: number): Promise<MediaGrant[]> {
  return (await api.request<MediaGrantListResponse>(`/org_admin/1/org/${orgId}/media_grant`)).media_grant_list
}

export const mediaGrantQueries = {
  /** The caller's containers; a user without an organization (orgId undefined) holds none, unasked. */
  list: (api: Transport, orgId: number | undefined) =>
    queryOptions({
      queryKey: ['org', orgId ?? null, 'media_grant'],
      queryFn: () => (orgId === undefined ? Promise.resolve([]) : listMediaGrants(api, orgId)),
    }),
  adminList: (api: Transport, orgId: number) =>
    queryOptions({
      queryKey: ['org', orgId, 'admin_media_grant'],
      queryFn: () => listAdminMediaGrants(api, orgId),
    }),
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
