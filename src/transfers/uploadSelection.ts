// What the upload screen lists before Start Upload (specification 000, sections 2 and 5): each picked file
// with the folder it keeps under the destination. Empty files and paths with a segment starting with a dot
// are skipped, and a path already listed is ignored, without regard to case. The queue applies the same
// rules again when the files are added (uploadModel.ts), so a second pick of a file already queued is
// ignored there.
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

/** Adds picked files under directory ('/a/b/') to a selection, by the rules above. */
export function addToSelection<F extends { name: string; size: number }, H>(
  selection: ReadonlyArray<SelectedUpload<F, H>>,
  chosen: ReadonlyArray<ChosenFile<F, H>>,
  directory: string,
): Array<SelectedUpload<F, H>> {
  const taken = new Set(selection.map((each) => each.media_path.toLowerCase()))
  const next = [...selection]
  for (const { file, relativePath, handle } of chosen) {
    const folder = folderOf(relativePath)
    const media_path = `${directory}${folder ? `${folder}/` : ''}${file.name}`
    const key = media_path.toLowerCase()
    if (file.size <= 0 || !isUploadablePath(media_path) || taken.has(key)) continue
    taken.add(key)
    next.push({ file, handle, folder, media_path })
  }
  return next
}
