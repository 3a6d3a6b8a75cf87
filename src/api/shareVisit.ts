// The visitor's calls of a share link (/s/1/:share_token): no session key goes with them, even when the
// browser is signed in to the console, since the token and its link session are the only keys.
import { endpoints } from '../../server/contract/endpoints.ts'
import type { ShareOpenResponse } from '../../server/contract/shareLink.ts'
import { callEndpoint, endpointPath } from './endpoint.ts'
import { trackServerReach } from './serverReach.ts'
import { createTransport } from './transport.ts'

const visitor = createTransport({ trackReach: trackServerReach })

export type ShareVisit = ShareOpenResponse

export function openShare(token: string, linkSession: string | undefined, path: string): Promise<ShareVisit> {
  return callEndpoint(
    visitor,
    endpoints.shareOpen,
    {
      params: { share_token: token },
      query: { ...(linkSession ? { link_session: linkSession } : {}), ...(path ? { path } : {}) },
    },
    { retry: true },
  )
}

export function checkSharePassphrase(token: string, passphrase: string) {
  return callEndpoint(visitor, endpoints.sharePassphrase, {
    params: { share_token: token },
    body: { passphrase },
  })
}

/** A signed URL of a shared file: inline for a player's source, otherwise one that saves it (and counts). */
export async function shareFileUrl(
  token: string,
  linkSession: string,
  mediaId: number,
  inline: boolean,
): Promise<string> {
  const answer = await callEndpoint(visitor, endpoints.shareDownloadUrl, {
    params: { share_token: token, media_id: mediaId },
    query: { link_session: linkSession, ...(inline ? { inline: 'true' } : {}) },
  })
  return answer.url
}

/**
 * The signed addresses of a shared file's content to save, one per storage host, for the download queue
 * (src/transfers/downloadAddress.ts): the first one issued in a visit counts the file against the link's
 * download limit, later ones (a retry, a resume) do not.
 */
export async function shareFileUrls(token: string, linkSession: string, mediaId: number): Promise<string[]> {
  const answer = await callEndpoint(visitor, endpoints.shareDownloadUrl, {
    params: { share_token: token, media_id: mediaId },
    query: { link_session: linkSession },
  })
  return Array.isArray(answer.urls) && answer.urls.length > 0 ? answer.urls : [answer.url]
}

/** An image source of a shared file's thumbnail: the server redirects it to a short-lived signed picture. */
export function shareThumbnailSrc(
  token: string,
  linkSession: string,
  mediaId: number,
  size: 'small' | 'large' = 'small',
): string {
  const path = endpointPath(endpoints.shareThumbnail.path, { share_token: token, media_id: mediaId })
  return `${path}?${new URLSearchParams({ link_session: linkSession, size }).toString()}`
}
