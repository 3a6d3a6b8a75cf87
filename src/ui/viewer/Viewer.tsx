// The viewer: a file on the whole screen, as a media library opens it from its grid. A modal <dialog> (the
// page behind is inert, so focus stays in it; Escape closes it and focus goes back to what opened it), with
// the file's name and place ("3 of 12"), previous and next (the buttons, and the left and right arrow keys)
// through the files in the page's order, zoom for images, and, where the source gives them, Download and a
// link to the file's screen. What it shows is src/ui/viewer/MediaStage.tsx.
//
// Where the files come from is the caller's: the console's listing passes its container's (signed URLs,
// the file's detail, the organization's download: src/routes/_app/-files/MediaViewer.tsx), a share link's
// page passes the link's (src/routes/-sharePublic/SharedFiles.tsx), with neither Download nor a file
// screen on a view-only link.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { MediaInfo } from '../../lib/mediaPlayback.ts'
import { positionOf, stepFile, type ViewerFile } from '../../lib/viewerOrder.ts'
import { AppLink } from '../AppLink.tsx'
import { MediaStage, type InlineQuery, type Zoom } from './MediaStage.tsx'

export interface ViewerProps {
  /** The files, in the page's order. */
  files: readonly ViewerFile[]
  fileId: number
  inlineQuery: InlineQuery
  /** The shown file's probed properties, where the source knows them. */
  info?: MediaInfo | null
  /** Absent: no Download (a view-only link). */
  onDownload?: (file: ViewerFile) => void
  /** The file's own screen; absent: no such link (a share link's visitor has none). */
  hrefOf?: (file: ViewerFile) => string
  onMove: (fileId: number) => void
  onClose: () => void
}

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
      <path d={d} />
    </svg>
  )
}

export function Viewer({
  files,
  fileId,
  inlineQuery,
  info,
  onDownload,
  hrefOf,
  onMove,
  onClose,
}: ViewerProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const closeButton = useRef<HTMLButtonElement>(null)
  const [zoom, setZoom] = useState<Zoom>('fit')
  const at = positionOf(files, fileId)
  const file = files[at]
  const previous = stepFile(files, fileId, -1)
  const next = stepFile(files, fileId, 1)

  // Open as a modal on mount; on unmount, focus goes back to what opened the viewer.
  useLayoutEffect(() => {
    const element = dialog.current
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (element && !element.open) element.showModal()
    closeButton.current?.focus()
    return () => {
      if (element?.open) element.close()
      if (opener?.isConnected) opener.focus()
    }
  }, [])

  // The file left the page (deleted and filtered out, gone from a shared folder): nothing to show.
  useEffect(() => {
    if (!file) onClose()
  }, [file, onClose])

  const move = useCallback(
    (to: ViewerFile | undefined) => {
      if (!to) return
      setZoom('fit')
      onMove(to.id)
    },
    [onMove],
  )

  function onKeyDown(event: React.KeyboardEvent<HTMLDialogElement>) {
    if (event.altKey || event.ctrlKey || event.metaKey) return
    const target = event.target as Element
    // A focused player or menu keeps its arrows (a player seeks with them).
    if (target.closest('video, audio, input, select, textarea')) return
    if (event.key === 'ArrowLeft') {
      event.preventDefault()
      move(previous)
    } else if (event.key === 'ArrowRight') {
      event.preventDefault()
      move(next)
    }
  }

  const download = file && onDownload ? () => onDownload(file) : undefined
  const titleId = 'viewer-title'
  return (
    <dialog
      ref={dialog}
      className="viewer"
      aria-labelledby={titleId}
      aria-modal="true"
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onKeyDown={onKeyDown}
    >
      {file ? (
        <>
          <header className="viewer-bar">
            <div className="viewer-title">
              <h2 id={titleId} title={file.name} className={file.deleted ? 'deleted' : undefined}>
                {file.name}
              </h2>
              <p className="viewer-position" aria-live="polite">
                {at + 1} of {files.length}
              </p>
            </div>
            <div className="viewer-actions">
              {file.kind === 'image' ? (
                <button
                  type="button"
                  className="viewer-button"
                  aria-label={zoom === 'fit' ? 'Actual size' : 'Fit to screen'}
                  title={zoom === 'fit' ? 'Actual size' : 'Fit to screen'}
                  onClick={() => setZoom(zoom === 'fit' ? 1 : 'fit')}
                >
                  {zoom === 'fit' ? (
                    <Icon d="M8.5 3.5a5 5 0 1 0 0 10 5 5 0 0 0 0-10zM12.2 12.2l4.3 4.3M6.5 8.5h4M8.5 6.5v4" />
                  ) : (
                    <Icon d="M3 7.5V3h4.5M17 7.5V3h-4.5M3 12.5V17h4.5M17 12.5V17h-4.5" />
                  )}
                </button>
              ) : null}
              {download ? (
                <button
                  type="button"
                  className="viewer-button"
                  aria-label="Download"
                  title="Download"
                  onClick={download}
                >
                  <Icon d="M10 3v10M5.5 8.5L10 13l4.5-4.5M4 16.5h12" />
                </button>
              ) : null}
              {hrefOf ? (
                <AppLink href={hrefOf(file)} className="viewer-button viewer-details" onNavigate={onClose}>
                  <Icon d="M10 2.5a7.5 7.5 0 1 0 0 15 7.5 7.5 0 0 0 0-15zM10 9v5M10 6.2v.1" />
                  <span className="viewer-button-label">File Details</span>
                </AppLink>
              ) : null}
              <button
                ref={closeButton}
                type="button"
                className="viewer-button"
                aria-label="Close"
                title="Close"
                onClick={onClose}
              >
                <Icon d="M5 5l10 10M15 5L5 15" />
              </button>
            </div>
          </header>
          <div className="viewer-body">
            <MediaStage
              file={file}
              inlineQuery={inlineQuery}
              info={info}
              zoom={zoom}
              onZoom={setZoom}
              onDownload={download}
              className="viewer-stage"
            />
            <button
              type="button"
              className="viewer-button viewer-step viewer-previous"
              aria-label="Previous file"
              title="Previous file"
              // Not disabled at the ends: a disabled button would drop focus out of the dialog.
              aria-disabled={!previous}
              onClick={() => move(previous)}
            >
              <Icon d="M12.5 4.5L7 10l5.5 5.5" />
            </button>
            <button
              type="button"
              className="viewer-button viewer-step viewer-next"
              aria-label="Next file"
              title="Next file"
              aria-disabled={!next}
              onClick={() => move(next)}
            >
              <Icon d="M7.5 4.5L13 10l-5.5 5.5" />
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  )
}
