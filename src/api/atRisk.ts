// Media at risk in a volume (issue 11): the files whose content is not in the cloud yet, and among them
// those that no device seen within the last N days holds. Admins only. The query lives under the
// organization's key, so every change an admin makes there (a device disabled, a volume changed) reads it
// again.
import { queryOptions } from '@tanstack/react-query'
import type { AtRiskDevice, AtRiskFile, AtRiskResponse } from '../../server/contract/atRisk.ts'
import { endpoints } from '../../server/contract/endpoints.ts'
import { call } from './client.ts'

export type { AtRiskDevice, AtRiskFile, AtRiskResponse }

export function getVolumeAtRisk(orgId: number, volumeId: number, staleDays: number): Promise<AtRiskResponse> {
  return call(
    endpoints.volumeAtRisk,
    { params: { org_id: orgId, volume_id: volumeId }, query: { stale_days: String(staleDays) } },
    { retry: true },
  )
}

export const atRiskQueries = {
  volume: (orgId: number, volumeId: number, staleDays: number) =>
    queryOptions({
      queryKey: ['org', orgId, 'volume_at_risk', volumeId, staleDays],
      queryFn: () => getVolumeAtRisk(orgId, volumeId, staleDays),
    }),
}
