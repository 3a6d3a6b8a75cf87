// The shared files as compact rows under their count and total size: a thumbnail for pictures (from the kept
// file itself, through an object URL made while the picture shows), an icon for other kinds, the name
// (ellipsized, whole in its title) over a second line with the size and the kind.
import { useCallback } from 'react'
import { formatBytes } from '../../../lib/format.ts'

/**
 * A picture's own bytes as its thumbnail: the object URL lives as long as the image element (a ref with a
 * cleanup, so a remount makes a new one rather than showing a revoked URL).
 */
function Thumbnail({ file }: { file: File }) {
  // One URL per file, not per render: a new ref callback would be called (and a new URL made) every time.
  const showFile = useCallback(
    (image: HTMLImageElement | null) => {
      if (!image) return
      const url = URL.createObjectURL(file)
      image.src = url
      return () => URL.revokeObjectURL(url)
    },
    [file],
  )
  return <img alt="" width="48" height="48" ref={showFile} />
}

function kindOf(file: File): 'image' | 'video' | 'audio' | 'file' {
  const [kind] = file.type.split('/')
  return kind === 'image' || kind === 'video' || kind === 'audio' ? kind : 'file'
}

/** A plain mark of the file's kind where there is no picture to show. */
function KindIcon({ kind }: { kind: ReturnType<typeof kindOf> }) {
  return (
    <svg className="shared-file-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      {kind === 'video' ? (
        <path d="M4 6h11a1 1 0 0 1 1 1v3l4-3v10l-4-3v3a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1z" />
      ) : kind === 'audio' ? (
        <path d="M9 17.5a2.5 2.5 0 1 1-2-2.45V5l11-2v12.5a2.5 2.5 0 1 1-2-2.45V6.4L9 7.7z" />
      ) : (
        <path d="M6 2h8l5 5v14a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1z" />
      )}
    </svg>
  )
}

const KIND_WORDS = { image: 'Picture', video: 'Video', audio: 'Recording', file: 'File' } as const

export function SharedFileList({ files }: { files: readonly File[] }) {
  const total = files.reduce((sum, file) => sum + file.size, 0)
  return (
    <>
      <p className="shared-files-total">
        {files.length === 1 ? '1 file' : `${files.length} files`}, {formatBytes(total)}
      </p>
      <ul className="shared-files" aria-label="Shared files">
        {files.map((file, index) => {
          const kind = kindOf(file)
          return (
            <li key={index} className="shared-file">
              <span className="shared-file-preview">
                {kind === 'image' ? <Thumbnail file={file} /> : <KindIcon kind={kind} />}
              </span>
              <span className="shared-file-text">
                <span className="shared-file-name" title={file.name}>
                  {file.name}
                </span>
                <span className="shared-file-meta">
                  {formatBytes(file.size)} · {KIND_WORDS[kind]}
                </span>
              </span>
            </li>
          )
        })}
      </ul>
    </>
  )
}
