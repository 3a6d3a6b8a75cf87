// What the upload screen lists before Start Upload (specification 000, sections 2 and 5): each picked file
// with the folder it keeps under the destination. Empty files and paths with a segment starting with a dot
// are skipped, and a path already listed is ignored, without regard to case. The queue applies the same
// rules again when the files are added (uploadModel.ts), so a second pick of a file already queued is
// ignored there. Skipped files are counted by reason, so the screen can say how many were left out and
// why instead of dropping them silently (a file already listed is not counted: it is in the list).
import { isUploadablePath } from './uploadModel.ts'

/** A picked file: relativePath is its place inside a picked folder ('Trip/day 1/a.jpg'), or its name. */
export interface ChosenFile<F extends { name: string; size: number }, H = unknown> {
  file: F
  relativePath: string
  handle: H | null
}

export interface SelectedUpload<F extends { name: string; size: number }, H = unknown> {
  file: F
  handle: H | null
  /** The folder under the destination, '' for the destination itself. */
  folder: string
  /** Relative to the container: the destination directory, the folder, the name. */
  media_path: string
}

function folderOf(relativePath: string): string {
  const segments = relativePath.split('/').filter(Boolean)
  return segments.slice(0, -1).join('/')
}

/** How many picked files a pick left out, by reason. */
export interface SkippedFiles {
  /** Empty files: nothing to upload. */
  empty: number
  /** A segment of the path starts with a dot (hidden files and folders). */
  hidden: number
}

/** Adds picked files under directory ('/a/b/') to a selection, by the rules above, and counts the skipped. */
export function selectPicked<F extends { name: string; size: number }, H>(
  selection: ReadonlyArray<SelectedUpload<F, H>>,
  chosen: ReadonlyArray<ChosenFile<F, H>>,
  directory: string,
): { selection: Array<SelectedUpload<F, H>>; skipped: SkippedFiles } {
  const taken = new Set(selection.map((each) => each.media_path.toLowerCase()))
  const next = [...selection]
  const skipped: SkippedFiles = { empty: 0, hidden: 0 }
  for (const { file, relativePath, handle } of chosen) {
    const folder = folderOf(relativePath)
    const media_path = `${directory}${folder ? `${folder}/` : ''}${file.name}`
    const key = media_path.toLowerCase()
    if (!isUploadablePath(media_path)) skipped.hidden += 1
    else if (file.size <= 0) skipped.empty += 1
    else if (!taken.has(key)) {
      taken.add(key)
      next.push({ file, handle, folder, media_path })
    }
  }
  return { selection: next, skipped }
}

function counted(count: number, what: string): string {
  return `${count} ${what}${count === 1 ? '' : 's'}`
}

/**
 * What the upload screen says of a pick's skipped files, or null when none was skipped, e.g.
 * 'Skipped 3 files: 2 empty files (nothing to upload), 1 hidden file (a name in its path starts with a dot).'
 */
export function skippedMessage({ empty, hidden }: SkippedFiles): string | null {
  if (empty + hidden === 0) return null
  const reasons = [
    empty > 0 ? `${counted(empty, 'empty file')} (nothing to upload)` : null,
    hidden > 0 ? `${counted(hidden, 'hidden file')} (a name in its path starts with a dot)` : null,
  ].filter((reason): reason is string => reason !== null)
  return `Skipped ${counted(empty + hidden, 'file')}: ${reasons.join(', ')}.`
}
