// The folder a share goes to, as the user types it ('Trips/2026', '/Trips/2026/') or reaches it by opening
// folders: a directory of the container in the listing's form, '/' or '/a/b/'. Pure, so the rules are
// tested without a browser.
import { isUploadablePath } from '../../../transfers/uploadModel.ts'

/** The directory a typed path names: empty segments and spaces around each segment dropped. */
export function typedDirectory(typed: string): string {
  const segments = typed
    .split('/')
    .map((segment) => segment.trim())
    .filter((segment) => segment !== '')
  return segments.length === 0 ? '/' : `/${segments.join('/')}/`
}

/** What is wrong with a typed folder, or null: files never go under a name starting with a dot. */
export function folderError(directory: string): string | null {
  return isUploadablePath(directory) ? null : 'A folder name cannot start with a dot.'
}

/** The directory one level up; the root is its own parent. */
export function parentOf(directory: string): string {
  const segments = directory.split('/').filter(Boolean)
  return segments.length <= 1 ? '/' : `/${segments.slice(0, -1).join('/')}/`
}

export function childOf(directory: string, name: string): string {
  return `${directory}${name}/`
}
