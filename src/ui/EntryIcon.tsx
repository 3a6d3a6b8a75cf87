// The icon of a listing's entry: a folder, or a file's page with a glyph of what it holds (a picture, a
// clip, sound, a document), guessed from its name. Shared by the listing, the grid and the viewer's stage,
// the share page's viewer included.
import type { ReactNode } from 'react'
import { fileKindOf, type FileKind } from '../lib/fileKinds.ts'
import type { ListingRow } from '../lib/listing.ts'

/** The glyph drawn on a file's page, by kind. */
const GLYPHS: Record<FileKind, ReactNode> = {
  image: (
    <>
      <circle cx="8" cy="9" r="1.4" />
      <path d="M5.5 16.5l3.2-4 2.2 2.6 1.6-1.9 2.5 3.3z" />
    </>
  ),
  video: <path d="M8 9.5v6.2l5.2-3.1z" />,
  audio: (
    <>
      <path d="M11.5 8.5v6.3M11.5 8.5l3 1" />
      <circle cx="10" cy="15" r="1.5" />
    </>
  ),
  document: <path d="M6.5 10h7M6.5 12.5h7M6.5 15h4.5" />,
  other: null,
}

/** Drawn, not a glyph of a font: no font on the device needs to carry it. */
export function EntryIcon({ row }: { row: Pick<ListingRow, 'kind' | 'name'> }) {
  if (row.kind === 'folder')
    return (
      <svg className="entry-icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
        <path
          className="entry-page"
          d="M1.5 4.5A1.5 1.5 0 0 1 3 3h4.6l1.8 1.8H17a1.5 1.5 0 0 1 1.5 1.5v9.2A1.5 1.5 0 0 1 17 17H3a1.5 1.5 0 0 1-1.5-1.5z"
        />
      </svg>
    )
  const kind = fileKindOf(row.name)
  return (
    <svg
      className="entry-icon"
      data-file-kind={kind}
      viewBox="0 0 20 20"
      width="20"
      height="20"
      aria-hidden="true"
    >
      <path className="entry-page" d="M4 1.5h8.5l4 4v13H4z" />
      <g className="entry-glyph">{GLYPHS[kind]}</g>
    </svg>
  )
}
