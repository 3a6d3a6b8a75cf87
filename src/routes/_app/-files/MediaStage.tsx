// What a file looks like on screen, for the viewer and the top of the file screen: an image as its large
// derivative at once, then its original when the browser draws it; a video or a sound in the browser's
// player, from the signed inline address (the stores answer Range requests, so seeking fetches only what
// it plays), with the large derivative as the poster; and, for what the browser cannot play (ProRes, an odd
// container) or show, the poster and the media properties with a Download button.
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { mediaQueries, thumbnailUrl, type GrantRef } from '../../../api/media.ts'
import { fileKindOf } from '../../../lib/fileKinds.ts'
import { formatBytes } from '../../../lib/format.ts'
import {
  mediaInfoRows,
  playbackType,
  showsOriginalImage,
  type MediaInfo,
} from '../../../lib/mediaPlayback.ts'
import { hasThumbnail, type MediaPictures } from '../../../lib/thumbnails.ts'
import { EntryIcon } from './ListingRow.tsx'

export type StageMedia = MediaPictures & { media_id: number; file_size: number; file_hash: string }

/** How an image is drawn: fitted to the stage, or at a scale of its own pixels (1 is 100%). */
export type Zoom = 'fit' | number

export interface MediaStageProps {
  grant: GrantRef
  media: StageMedia
  name: string
  /** The file's probed properties (the detail's media_info), when known. */
  info?: MediaInfo | null
  /** The image's zoom (the viewer's controls); the file screen always fits. */
  zoom?: Zoom
  onZoom?: (zoom: Zoom) => void
  onDownload: () => void
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
  name,
  info,
  media,
  message,
  onDownload,
}: {
  poster: ReactNode
  name: string
  info: MediaInfo | null | undefined
  media: StageMedia
  message: string
  onDownload: () => void
}) {
  const rows: Array<[string, string]> = [...mediaInfoRows(info), ['Size', formatBytes(media.file_size)]]
  if (info?.format) rows.push(['Format', info.format])
  return (
    <div className="stage-unplayable">
      <div className="stage-poster">{poster}</div>
      <div className="stage-facts">
        <p>{message}</p>
        <dl className="stage-properties" aria-label={`Properties of ${name}`}>
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <button type="button" className="button" onClick={onDownload}>
          Download
        </button>
      </div>
    </div>
  )
}

/** The image: the large derivative first (fast), the original over it once loaded. */
function ImageStage({
  grant,
  media,
  name,
  zoom = 'fit',
  onZoom,
  inlineUrl,
  onFailed,
}: {
  grant: GrantRef
  media: StageMedia
  name: string
  zoom?: Zoom
  onZoom?: (zoom: Zoom) => void
  inlineUrl: string | undefined
  onFailed: () => void
}) {
  const [originalShown, setOriginalShown] = useState(false)
  const [previewFailed, setPreviewFailed] = useState(false)
  const preview = hasThumbnail(media) && !previewFailed ? thumbnailUrl(grant, media, 'large') : undefined
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
  grant,
  media,
  name,
  info,
  zoom,
  onZoom,
  onDownload,
  className,
}: MediaStageProps) {
  const kind = fileKindOf(name)
  const [failed, setFailed] = useState(false)
  // A new file starts afresh.
  const [shownId, setShownId] = useState(media.media_id)
  if (shownId !== media.media_id) {
    setShownId(media.media_id)
    setFailed(false)
  }
  const type = kind === 'video' || kind === 'audio' ? playbackType(name, info) : undefined
  const playable = (kind === 'video' || kind === 'audio') && canPlay(kind, type)
  const wantsOriginal = playable || (kind === 'image' && showsOriginalImage(name))
  const inline = useQuery({ ...mediaQueries.inlineUrl(grant, media.media_id), enabled: wantsOriginal })
  const poster = hasThumbnail(media) ? thumbnailUrl(grant, media, 'large') : undefined
  const posterNode = poster ? <img src={poster} alt={name} /> : <EntryIcon row={{ kind: 'file', name }} />

  if (kind === 'image' && !failed)
    return (
      <div className={`stage ${className ?? ''}`} data-kind="image">
        <ImageStage
          key={media.media_id}
          grant={grant}
          media={media}
          name={name}
          zoom={zoom}
          onZoom={onZoom}
          inlineUrl={inline.data}
          onFailed={() => setFailed(true)}
        />
      </div>
    )
  if ((kind === 'video' || kind === 'audio') && playable && !failed) {
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
            key={media.media_id}
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
              key={media.media_id}
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
      <Unplayable
        poster={posterNode}
        name={name}
        info={info}
        media={media}
        message={message}
        onDownload={onDownload}
      />
    </div>
  )
}
