// Share links, the organization's side: a member creates a link to a file or a folder of a container they
// hold (the token is answered once: the server keeps only its hash), lists and revokes links (an admin every
// link of the organization, a member their own), and reads the organization's settings, which an admin
// changes; with query options and mutation hooks.
import { queryOptions, useMutation } from '@tanstack/react-query'
import { endpoints } from '../../server/contract/endpoints.ts'
import type {
  CreateShareLinkRequest,
  CreateShareLinkResponse,
  ShareLink,
  ShareLinkSettings,
  ShareLinkState,
  UpdateShareLinkSettingsRequest,
} from '../../server/contract/shareLink.ts'
import { call } from './client.ts'
import { useInvalidateOrg } from './invalidation.ts'

export type {
  CreateShareLinkRequest,
  CreateShareLinkResponse,
  ShareLink,
  ShareLinkSettings,
  ShareLinkState,
  UpdateShareLinkSettingsRequest,
}

export async function listShareLinks(orgId: number): Promise<ShareLink[]> {
  return (await call(endpoints.shareLinkList, { params: { org_id: orgId } }, { retry: true })).share_link_list
}

export async function createShareLink(
  orgId: number,
  mediaGrantId: number,
  request: CreateShareLinkRequest,
): Promise<CreateShareLinkResponse> {
  const params = { org_id: orgId, media_grant_id: mediaGrantId }
  return call(endpoints.shareLinkCreate, { params, body: request })
}

export async function revokeShareLink(orgId: number, shareLinkId: number): Promise<ShareLink> {
  const params = { org_id: orgId, share_link_id: shareLinkId }
  return (await call(endpoints.shareLinkRevoke, { params })).share_link
}

export async function getShareLinkSettings(orgId: number): Promise<ShareLinkSettings> {
  return (await call(endpoints.shareLinkSettings, { params: { org_id: orgId } }, { retry: true })).settings
}

export async function updateShareLinkSettings(
  orgId: number,
  changes: UpdateShareLinkSettingsRequest,
): Promise<ShareLinkSettings> {
  return (await call(endpoints.shareLinkSettingsUpdate, { params: { org_id: orgId }, body: changes }))
    .settings
}

export const shareLinkQueries = {
  list: (orgId: number) =>
    queryOptions({ queryKey: ['org', orgId, 'share_link'], queryFn: () => listShareLinks(orgId) }),
  settings: (orgId: number) =>
    queryOptions({
      queryKey: ['org', orgId, 'share_link_settings'],
      queryFn: () => getShareLinkSettings(orgId),
    }),
}

// A link shows in the list, and the settings stop or allow every link (their states change with them): each
// change below reads the organization's queries again (src/api/invalidation.ts).

export function useCreateShareLink(orgId: number, mediaGrantId: number) {
  const invalidate = useInvalidateOrg(orgId)
  return useMutation({
    mutationFn: (request: CreateShareLinkRequest) => createShareLink(orgId, mediaGrantId, request),
    onSuccess: invalidate,
  })
}

export function useRevokeShareLink(orgId: number) {
  const invalidate = useInvalidateOrg(orgId)
  return useMutation({
    mutationFn: (shareLinkId: number) => revokeShareLink(orgId, shareLinkId),
    onSuccess: invalidate,
  })
}

export function useUpdateShareLinkSettings(orgId: number) {
  const invalidate = useInvalidateOrg(orgId)
  return useMutation({
    mutationFn: (changes: UpdateShareLinkSettingsRequest) => updateShareLinkSettings(orgId, changes),
    onSuccess: invalidate,
  })
}
