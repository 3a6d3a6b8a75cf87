// The console's viewer of a directory: src/ui/viewer/Viewer.tsx fed from the container the listing shows,
// its files in the listing's order with their large thumbnails, the signed inline address of each, the
// shown file's properties (its detail), the organization's Download (refused in words where the role may
// not), and a link to the file's screen.
import { useQuery } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import { mediaQueries, thumbnailUrl } from '../../../api/media.ts'
import { showAlert } from '../../../app/dialogs.tsx'
import { refusalOf } from '../../../lib/fileCapabilities.ts'
import { hasThumbnail } from '../../../lib/thumbnails.ts'
import { listingViewerFiles, type FileRow, type ViewerFile } from '../../../lib/viewerOrder.ts'
import { Viewer } from '../../../ui/viewer/Viewer.tsx'
import type { OpenGrant } from './openGrant.ts'
import { downloadFile } from './transfer.ts'

export interface MediaViewerProps {
  openGrant: OpenGrant
  /** The directory's files, in the listing's order. */
  files: readonly FileRow[]
  mediaId: number
  hrefOf: (row: FileRow) => string
  onMove: (mediaId: number) => void
  onClose: () => void
}

export default function MediaViewer({
  openGrant,
  files: rows,
  mediaId,
  hrefOf,
  onMove,
  onClose,
}: MediaViewerProps) {
  const { org, ref } = openGrant
  const files = useMemo(
    () =>
      listingViewerFiles(rows, (row) =>
        hasThumbnail(row.media) ? thumbnailUrl(ref, row.media, 'large') : undefined,
      ),
    [rows, ref],
  )
  const shown = rows.some((row) => row.media.media_id === mediaId)
  const detail = useQuery({ ...mediaQueries.detail(ref, mediaId), enabled: shown })
  const inlineQuery = useCallback((id: number) => mediaQueries.inlineUrl(ref, id), [ref])

  function download(file: ViewerFile) {
    const refusal = refusalOf(org, 'download')
    if (refusal) return showAlert(refusal)
    void downloadFile(ref, { mediaId: file.id })
  }

  function fileHref(file: ViewerFile) {
    const row = rows.find((each) => each.media.media_id === file.id)
    return row ? hrefOf(row) : ''
  }

  return (
    <Viewer
      files={files}
      fileId={mediaId}
      inlineQuery={inlineQuery}
      info={detail.data?.media_info}
      onDownload={download}
      hrefOf={fileHref}
      onMove={onMove}
      onClose={onClose}
    />
  )
}
