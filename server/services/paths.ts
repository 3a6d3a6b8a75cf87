// The one place that decides what a media path is. Paths in requests are relative to a grant; the database
// keeps full paths under MEDIA_PATH_PREFIX ('/media/a/b/file.mov', directories ending in '/'). Listing,
// registration and folder creation all go through normalizeSegments, so a path one call accepts is a
// path every other call accepts too.
import { MEDIA_PATH_PREFIX } from '../contract/limits.ts'
import { HttpError } from '../errors.ts'
import type { DirRow } from '../repositories/media.ts'

export const MAX_PATH_LENGTH = 1024
export const MAX_SEGMENT_LENGTH = 255

/**
 * The segments of a relative path: leading and trailing slashes dropped; an empty segment, '..', a
 * segment starting with a dot (hidden files, as the upload's path check refuses them) or an overlong one
 * answers 400 invalid_path. An empty path ('' or '/') is the grant's root: no segments.
 */
export function normalizeSegments(raw: string): string[] {
  const trimmed = raw.replace(/^\/+/, '').replace(/\/+$/, '')
  if (trimmed === '') return []
  const segments = trimmed.split('/')
  for (const segment of segments) {
    if (segment === '' || segment.startsWith('.') || segment.length > MAX_SEGMENT_LENGTH) {
      throw new HttpError(400, 'invalid_path')
    }
    // Control characters (NUL among them) have no place in a file name and PostgreSQL refuses NUL.
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(segment)) throw new HttpError(400, 'invalid_path')
  }
  return segments
}

/** The grant's root directory as a full path: prefix_path '/' is '/media/', '/a/b' is '/media/a/b/'. */
export function grantRoot(grantPrefixPath: string): string {
  const segments = grantPrefixPath.split('/').filter((segment) => segment !== '')
  return dirPathOf(segments)
}

/** A directory's full path from its segments below MEDIA_PATH_PREFIX. */
function dirPathOf(segments: readonly string[]): string {
  return segments.length === 0 ? MEDIA_PATH_PREFIX : `${MEDIA_PATH_PREFIX}${segments.join('/')}/`
}

function checkLength(fullPath: string): void {
  if (fullPath.length > MAX_PATH_LENGTH) throw new HttpError(400, 'invalid_path')
}

/** A directory given relative to a grant root, as a full path ending in '/'. */
export function resolveDir(root: string, relative: string): string {
  const segments = normalizeSegments(relative)
  const dirPath = segments.length === 0 ? root : `${root}${segments.join('/')}/`
  checkLength(dirPath)
  return dirPath
}

export interface FilePath {
  mediaPath: string
  dirPath: string
  name: string
}

/** A file given relative to a grant root; a file needs a name, so an empty path is invalid. */
export function resolveFile(root: string, relative: string): FilePath {
  const segments = normalizeSegments(relative)
  const name = segments.pop()
  if (name === undefined) throw new HttpError(400, 'invalid_path')
  const dirPath = segments.length === 0 ? root : `${root}${segments.join('/')}/`
  const mediaPath = `${dirPath}${name}`
  checkLength(mediaPath)
  return { mediaPath, dirPath, name }
}

/** Every directory from just below MEDIA_PATH_PREFIX down to dirPath itself (which ends in '/'). */
export function dirChain(dirPath: string): DirRow[] {
  const segments = dirPath
    .slice(MEDIA_PATH_PREFIX.length)
    .split('/')
    .filter((segment) => segment !== '')
  return segments.map((dirName, index) => ({
    dirPath: dirPathOf(segments.slice(0, index + 1)),
    parentPath: dirPathOf(segments.slice(0, index)),
    dirName,
  }))
}

/** Whether a full path (file or directory) lies under a directory, compared without case as paths are. */
export function isUnder(path: string, dirPath: string): boolean {
  return path.toLowerCase().startsWith(dirPath.toLowerCase())
}

/** The file name a download is saved as: the last segment of its path. */
export function fileNameOf(mediaPath: string): string {
  return mediaPath.slice(mediaPath.lastIndexOf('/') + 1)
}
