// What a link shows once open: its label and the folder's place inside it, the subfolders, and the files
// as cards with their thumbnails, the console's viewer over the folder's pictures, clips and sound (fed
// from the link: its inline addresses and thumbnails, nothing of the paths outside it), and a Download
// button each (none on a view-only link, nor in its viewer). A file's Download is its signed URL, which
// the store answers as an attachment; Download All puts the folder shown and its subfolders into the
// download queue (ShareDownloadAll.tsx).
import { queryOptions } from '@tanstack/react-query'
import { useState } from 'react'
import type { SharedMedia } from '../../../server/contract/shareLink.ts'
import { shareThumbnailSrc, type ShareVisit } from '../../api/shareVisit.ts'
import { formatBytes } from '../../lib/format.ts'
import { SHARE_PREVIEWED as PREVIEWABLE, sharedViewerFiles } from '../../lib/viewerOrder.ts'
import { Viewer } from '../../ui/viewer/Viewer.tsx'
import {
  availableUntil,
  childPath,
  filesText,
  pathCrumbs,
  USED_UP_VIEW_MESSAGE,
  VIEW_ONLY_MESSAGE,
} from '../../lib/shareVisitText.ts'
import { ShareDownloadAll } from './ShareDownloadAll.tsx'

/** How long a file's inline address is used again: the viewer going back to a file asks no new one. */
const INLINE_FRESH_MS = 10 * 60_000

/** Starts the browser's download of a signed URL (the store names the file in its answer). */
function saveUrl(url: string, name: string): void {
  const anchor = document.createElement('a')
  anchor.href = url
  anchor.download = name
  anchor.rel = 'noopener'
  document.body.append(anchor)
  anchor.click()
  anchor.remove()
}

export interface SharedFilesProps {
  token: string
  visit: ShareVisit
  linkSession: string
  fileUrl: (mediaId: number, inline: boolean) => Promise<string | undefined>
  notice: string | undefined
  openPath: (path: string) => void
}

export function SharedFiles({ token, visit, linkSession, fileUrl, notice, openPath }: SharedFilesProps) {
  const [viewing, setViewing] = useState<number>()
  const usedUp = visit.downloads_left === 0
  // Download where it would be answered: not on a view-only link, nor on one whose downloads are used up.
  const canSave = !visit.view_only && !usedUp

  const download = async (media: SharedMedia) => {
    const url = await fileUrl(media.media_id, false)
    if (url) saveUrl(url, media.name)
  }
  // The viewer gives focus back to the file's name that opened it.
  const preview = (media: SharedMedia) => setViewing(media.media_id)
  const inlineQuery = (mediaId: number) =>
    queryOptions({
      queryKey: ['share_inline', token, linkSession, mediaId],
      queryFn: async () => {
        const url = await fileUrl(mediaId, true)
        // Refused: the page says why (fileUrl's notice), the viewer shows the poster and properties.
        if (url === undefined) throw new Error('The link gave no address for this file.')
        return url
      },
      staleTime: INLINE_FRESH_MS,
      gcTime: INLINE_FRESH_MS,
      retry: false,
      refetchOnWindowFocus: false,
    })

  const crumbs = pathCrumbs(visit.path)
  const fileCount = visit.media_list.length
  return (
    <section className="share-files" aria-labelledby="share-heading">
      <div className="share-files-head">
        <div>
          <h1 id="share-heading">{visit.label}</h1>
          <p className="share-muted">
            {visit.target_kind === 'folder' ? `${filesText(fileCount)} · ` : ''}
            {availableUntil(visit.expires_at)}
          </p>
        </div>
        {canSave && (fileCount > 1 || visit.dir_list.some((dir) => dir.file_count > 0)) ? (
          <ShareDownloadAll token={token} linkSession={linkSession} path={visit.path} />
        ) : null}
      </div>
      {visit.view_only ? (
        <p className="share-note">{VIEW_ONLY_MESSAGE}</p>
      ) : usedUp ? (
        <p className="share-note">{USED_UP_VIEW_MESSAGE}</p>
      ) : null}
      <p className="share-note share-notice" role="status">
        {notice ?? ''}
      </p>
      {crumbs.length > 0 ? (
        <nav className="share-crumbs" aria-label="Folder">
          <ol>
            <li>
              <a
                href={`/s/${token}`}
                onClick={(event) => {
                  event.preventDefault()
                  openPath('')
                }}
              >
                {visit.label}
              </a>
            </li>
            {crumbs.map((crumb, index) => (
              <li key={crumb.path}>
                {index === crumbs.length - 1 ? (
                  <span aria-current="page">{crumb.name}</span>
                ) : (
                  <a
                    href={`/s/${token}?path=${encodeURIComponent(crumb.path)}`}
                    onClick={(event) => {
                      event.preventDefault()
                      openPath(crumb.path)
                    }}
                  >
                    {crumb.name}
                  </a>
                )}
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      {visit.dir_list.length > 0 ? (
        <ul className="share-folders" aria-label="Folders">
          {visit.dir_list.map((dir) => {
            const to = childPath(visit.path, dir.dir_name)
            return (
              <li key={dir.dir_name}>
                <a
                  className="share-folder"
                  href={`/s/${token}?path=${encodeURIComponent(to)}`}
                  onClick={(event) => {
                    event.preventDefault()
                    openPath(to)
                  }}
                >
                  <span className="share-folder-icon" aria-hidden="true" />
                  <span className="share-folder-name">{dir.dir_name}</span>
                  <span className="share-muted">{filesText(dir.file_count)}</span>
                </a>
              </li>
            )
          })}
        </ul>
      ) : null}
      {fileCount === 0 && visit.dir_list.length === 0 ? (
        <p className="share-empty">This folder is empty.</p>
      ) : null}
      <ul className={`share-grid${visit.target_kind === 'file' ? ' single' : ''}`} aria-label="Files">
        {visit.media_list.map((media) => {
          const canPreview = PREVIEWABLE.has(media.media_kind)
          return (
            <li key={media.media_id} className="share-item">
              <div className={`share-picture kind-${media.media_kind}`}>
                {media.thumbnail_state === 'ready' ? (
                  <img src={shareThumbnailSrc(token, linkSession, media.media_id)} alt="" loading="lazy" />
                ) : (
                  <span className="share-kind" aria-hidden="true">
                    {media.name.includes('.') ? media.name.slice(media.name.lastIndexOf('.') + 1) : 'file'}
                  </span>
                )}
                {media.media_kind === 'video' ? <span className="share-play" aria-hidden="true" /> : null}
              </div>
              <div className="share-item-info">
                {canPreview ? (
                  <button type="button" className="share-item-name" onClick={() => preview(media)}>
                    {media.name}
                  </button>
                ) : (
                  <span className="share-item-name">{media.name}</span>
                )}
                <span className="share-muted">{formatBytes(media.file_size)}</span>
              </div>
              {canSave ? (
                <button
                  type="button"
                  className="button secondary share-item-download"
                  aria-label={`Download ${media.name}`}
                  onClick={() => void download(media)}
                >
                  Download
                </button>
              ) : null}
            </li>
          )
        })}
      </ul>
      {viewing !== undefined ? (
        <Viewer
          files={sharedViewerFiles(visit.media_list, (mediaId) =>
            shareThumbnailSrc(token, linkSession, mediaId, 'large'),
          )}
          fileId={viewing}
          inlineQuery={inlineQuery}
          onDownload={
            canSave
              ? (file) => {
                  const media = visit.media_list.find((each) => each.media_id === file.id)
                  if (media) void download(media)
                }
              : undefined
          }
          onMove={setViewing}
          onClose={() => setViewing(undefined)}
        />
      ) : null}
    </section>
  )
}
