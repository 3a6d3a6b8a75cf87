// A shared picture, clip or sound shown large, from the link's inline URL (the only form a view-only link
// gives). A modal dialog: Escape and Close end it, and focus goes back to the file that opened it.
import { useEffect, useRef, useState } from 'react'
import type { SharedMedia } from '../../../server/contract/shareLink.ts'

export interface SharePreviewProps {
  media: SharedMedia
  poster: string | undefined
  inlineUrl: () => Promise<string | undefined>
  onDownload: (() => void) | undefined
  onClose: () => void
}

export function SharePreview({ media, poster, inlineUrl, onDownload, onClose }: SharePreviewProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const [src, setSrc] = useState<string>()

  useEffect(() => {
    dialog.current?.showModal()
  }, [])

  useEffect(() => {
    let current = true
    void inlineUrl().then((url) => {
      if (current) setSrc(url)
    })
    return () => {
      current = false
    }
    // One URL per file shown: inlineUrl is made anew on every render of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [media.media_id])

  return (
    <dialog ref={dialog} className="share-preview" aria-label={media.name} onClose={onClose}>
      <div className="share-preview-bar">
        <h2>{media.name}</h2>
        {onDownload ? (
          <button type="button" className="button secondary" onClick={onDownload}>
            Download
          </button>
        ) : null}
        <button type="button" className="button secondary" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>
      <div className="share-preview-stage">
        {src === undefined ? (
          <p className="share-muted">Loading…</p>
        ) : media.media_kind === 'video' ? (
          <video src={src} poster={poster} controls autoPlay playsInline />
        ) : media.media_kind === 'audio' ? (
          <audio src={src} controls autoPlay />
        ) : (
          <img src={src} alt={media.name} />
        )}
      </div>
    </dialog>
  )
}
