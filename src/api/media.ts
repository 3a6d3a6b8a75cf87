// Files of a container (specification 000, section 7): listing, detail, delete and undelete, folders,
// registration, download addresses and the audit trail, each with its queryOptions factory; and the changes
// the file screens make (a folder, delete and undelete, a version restored), as mutation hooks.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { endpoints } from '../../server/contract/endpoints.ts'
import type {
  AuditEvent,
  DirListResponse,
  Media,
  MediaDetail,
  MediaVersion,
  RegisterMediaRequest,
} from '../../server/contract/media.ts'
import { runLimited } from '../lib/bulk.ts'
import { registerWithSuffix } from '../lib/restore.ts'
import { collectDownloadFiles } from '../transfers/downloadPlan.ts'
import { localState } from '../lib/localState.ts'
import type { ThumbnailSize } from '../lib/thumbnails.ts'
import { call } from './client.ts'
import { endpointPath } from './endpoint.ts'
import { buildUrl } from './transport.ts'

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

/**
 * Every signed address of the current content, one per storage host (download_url's `urls`, the same
 * content signed for each host of the store): the downloads spread over them. A server from before `urls`
 * answered `url` alone, and a console loaded from the cache may still meet one while it is upgraded.
 */
export async function getDownloadUrls(grant: GrantRef, mediaId: number): Promise<string[]> {
  const answer = await call(endpoints.mediaDownloadUrl, {
    params: { ...grantParams(grant), media_id: mediaId },
    query: { inline: false },
  })
  return Array.isArray(answer.urls) && answer.urls.length > 0 ? answer.urls : [answer.url]
}

/**
 * The address of a file's picture, for an <img>: the server answers with a redirect to the signed address of
 * the derivative (or 404 when there is none yet). The browser fetches it itself, so it carries the session
 * key as every call does.
 */
/** The address of a file's thumbnail; it names the content (v), so a new version is never an old picture. */
export function thumbnailUrl(
  grant: GrantRef,
  media: { media_id: number; file_hash: string },
  size: ThumbnailSize,
): string {
  return buildUrl(
    '',
    endpointPath(endpoints.mediaThumbnail.path, { ...grantParams(grant), media_id: media.media_id }),
    {
      size,
      v: media.file_hash.slice(0, 16),
      session_key: localState.read('session_key'),
    },
  )
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
  /**
   * The signed inline address of a file's content, for the viewer's <img>, <video> and <audio> (the stores
   * answer Range requests, so a player seeks without downloading). Kept a while under the address's
   * 15 minutes, so that going back and forth in the viewer asks for it once. Outside the container's key:
   * a change in the container must not swap the address under a playing video.
   */
  inlineUrl: (grant: GrantRef, mediaId: number) =>
    queryOptions({
      queryKey: ['inline_url', grant.orgId, grant.mediaGrantId, mediaId],
      queryFn: () => getDownloadUrl(grant, mediaId, true),
      staleTime: 10 * 60_000,
      gcTime: 10 * 60_000,
      refetchOnWindowFocus: false,
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

/** What a change in a container reads again: its listings and files. An upload's end asks for it too. */
export function useInvalidateContainer(grant: GrantRef): () => Promise<void> {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: mediaQueries.grant(grant) })
}

/** `directory` is relative to the container and ends in '/'. */
export function useCreateDirectory(grant: GrantRef) {
  const invalidate = useInvalidateContainer(grant)
  return useMutation({
    mutationFn: (directory: string) => createDirectory(grant, directory),
    onSuccess: invalidate,
  })
}

/**
 * Deletes or undeletes files, a few calls at a time (src/lib/bulk.ts): the answer says which failed, and the
 * container is read again whatever happened, since some may have succeeded.
 */
export function useSetFilesDeleted(grant: GrantRef) {
  const invalidate = useInvalidateContainer(grant)
  return useMutation({
    mutationFn: ({ mediaIds, deleted }: { mediaIds: readonly number[]; deleted: boolean }) =>
      runLimited(mediaIds, (mediaId) => (deleted ? deleteMedia : undeleteMedia)(grant, mediaId)),
    onSuccess: invalidate,
  })
}

export interface RestoreRequest {
  mediaId: number
  mediaVersionId: number
  /** The file's folder and name: the content is registered beside it under a numbered name. */
  directory: string
  name: string
}

/**
 * Restores a version to its file's folder (000 section 4). The version's content is read fresh: 'no_content'
 * when it has none to restore (or the file could not be read); a refused registration rejects.
 */
export function useRestoreVersion(grant: GrantRef) {
  const invalidate = useInvalidateContainer(grant)
  return useMutation({
    mutationFn: async (request: RestoreRequest): Promise<'restored' | 'no_content'> => {
      let content: MediaVersion | undefined
      try {
        const fresh = await getMedia(grant, request.mediaId)
        content = fresh.version_list.find((each) => each.media_version_id === request.mediaVersionId)
      } catch {
        content = undefined
      }
      if (!content?.file_hash) return 'no_content'
      const { file_hash, file_size } = content
      await registerWithSuffix(request.name, (candidate) =>
        registerMedia(grant, { media_path: `${request.directory}${candidate}`, file_hash, file_size }),
      )
      return 'restored'
    },
    onSuccess: (outcome) => (outcome === 'restored' ? invalidate() : undefined),
  })
}
