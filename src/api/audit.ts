// The audit trails an admin reads (specification 001, section 3): a volume's file events (filtered by user,
// path and time, and exported as CSV) and the admins' changes, each a page at a time (infinite queries
// keyed by the `before` cursor the server answers).
import { infiniteQueryOptions } from '@tanstack/react-query'
import type {
  AdminEventListResponse,
  VolumeAuditExportQuery,
  VolumeAuditResponse,
} from '../../server/contract/audit.ts'
import { endpoints } from '../../server/contract/endpoints.ts'
import { localState } from '../lib/localState.ts'
import { call } from './client.ts'
import { endpointPath } from './endpoint.ts'
import { buildUrl } from './transport.ts'

/** Which of a volume's events: a user, a piece of path, a time range (ISO instants, `to` exclusive). */
export interface VolumeAuditFilter {
  userId?: number
  path?: string
  from?: string
  to?: string
}

function filterQuery(filter: VolumeAuditFilter): VolumeAuditExportQuery {
  return {
    ...(filter.userId === undefined ? {} : { user_id: String(filter.userId) }),
    ...(filter.path === undefined ? {} : { path: filter.path }),
    ...(filter.from === undefined ? {} : { from: filter.from }),
    ...(filter.to === undefined ? {} : { to: filter.to }),
  }
}

export function listVolumeAudit(
  orgId: number,
  volumeId: number,
  filter: VolumeAuditFilter,
  before: string | undefined,
): Promise<VolumeAuditResponse> {
  return call(
    endpoints.volumeAudit,
    {
      params: { org_id: orgId, volume_id: volumeId },
      query: { ...filterQuery(filter), ...(before === undefined ? {} : { before }) },
    },
    { retry: true },
  )
}

/**
 * The address of the filtered trail as a CSV file. The browser fetches it itself (a download streams to
 * disk, however long the trail), so it carries the session key as every call does (000, section 9).
 */
export function volumeAuditExportUrl(orgId: number, volumeId: number, filter: VolumeAuditFilter): string {
  return buildUrl(
    '',
    endpointPath(endpoints.volumeAuditExport.path, { org_id: orgId, volume_id: volumeId }),
    {
      ...filterQuery(filter),
      session_key: localState.read('session_key'),
    },
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
  volume: (orgId: number, volumeId: number, filter: VolumeAuditFilter = {}) =>
    infiniteQueryOptions({
      queryKey: ['org', orgId, 'audit_event', 'volume', volumeId, filter],
      queryFn: ({ pageParam }) => listVolumeAudit(orgId, volumeId, filter, pageParam),
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
