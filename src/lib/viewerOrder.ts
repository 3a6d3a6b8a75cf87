// The viewer's order: the files of the directory as the listing shows them (filtered and sorted, folders
// skipped), so that previous and next go where the eye expects. Pure, tested alone.
import type { ListingRow } from './listing.ts'

export type FileRow = Extract<ListingRow, { kind: 'file' }>

export const filesOf = (rows: readonly ListingRow[]): FileRow[] =>
  rows.filter((row): row is FileRow => row.kind === 'file')

/** Where a file is among the files (0-based), or -1. */
export const positionOf = (files: readonly FileRow[], mediaId: number) =>
  files.findIndex((row) => row.media.media_id === mediaId)

/** The file `step` places away (-1 previous, 1 next); undefined past either end (no wrapping). */
export function stepFile(files: readonly FileRow[], mediaId: number, step: number): FileRow | undefined {
  const at = positionOf(files, mediaId)
  if (at < 0) return undefined
  return files[at + step]
}
