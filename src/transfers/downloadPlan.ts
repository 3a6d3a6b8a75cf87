// What a multi-download fetches and where each file goes, and where a (re)started download begins: pure
// rules of the download screen and its runner, with the listing call passed in.
import type { DirListResponse, Media } from '../../server/contract/media.ts'
import { baseName, isDirectoryPath, relativeMediaPath } from '../lib/filePaths.ts'
import type { DownloadState } from '../../workers/downloadFiles.ts'
import type { DownloadItem } from './downloadModel.ts'
import { isRangedDownload, planRanges, type RangeProgress } from './downloadRanges.ts'

/** One file to download: `path` is relative to the directory the selection was made in ('a/b.txt'). */
export interface CollectedFile {
  path: string
  media_id: number
  file_size: number
  file_hash: string
}

export interface CollectRequest {
  /** Lists one directory of the container ('/a/b/'). */
  list: (directory: string) => Promise<DirListResponse>
  /** The directory the selection was made in. */
  directory: string
  /** Chosen entries, relative to the container: '/a/' a folder, '/a/b.txt' a file. */
  selected: readonly string[]
  /** The container's prefix_path, to make media paths relative to it. */
  grantPrefixPath: string
}

function byPath(a: CollectedFile, b: CollectedFile): number {
  return a.path.localeCompare(b.path)
}

/**
 * Every active file of the selection, folders walked to the bottom. Deleted files have no content to fetch,
 * and a folder whose file_count is 0 holds no active file (only deleted ones, or none), so neither is entered.
 */
export async function collectDownloadFiles(request: CollectRequest): Promise<CollectedFile[]> {
  const { list, directory, selected, grantPrefixPath } = request
  const found = new Map<number, CollectedFile>()
  const take = (media: Media) => {
    if (media.is_deleted) return
    const path = relativeMediaPath(media.media_path, grantPrefixPath)
    if (!path.toLowerCase().startsWith(directory.toLowerCase())) return
    found.set(media.media_id, {
      path: path.slice(directory.length),
      media_id: media.media_id,
      file_size: media.file_size,
      file_hash: media.file_hash,
    })
  }
  const walk = async (folder: string): Promise<void> => {
    const listing = await list(folder)
    listing.media_list.forEach(take)
    for (const dir of listing.dir_list) {
      if (dir.file_count > 0) await walk(`${folder}${dir.dir_name}/`)
    }
  }
  const files = selected.filter((path) => !isDirectoryPath(path))
  if (files.length) {
    // Chosen files are found in the listing of the directory they were chosen in.
    const names = new Set(files.map((path) => baseName(path).toLowerCase()))
    const listing = await list(directory)
    listing.media_list.filter((media) => names.has(baseName(media.media_path).toLowerCase())).forEach(take)
  }
  for (const folder of selected.filter(isDirectoryPath)) await walk(folder)
  return [...found.values()].sort(byPath)
}

/**
 * Where a download starts, given what is on disk (workers/downloadFiles.ts): 'skip' when its file is in the
 * folder whole, otherwise the byte to ask from. The staging file holds only bytes of this item, written in
 * order, so its size is where the last try stopped, whatever the queue had counted before a reload; a
 * staging file longer than the file is not this content, and the download starts over.
 */
export function downloadStart(item: DownloadItem, onDisk: DownloadState): 'skip' | number {
  if (onDisk.whole) return 'skip'
  return onDisk.staged <= item.file_size ? onDisk.staged : 0
}

/** How a (re)started download goes: skipped, one GET from a byte, or ranges with what is known of them. */
export type DownloadWay =
  | { kind: 'skip' }
  | { kind: 'single'; from: number }
  | { kind: 'ranged'; range_bytes: number; progress: RangeProgress }

const NOTHING_KNOWN: RangeProgress = { done: [], partial: [] }

/**
 * The way a download (re)starts, given what is on disk and the range size of new ranged downloads.
 * - A file whole in its folder is skipped.
 * - An item planned in ranges keeps its range size and what it knows, as long as the staging file reaches
 *   every byte it knows written; otherwise (the staging file is gone or shorter, or longer than the file)
 *   nothing is known and every range is fetched again.
 * - An item not yet planned is fetched in ranges when the file is large enough and nothing is staged for
 *   it; bytes staged by one GET (a try before this rule, or before a reload) resume as one GET.
 */
export function downloadWay(item: DownloadItem, onDisk: DownloadState, rangeBytes: number): DownloadWay {
  const start = downloadStart(item, onDisk)
  if (start === 'skip') return { kind: 'skip' }
  if (item.range_bytes !== null) {
    const ranges = planRanges(item.file_size, item.range_bytes)
    const ends = [
      ...item.ranges_done.map((index) => ranges[index]?.end ?? Number.POSITIVE_INFINITY),
      ...item.ranges_partial.map(
        ([index, bytes]) => (ranges[index]?.start ?? Number.POSITIVE_INFINITY) + bytes,
      ),
    ]
    const reached = Math.max(0, ...ends)
    const kept = onDisk.staged <= item.file_size && reached <= onDisk.staged
    const progress = kept ? { done: item.ranges_done, partial: item.ranges_partial } : NOTHING_KNOWN
    return { kind: 'ranged', range_bytes: item.range_bytes, progress }
  }
  if (onDisk.staged === 0 && isRangedDownload(item.file_size, rangeBytes)) {
    return { kind: 'ranged', range_bytes: rangeBytes, progress: NOTHING_KNOWN }
  }
  return { kind: 'single', from: start }
}
