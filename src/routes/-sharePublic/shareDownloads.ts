// Download All on a share link's page: every file of the folder shown and of its subfolders, to the
// bottom (as the console's folder download walks its selection, transfers/downloadPlan.ts), put into the
// visitor's download queue (transfers/linkDownloads.ts) with the link's token and the visit's session.
// The queue's code comes in a chunk of its own, joined once the page is idle or at the first Download All,
// so a visitor who only looks carries none of it first.
import { useSyncExternalStore } from 'react'
import type { SharedMedia } from '../../../server/contract/shareLink.ts'
import type { ShareVisit } from '../../api/shareVisit.ts'
import type { CollectedFile } from '../../transfers/downloadPlan.ts'
import type { NewDownloadFile } from '../../transfers/downloadModel.ts'
import type { LinkDownloadManager } from '../../transfers/linkDownloads.ts'
import { childPath } from '../../lib/shareVisitText.ts'

/**
 * Every file under `path` (a folder of the link, '' its root), walked through the link's own listing,
 * named relative to `path` ('sub/b.txt'). A folder with no active file is not entered, as in the console.
 */
export async function collectSharedFiles(
  list: (path: string) => Promise<Pick<ShareVisit, 'media_list' | 'dir_list'>>,
  path: string,
): Promise<CollectedFile[]> {
  const found: CollectedFile[] = []
  const walk = async (folder: string): Promise<void> => {
    const listing = await list(folder)
    const take = (media: SharedMedia) =>
      found.push({
        path: `${folder.slice(path.length)}${media.name}`,
        media_id: media.media_id,
        file_size: media.file_size,
        file_hash: media.file_hash,
      })
    listing.media_list.forEach(take)
    for (const dir of listing.dir_list) if (dir.file_count > 0) await walk(childPath(folder, dir.dir_name))
  }
  await walk(path)
  return found.sort((a, b) => a.path.localeCompare(b.path))
}

/** The queue's items for collected files of a link: each one's address is asked of the link. */
export function linkDownloadFiles(
  files: readonly CollectedFile[],
  token: string,
  linkSession: string,
  newId: () => string,
): NewDownloadFile[] {
  return files.map((file) => ({ ...file, id: newId(), share_token: token, link_session: linkSession }))
}

let joined: LinkDownloadManager | undefined
const listeners = new Set<() => void>()

/** Joins the visitor's download queue (once): a queue left by a reload resumes, the panel shows it. */
export async function joinLinkDownloads(): Promise<LinkDownloadManager> {
  const { linkDownloadManager } = await import('../../transfers/linkDownloads.ts')
  if (!joined) {
    joined = linkDownloadManager()
    for (const listener of listeners) listener()
  }
  return joined
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The visitor's queue manager once this tab has joined it. */
export function useJoinedLinkDownloads(): LinkDownloadManager | undefined {
  return useSyncExternalStore(subscribe, () => joined)
}
