// The directory listing's rules (specification 000, section 2): rows from a listing answer, the
// All / Active / Deleted filter, folders first then names without regard to case, and which buttons a
// selection enables.
import type { DirEntry, DirListResponse, Media } from '../../server/contract/media.ts'
import type { LocalStateValues } from './localState.ts'
import { baseName, sameName } from './filePaths.ts'

export type FileFilter = LocalStateValues['file_filter']

export const FILE_FILTERS: ReadonlyArray<{ value: FileFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'deleted', label: 'Deleted' },
]
export const DEFAULT_FILE_FILTER: FileFilter = 'active'

export type ListingRow =
  | { kind: 'folder'; key: string; name: string; isDeleted: boolean }
  | { kind: 'file'; key: string; name: string; isDeleted: boolean; media: Media }

/**
 * A folder is deleted when it holds only deleted files (file_count 0, as the specification has it). A folder
 * that holds no file at all (just made, or with only empty folders below) is active: the user sees what
 * they made.
 */
export function isDeletedFolder(dir: DirEntry): boolean {
  return dir.file_count === 0 && dir.deleted_count > 0
}

export function listingRows(listing: DirListResponse): ListingRow[] {
  const folders: ListingRow[] = listing.dir_list.map((dir) => ({
    kind: 'folder',
    key: `d:${dir.dir_name.toLowerCase()}`,
    name: dir.dir_name,
    isDeleted: isDeletedFolder(dir),
  }))
  const files: ListingRow[] = listing.media_list.map((media) => ({
    kind: 'file',
    key: `f:${media.media_id}`,
    name: baseName(media.media_path),
    isDeleted: media.is_deleted,
    media,
  }))
  return [...folders, ...files]
}

/**
 * The file of a directory's listing with this name (compared without case, as paths are), deleted or not;
 * undefined when the directory holds none: the address names a file that is not there.
 */
export function findListedFile(listing: DirListResponse, name: string): Media | undefined {
  return listing.media_list.find((media) => sameName(baseName(media.media_path), name))
}

export function compareRows(a: ListingRow, b: ListingRow): number {
  if (a.kind !== b.kind) return a.kind === 'folder' ? -1 : 1
  const left = a.name.toLowerCase()
  const right = b.name.toLowerCase()
  if (left !== right) return left < right ? -1 : 1
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0
}

export function matchesFilter(row: ListingRow, filter: FileFilter): boolean {
  if (filter === 'all') return true
  return filter === 'deleted' ? row.isDeleted : !row.isDeleted
}

/** The rows shown: filtered, then sorted. */
export function visibleRows(rows: readonly ListingRow[], filter: FileFilter): ListingRow[] {
  return rows.filter((row) => matchesFilter(row, filter)).sort(compareRows)
}

export interface ListingActions {
  createFolder: boolean
  upload: boolean
  download: boolean
  delete: boolean
  undelete: boolean
}

/**
 * Create Folder and Upload act on the directory and are always offered (Upload answers for itself when
 * the capability is missing); the other buttons need a selection. Delete and Undelete act on files only:
 * a selected folder disables both, and each needs at least one selected file it can change.
 */
export function listingActions(selected: readonly ListingRow[]): ListingActions {
  const hasFolder = selected.some((row) => row.kind === 'folder')
  const files = selected.filter((row) => row.kind === 'file')
  return {
    createFolder: true,
    upload: true,
    download: selected.length > 0,
    delete: !hasFolder && files.some((row) => !row.isDeleted),
    undelete: !hasFolder && files.some((row) => row.isDeleted),
  }
}

/** Directories longer than this get a filter box (by name, within the listing loaded). */
export const NAME_FILTER_MIN_ENTRIES = 1000

/** The rows whose name holds the text typed, without regard to case; all of them for blank text. */
export function rowsNamed(rows: readonly ListingRow[], text: string): readonly ListingRow[] {
  const wanted = text.trim().toLowerCase()
  if (wanted === '') return rows
  return rows.filter((row) => row.name.toLowerCase().includes(wanted))
}
