// Where a download's signed addresses come from, in one place for every download queue: a member's file
// is asked of its container with the user's session (the console's download URL call), a visitor's of the
// share link it came through with the visit's link session (shareDownloadUrl), never the other way.
import { getDownloadUrls } from '../api/media.ts'
import { shareFileUrls } from '../api/shareVisit.ts'
import { ApiError } from '../api/transport.ts'
import {
  EXPIRED_LINK_MESSAGE,
  UNKNOWN_LINK_MESSAGE,
  USED_UP_LINK_MESSAGE,
  VIEW_ONLY_MESSAGE,
  VISIT_ENDED_MESSAGE,
} from '../lib/shareVisitText.ts'
import { isLinkDownload, type DownloadItem } from './downloadModel.ts'
import type { UrlFailure } from './downloadRunner.ts'

export function downloadUrlsOf(item: DownloadItem): Promise<string[]> {
  return isLinkDownload(item)
    ? shareFileUrls(item.share_token, item.link_session, item.media_id)
    : getDownloadUrls({ orgId: item.org_id, mediaGrantId: item.media_grant_id }, item.media_id)
}

/**
 * What a refused address means for the item. A share link's refusals are answered before its file is
 * looked at, and no later try would change them: the link stopped (404 unknown_link, as a revoked one
 * reads), expired or was used up (410), its visit ended (401) or it is view-only (403); each fails the item
 * with the page's words. Any other 404 is the console's: the content is not there ('Not Uploaded').
 */
export function classifyUrlError(error: unknown): UrlFailure {
  if (!(error instanceof ApiError)) return 'other'
  if (error.status === 404 && error.code === 'unknown_link') return { refused: UNKNOWN_LINK_MESSAGE }
  if (error.status === 410 && error.code === 'link_expired') return { refused: EXPIRED_LINK_MESSAGE }
  if (error.status === 410 && error.code === 'link_used_up') return { refused: USED_UP_LINK_MESSAGE }
  if (error.status === 401 && error.code === 'passphrase_required') return { refused: VISIT_ENDED_MESSAGE }
  if (error.status === 403 && error.code === 'view_only') return { refused: VIEW_ONLY_MESSAGE }
  return error.status === 404 ? 'not_found' : 'other'
}
