// The audit trails an admin reads (specification 001, section 3): a volume's file events and the admins'
// changes, each a page at a time (infinite queries keyed by the `before` cursor the server answers).
import { infiniteQueryOptions } from '@tanstack/react-query'
import type { AdminEventListResponse, VolumeAuditResponse } from '../../server/contract/audit.ts'
import { endpoints } from '../../server/contract/endpoints.ts'
import { call } from './client.ts'

export function listVolumeAudit(
  orgId: number,
  volumeId: number,
  before: string | undefined,
): Promise<VolumeAuditResponse> {
  return call(
    endpoints.volumeAudit,
    { params: { org_id: orgId, volume_id: volumeId }, query: before === undefined ? {} : { before } },
    { retry: true },
  )
}

export function listAdminEvents(
  orgId: number,
  filter: { volume_id?: number; user_id?: number },
  before: string | undefined,
): Promise<AdminEventListResponse> {
  return call(
    endpoints.adminEventList,
    {
      params: { org_id: orgId },
      query: {
        ...(filter.volume_id === undefined ? {} : { volume_id: String(filter.volume_id) }),
        ...(filter.user_id === undefined ? {} : { user_id: String(filter.user_id) }),
        ...(before === undefined ? {} : { before }),
      },
    },
    { retry: true },
  )
}

export const auditQueries = {
  volume: (orgId: number, volumeId: number) =>
    infiniteQueryOptions({
      queryKey: ['org', orgId, 'audit_event', 'volume', volumeId],
      queryFn: ({ pageParam }) => listVolumeAudit(orgId, volumeId, pageParam),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.next_before ?? undefined,
    }),
  adminEvents: (orgId: number, filter: { volume_id?: number; user_id?: number }) =>
    infiniteQueryOptions({
      queryKey: ['org', orgId, 'admin_event', filter],
      queryFn: ({ pageParam }) => listAdminEvents(orgId, filter, pageParam),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.next_before ?? undefined,
    }),
}
