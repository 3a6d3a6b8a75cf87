// A volume's usage by UTC day (issue 12): sizes, file counts and bytes per store as the daily job measured
// them, with the plan's storage limit for the forecast. Admins only. The query lives under the
// organization's key, so every change an admin makes there reads it again.
import { queryOptions } from '@tanstack/react-query'
import { endpoints } from '../../server/contract/endpoints.ts'
import type {
  OrgUsageDay,
  StoreUsageDay,
  VolumeUsageDay,
  VolumeUsageResponse,
} from '../../server/contract/usage.ts'
import type { UsageRange } from '../../server/contract/limits.ts'
import { call } from './client.ts'

export type { OrgUsageDay, StoreUsageDay, UsageRange, VolumeUsageDay, VolumeUsageResponse }

export function getVolumeUsage(
  orgId: number,
  volumeId: number,
  range: UsageRange,
): Promise<VolumeUsageResponse> {
  return call(
    endpoints.volumeUsage,
    { params: { org_id: orgId, volume_id: volumeId }, query: { range } },
    { retry: true },
  )
}

export const usageQueries = {
  volume: (orgId: number, volumeId: number, range: UsageRange) =>
    queryOptions({
      queryKey: ['org', orgId, 'volume_usage', volumeId, range],
      queryFn: () => getVolumeUsage(orgId, volumeId, range),
    }),
}
