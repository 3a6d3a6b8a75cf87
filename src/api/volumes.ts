import { queryOptions } from '@tanstack/react-query'
import type { CreateVolumeResponse, Volume, VolumeListResponse } from '../../server/contract/volume.ts'
import type { Transport } from './transport.ts'

export type { Volume }

export async function listVolumes(api: Transport, orgId: number): Promise<Volume[]> {
  return (await api.request<VolumeListResponse>(`/api/1/org/${orgId}/volume`)).volume_list
}

export async function createVolume(api: Transport, orgId: number, volume_name: string): Promise<number> {
  const answer = await api.request<CreateVolumeResponse>(`/api/1/org/${orgId}/volume`, {
    method: 'POST',
    body: { org_id: orgId, volume_name },
  })
  return answer.volume_id
}

export const volumeQueries = {
  list: (api: Transport, orgId: number) =>
    queryOptions({ queryKey: ['org', orgId, 'volume'], queryFn: () => listVolumes(api, orgId) }),
}
