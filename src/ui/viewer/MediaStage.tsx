// What a file looks like on screen, for the viewer and the top of the file screen: an image as its large
// derivative at once, then its original when the browser draws it; a video or a sound in the browser's
// player, from the signed inline address (the stores answer Range requests, so seeking fetches only what
// it plays), with the large derivative as the poster; and, for what the browser cannot play (ProRes, an odd
// container) or show, the poster and the media properties with a Download button where the source gives
// one. Where the file comes from is the caller's: an organization's container (its signed URLs and
// thumbnails) or a share link (the link's), passed as the inline address's query and the file's poster.
import { useQuery, type UseQueryOptions } from '@tanstack/react-query'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { formatBytes } from '../../lib/format.ts'
import { mediaInfoRows, playbackType, showsOriginalImage, type MediaInfo } from '../../lib/mediaPlayback.ts'
import type { ViewerFile } from '../../lib/viewerOrder.ts'
import { EntryIcon } from '../EntryIcon.tsx'

/** The query of a file's inline address (a player's source, an original image), from its source. */
export type InlineQuery = (fileId: number) => UseQueryOptions<string, Error, string, (string | number)[]>

/** How an image is drawn: fitted to the stage, or at a scale of its own pixels (1 is 100%). */
export type Zoom = 'fit' | number

export interface MediaStageProps {
  file: ViewerFile
  inlineQuery: InlineQuery
  /** The file's probed properties (the detail's media_info), when known. */
  info?: MediaInfo | null
  /** The image's zoom (the viewer's controls); the file screen always fits. */
  zoom?: Zoom
  onZoom?: (zoom: Zoom) => void
  /** Absent: the source gives no download (a view-only link). */
  onDownload?: () => void
  /** The player's attributes for tests and the viewer's keys. */
  className?: string
}

/** Whether this browser can play a type ('' from canPlayType is no). */
function canPlay(kind: 'video' | 'audio', type: string | undefined): boolean {
  if (!type) return false
  return document.createElement(kind).canPlayType(type) !== ''
}

function Unplayable({
  poster,
  file,
  info,
  message,
  onDownload,
}: {
  poster: ReactNode
  file: ViewerFile
  info: MediaInfo | null | undefined
  message: string
  onDownload: (() => void) | undefined
}) {
  const rows: Array<[string, string]> = [...mediaInfoRows(info), ['Size', formatBytes(file.size)]]
  if (info?.format) rows.push(['Format', info.format])
  return (
    <div className="stage-unplayable">
      <div className="stage-poster">{poster}</div>
      <div className="stage-facts">
        <p>{message}</p>
        <dl className="stage-properties" aria-label={`Properties of ${file.name}`}>
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {onDownload ? (
          <button type="button" className="button" onClick={onDownload}>
            Download
          </button>
        ) : null}
      </div>
    </div>
  )
}

/** The image: the large derivative first (fast), the original over it once loaded. */
function ImageStage({
  file,
  zoom = 'fit',
  onZoom,
  inlineUrl,
  onFailed,
}: {
  file: ViewerFile
  zoom?: Zoom
  onZoom?: (zoom: Zoom) => void
  inlineUrl: string | undefined
  onFailed: () => void
}) {
  const [originalShown, setOriginalShown] = useState(false)
  const [previewFailed, setPreviewFailed] = useState(false)
  const { name } = file
  const preview = previewFailed ? undefined : file.poster
  const original = showsOriginalImage(name) ? inlineUrl : undefined
  const scroller = useRef<HTMLDivElement>(null)
  const image = useRef<HTMLImageElement>(null)
  // The drawn image's own width in pixels, which a zoom scales.
  const [natural, setNatural] = useState(0)

  // Nothing to show at all: neither picture nor an original the browser draws.
  useEffect(() => {
    if (!preview && !showsOriginalImage(name)) onFailed()
  }, [preview, name, onFailed])

  // Ctrl and the wheel (a trackpad's pinch) zooms around the fitted or current scale.
  useEffect(() => {
    const element = scroller.current
    if (!element || !onZoom) return
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey) return
      event.preventDefault()
      const img = image.current
      if (!img || img.naturalWidth === 0) return
      const current = img.getBoundingClientRect().width / img.naturalWidth
      const next = Math.min(8, Math.max(0.05, current * Math.exp(-event.deltaY * 0.01)))
      onZoom(next)
    }
    element.addEventListener('wheel', onWheel, { passive: false })
    return () => element.removeEventListener('wheel', onWheel)
  }, [onZoom])

  const shown = originalShown && original ? original : (preview ?? original)
  const style =
    zoom === 'fit' || natural === 0
      ? undefined
      : { width: natural * zoom, maxWidth: 'none', maxHeight: 'none' }
  return (
    <div
      ref={scroller}
      className={zoom === 'fit' ? 'stage-image' : 'stage-image zoomed'}
      onClick={(event) => {
        if (!onZoom || event.target !== image.current) return
        onZoom(zoom === 'fit' ? 1 : 'fit')
      }}
    >
      {shown ? (
        <img
          ref={image}
          key={shown}
          src={shown}
          alt={name}
          style={style}
          draggable={false}
          onLoad={(event) => setNatural(event.currentTarget.naturalWidth)}
          onError={() => {
            if (shown === preview) setPreviewFailed(true)
            else if (!preview) onFailed()
          }}
        />
      ) : null}
      {/* The original loads unseen, and replaces the preview once it is whole. */}
      {original && !originalShown && shown !== original ? (
        <img
          className="stage-preload"
          src={original}
          alt=""
          aria-hidden="true"
          onLoad={() => setOriginalShown(true)}
        />
      ) : null}
    </div>
  )
}

export function MediaStage({
  file,
  inlineQuery,
  info,
  zoom,
  onZoom,
  onDownload,
  className,
}: MediaStageProps) {
  const { kind, name } = file
  const [failed, setFailed] = useState(false)
  // A new file starts afresh.
  const [shownId, setShownId] = useState(file.id)
  if (shownId !== file.id) {
    setShownId(file.id)
    setFailed(false)
  }
  const type = kind === 'video' || kind === 'audio' ? playbackType(name, info) : undefined
  const playable = (kind === 'video' || kind === 'audio') && canPlay(kind, type)
  const wantsOriginal = playable || (kind === 'image' && showsOriginalImage(name))
  const inline = useQuery({ ...inlineQuery(file.id), enabled: wantsOriginal })
  // No address to play from (the source refused it): the poster and the properties, not a wait forever.
  const unavailable = inline.isError && !(kind === 'image' && file.poster)
  const poster = file.poster
  const posterNode = poster ? <img src={poster} alt={name} /> : <EntryIcon row={{ kind: 'file', name }} />

  if (kind === 'image' && !failed && !unavailable)
    return (
      <div className={`stage ${className ?? ''}`} data-kind="image">
        <ImageStage
          key={file.id}
          file={file}
          zoom={zoom}
          onZoom={onZoom}
          inlineUrl={inline.data}
          onFailed={() => setFailed(true)}
        />
      </div>
    )
  if ((kind === 'video' || kind === 'audio') && playable && !failed && !unavailable) {
    if (!inline.data)
      return (
        <div className={`stage ${className ?? ''}`} data-kind={kind}>
          <div className="stage-poster">{posterNode}</div>
        </div>
      )
    return (
      <div className={`stage ${className ?? ''}`} data-kind={kind}>
        {kind === 'video' ? (
          <video
            key={file.id}
            className="stage-player"
            src={inline.data}
            poster={poster}
            controls
            playsInline
            preload="metadata"
            aria-label={name}
            onError={() => setFailed(true)}
          />
        ) : (
          <div className="stage-audio">
            <div className="stage-poster">{posterNode}</div>
            <audio
              key={file.id}
              className="stage-player"
              src={inline.data}
              controls
              preload="metadata"
              aria-label={name}
              onError={() => setFailed(true)}
            />
          </div>
        )}
      </div>
    )
  }
  const message =
    kind === 'video' || kind === 'audio'
      ? 'This file cannot be played in the browser.'
      : kind === 'image'
        ? 'This picture cannot be shown in the browser.'
        : 'No preview of this file.'
  return (
    <div className={`stage ${className ?? ''}`} data-kind={kind}>
      <Unplayable poster={posterNode} file={file} info={info} message={message} onDownload={onDownload} />
    </div>
  )
}
