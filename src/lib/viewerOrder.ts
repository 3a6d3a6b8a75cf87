// The viewer's order: the files as the page shows them (the listing filtered and sorted, folders skipped;
// a share link's folder in its order), so that previous and next go where the eye expects. And what the
// viewer knows of each file, whatever it comes from: the console's listing (an organization's container)
// or a share link. Pure, tested alone.
import type { SharedMedia } from '../../server/contract/shareLink.ts'
import type { FileKind } from './fileKinds.ts'
import { fileKindOf } from './fileKinds.ts'
import type { ListingRow } from './listing.ts'

export type FileRow = Extract<ListingRow, { kind: 'file' }>

/** A file as the viewer shows it: nothing of where it lives beyond its name. */
export interface ViewerFile {
  /** The file's media_id: its place in the viewer and its player's identity. */
  id: number
  name: string
  kind: FileKind
  size: number
  /** The large picture (an image's first sight, a clip's poster); undefined when there is none. */
  poster?: string
  /** A deleted file the listing still shows (its name is struck through). */
  deleted?: boolean
}

export const filesOf = (rows: readonly ListingRow[]): FileRow[] =>
  rows.filter((row): row is FileRow => row.kind === 'file')

/** Where a file is among the files (0-based), or -1. */
export const positionOf = (files: readonly { id: number }[], id: number) =>
  files.findIndex((file) => file.id === id)

/** The file `step` places away (-1 previous, 1 next); undefined past either end (no wrapping). */
export function stepFile<T extends { id: number }>(
  files: readonly T[],
  id: number,
  step: number,
): T | undefined {
  const at = positionOf(files, id)
  if (at < 0) return undefined
  return files[at + step]
}

/** The listing's files for the viewer, every one (a file with no preview shows its properties). */
export const listingViewerFiles = (
  rows: readonly FileRow[],
  posterOf: (row: FileRow) => string | undefined,
): ViewerFile[] =>
  rows.map((row) => ({
    id: row.media.media_id,
    name: row.name,
    kind: fileKindOf(row.name),
    size: row.media.file_size,
    poster: posterOf(row),
    deleted: row.isDeleted,
  }))

/** Kinds a share link's page plays or shows in the browser: its viewer steps through these only. */
export const SHARE_PREVIEWED = new Set<FileKind>(['image', 'video', 'audio'])

/**
 * A share link's folder for the viewer: its pictures, clips and sound in the page's order (a link's
 * visitor has no file screen, so a document would show nothing but its name), each with its large
 * thumbnail as poster once the server has made it.
 */
export const sharedViewerFiles = (
  list: readonly SharedMedia[],
  posterOf: (mediaId: number) => string,
): ViewerFile[] =>
  list
    .filter((media) => SHARE_PREVIEWED.has(media.media_kind))
    .map((media) => ({
      id: media.media_id,
      name: media.name,
      kind: media.media_kind,
      size: media.file_size,
      poster: media.thumbnail_state === 'ready' ? posterOf(media.media_id) : undefined,
    }))
