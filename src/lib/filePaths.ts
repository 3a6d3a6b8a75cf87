// Paths of the file browser. A path is relative to its container (grant) and starts with '/': '/' is the
// container's root, '/a/b/' a directory (a trailing '/'), '/a/b/clip.mov' a file. On the wire a listing
// takes such a directory as prefix_path, and a file's media_path is the full path under '/media/' with
// the container's own prefix_path in front.
import { MEDIA_PATH_PREFIX } from '../../server/contract/limits.ts'
import type { MediaGrant } from '../../server/contract/volume.ts'

export type FileArea = 'home' | 'create_folder' | 'upload' | 'download'

export interface AreaPath {
  grantName: string
  /** Relative to the container: '/' for its root. */
  path: string
}

export function isDirectoryPath(path: string): boolean {
  return path.endsWith('/')
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment // a stray '%' is a name, not an escape
  }
}

/**
 * Reads '/home/{grant_name}/a/b/' (or another area) from a location's pathname. The container's root may
 * be written without its trailing '/': '/home/{grant_name}' is the root directory.
 */
export function parseAreaPath(pathname: string): AreaPath | undefined {
  const [, , grantSegment, ...rest] = pathname.split('/')
  if (!grantSegment) return undefined
  return { grantName: decodeSegment(grantSegment), path: `/${rest.map(decodeSegment).join('/')}` }
}

/**
 * The container a file screen's address names, among those the user holds: the grant of that very name, else
 * one of that name written in another case. None means no access.
 */
export function findGrant<Grant extends Pick<MediaGrant, 'grant_name'>>(
  grants: readonly Grant[],
  grantName: string,
): Grant | undefined {
  return (
    grants.find((grant) => grant.grant_name === grantName) ??
    grants.find((grant) => sameName(grant.grant_name, grantName))
  )
}

/** The directory whose listing a screen reads: a directory's own, or the one that holds a file. */
export function listedDirectory(path: string): string {
  return isDirectoryPath(path) ? path : parentDirectory(path)
}

/** The address of a path in an area, each segment escaped. */
export function areaHref(area: FileArea, grantName: string, path: string): string {
  const escaped = path.split('/').map(encodeURIComponent).join('/')
  return `/${area}/${encodeURIComponent(grantName)}${escaped}`
}

/** The directory holding a file or directory; the root is its own parent. */
export function parentDirectory(path: string): string {
  const trimmed = isDirectoryPath(path) ? path.slice(0, -1) : path
  return trimmed.slice(0, trimmed.lastIndexOf('/') + 1) || '/'
}

/** The last name of a path: 'clip.mov' of '/a/clip.mov', 'a' of '/a/'; '' for the root. */
export function baseName(path: string): string {
  const segments = path.split('/').filter(Boolean)
  return segments[segments.length - 1] ?? ''
}

export function childPath(directory: string, name: string, isDirectory: boolean): string {
  return `${directory}${name}${isDirectory ? '/' : ''}`
}

export interface Crumb {
  label: string
  /** A directory path relative to the container. */
  path: string
}

/** The container, then each directory down to the one shown. */
export function breadcrumbs(grantName: string, directory: string): Crumb[] {
  const crumbs: Crumb[] = [{ label: grantName, path: '/' }]
  let path = '/'
  for (const name of directory.split('/').filter(Boolean)) {
    path = `${path}${name}/`
    crumbs.push({ label: name, path })
  }
  return crumbs
}

/** The full path under '/media/' of the container's root, e.g. '/media/' for a container over '/'. */
export function grantRoot(grantPrefixPath: string): string {
  const inner = grantPrefixPath.replace(/^\/+/, '')
  return `${MEDIA_PATH_PREFIX}${inner}${inner === '' || inner.endsWith('/') ? '' : '/'}`
}

/** A file's media_path made relative to its container; a path outside it is left as it is. */
export function relativeMediaPath(mediaPath: string, grantPrefixPath: string): string {
  const root = grantRoot(grantPrefixPath)
  return mediaPath.toLowerCase().startsWith(root.toLowerCase())
    ? `/${mediaPath.slice(root.length)}`
    : mediaPath
}

/** Names are compared without regard to case, as the server keeps them unique. */
export function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase()
}

/** The entry of that name among `names`, in its own spelling. */
export function findName(names: readonly string[], name: string): string | undefined {
  return names.find((each) => sameName(each, name))
}

/**
 * The name a restored version takes: the n-th try adds ' (n)' before the extension, so 'clip.mov'
 * becomes 'clip (1).mov', then 'clip (2).mov'. A leading dot does not start an extension.
 */
export function restoreName(name: string, attempt: number): string {
  const dot = name.lastIndexOf('.')
  const stem = dot > 0 ? name.slice(0, dot) : name
  const extension = dot > 0 ? name.slice(dot) : ''
  return `${stem} (${attempt})${extension}`
}

export const RESTORE_TRIES = 5
