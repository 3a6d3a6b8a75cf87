// Files of a container (specification 000, section 7): listing, detail, delete and undelete, folders,
// registration, download addresses and the audit trail, each with its queryOptions factory.
import { queryOptions } from '@tanstack/react-query'
import { endpoints } from '../../server/contract/endpoints.ts'
import type {
  AuditEvent,
  DirListResponse,
  Media,
  MediaDetail,
  MediaVersion,
  RegisterMediaRequest,
} from '../../server/contract/media.ts'
import { collectDownloadFiles } from '../transfers/downloadPlan.ts'
import { call } from './client.ts'

export type { AuditEvent, DirListResponse, Media, MediaDetail, MediaVersion }

/** Where a container's calls go: the organization and the grant. */
export interface GrantRef {
  orgId: number
  mediaGrantId: number
}

/** The path parameters of a container's calls. */
export function grantParams({ orgId, mediaGrantId }: GrantRef) {
  return { org_id: orgId, media_grant_id: mediaGrantId }
}

/** One directory of a container; `directory` is relative to it ('/' or '/a/b/'). */
export function listDirectory(grant: GrantRef, directory: string): Promise<DirListResponse> {
  return call(
    endpoints.dirList,
    {
      params: grantParams(grant),
      query: { prefix_path: directory, media_grant_id: String(grant.mediaGrantId) },
    },
    { retry: true },
  )
}

export async function createDirectory(grant: GrantRef, directory: string): Promise<void> {
  await call(endpoints.dirCreate, {
    params: grantParams(grant),
    body: { prefix_path: directory },
  })
}

export async function getMedia(grant: GrantRef, mediaId: number): Promise<MediaDetail> {
  const params = { ...grantParams(grant), media_id: mediaId }
  return (await call(endpoints.mediaDetail, { params }, { retry: true })).media
}

export async function deleteMedia(grant: GrantRef, mediaId: number): Promise<void> {
  await call(endpoints.mediaDelete, { params: { ...grantParams(grant), media_id: mediaId } })
}

export async function undeleteMedia(grant: GrantRef, mediaId: number): Promise<void> {
  await call(endpoints.mediaUndelete, { params: { ...grantParams(grant), media_id: mediaId } })
}

/** Registers content at a path (relative to the container); 409 different_file when another file is there. */
export async function registerMedia(grant: GrantRef, request: RegisterMediaRequest): Promise<number> {
  const answer = await call(
    endpoints.mediaRegister,
    { params: grantParams(grant), body: request },
    { retry: true },
  )
  return answer.media_id
}

/** A signed address of the current content: inline opens it in the browser, otherwise it downloads. */
export async function getDownloadUrl(grant: GrantRef, mediaId: number, inline: boolean): Promise<string> {
  const answer = await call(endpoints.mediaDownloadUrl, {
    params: { ...grantParams(grant), media_id: mediaId },
    query: { inline },
  })
  return answer.url
}

export async function getVersionDownloadUrl(
  grant: GrantRef,
  mediaVersionId: number,
  inline: boolean,
): Promise<string> {
  const answer = await call(endpoints.versionDownloadUrl, {
    params: { ...grantParams(grant), media_version_id: mediaVersionId },
    query: { inline },
  })
  return answer.url
}

export async function listMediaAudit(orgId: number, mediaId: number): Promise<AuditEvent[]> {
  return (await call(endpoints.mediaAudit, { params: { org_id: orgId, media_id: mediaId } })).audit_list
}

export const mediaQueries = {
  /** Every listing of a container: what a change in it invalidates. */
  grant: (grant: GrantRef) => ['org', grant.orgId, 'media_grant', grant.mediaGrantId] as const,
  directory: (grant: GrantRef, directory: string) =>
    queryOptions({
      queryKey: [...mediaQueries.grant(grant), 'dir', directory.toLowerCase()],
      queryFn: () => listDirectory(grant, directory),
    }),
  detail: (grant: GrantRef, mediaId: number) =>
    queryOptions({
      queryKey: [...mediaQueries.grant(grant), 'media', mediaId],
      queryFn: () => getMedia(grant, mediaId),
    }),
  /** The files a multi-download fetches: the chosen entries, folders walked to the bottom. */
  downloadFiles: (grant: GrantRef, grantPrefixPath: string, directory: string, selected: string[]) =>
    queryOptions({
      queryKey: [...mediaQueries.grant(grant), 'download_files', directory, selected],
      queryFn: () =>
        collectDownloadFiles({
          list: (folder) => listDirectory(grant, folder),
          directory,
          selected,
          grantPrefixPath,
        }),
      // Collected once per visit: a download works from the list the user saw.
      staleTime: Infinity,
      gcTime: 0,
    }),
  audit: (orgId: number, mediaId: number) =>
    queryOptions({
      queryKey: ['org', orgId, 'audit_event', 'media', mediaId],
      queryFn: () => listMediaAudit(orgId, mediaId),
    }),
}
