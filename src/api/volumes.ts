// Volumes (specification 001, sections 2 and 7): the list, creating one, changing its settings; with
// their query options and the mutation hooks that invalidate what a change touches.
import { queryOptions, useMutation } from '@tanstack/react-query'
import { endpoints } from '../../server/contract/endpoints.ts'
import type { RetentionPreviewRequest, RetentionPreviewResponse } from '../../server/contract/retention.ts'
import type { UpdateVolumeRequest, Volume } from '../../server/contract/volume.ts'
import { call } from './client.ts'
import { useInvalidateOrg } from './invalidation.ts'

export type { RetentionPreviewRequest, RetentionPreviewResponse, UpdateVolumeRequest, Volume }

export async function listVolumes(orgId: number): Promise<Volume[]> {
  return (await call(endpoints.volumeList, { params: { org_id: orgId } }, { retry: true })).volume_list
}

export async function createVolume(
  orgId: number,
  volume_name: string,
  is_disabled?: boolean,
): Promise<number> {
  const answer = await call(endpoints.volumeCreate, {
    params: { org_id: orgId },
    body: { org_id: orgId, volume_name, ...(is_disabled === undefined ? {} : { is_disabled }) },
  })
  return answer.volume_id
}

export async function updateVolume(
  orgId: number,
  volumeId: number,
  changes: UpdateVolumeRequest,
): Promise<void> {
  await call(endpoints.volumeUpdate, {
    params: { org_id: orgId, volume_id: volumeId },
    body: changes,
  })
}

/** What retention settings would purge over the next 30 days (nothing changes). */
export async function previewRetention(
  orgId: number,
  volumeId: number,
  settings: RetentionPreviewRequest,
): Promise<RetentionPreviewResponse> {
  return call(endpoints.volumeRetentionPreview, {
    params: { org_id: orgId, volume_id: volumeId },
    body: settings,
  })
}

export const volumeQueries = {
  list: (orgId: number) =>
    queryOptions({ queryKey: ['org', orgId, 'volume'], queryFn: () => listVolumes(orgId) }),
  retentionPreview: (orgId: number, volumeId: number, settings: RetentionPreviewRequest) =>
    queryOptions({
      queryKey: ['org', orgId, 'retention_preview', volumeId, settings],
      queryFn: () => previewRetention(orgId, volumeId, settings),
    }),
}

// A volume's name and state show in container lists, the sidebar and the org's plan counts: each change below
// reads the organization's queries again (src/api/invalidation.ts).

export function useCreateVolume(orgId: number) {
  const invalidate = useInvalidateOrg(orgId)
  return useMutation({
    mutationFn: (request: { volume_name: string; is_disabled?: boolean }) =>
      createVolume(orgId, request.volume_name, request.is_disabled),
    onSuccess: invalidate,
  })
}

export function useUpdateVolume(orgId: number, volumeId: number) {
  const invalidate = useInvalidateOrg(orgId)
  return useMutation({
    mutationFn: (changes: UpdateVolumeRequest) => updateVolume(orgId, volumeId, changes),
    onSuccess: invalidate,
  })
}
