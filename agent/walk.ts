// The files of a local folder that a sync may upload, and the ones it leaves out with the reason. The rules
// are the web's upload rules (specification 000 section 5, src/transfers/uploadModel.ts): a path with a
// segment that starts with a dot is refused by the server and empty files are not uploaded; on top of
// those, what a folder can hold that a mount cannot: links, devices and sockets, names the server refuses,
// and two names that differ only by case (the server keeps names unique without regard to case).
import type { Dirent, Stats } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'

/** A segment longer than this is refused by the server (server/services/paths.ts). */
export const MAX_SEGMENT_LENGTH = 255

/** What the agent names the file a download is written to before it is complete (a dot name: never synced). */
export const DOWNLOAD_TEMP_SUFFIX = '.media-agent-download'

export interface WalkedFile {
  /** Relative to the folder, segments joined by '/': 'a/b/clip.mov'. */
  path: string
  /** The absolute path on this machine. */
  abs: string
  size: number
  /** Modification time, epoch milliseconds, as stat gives it. */
  mtime_ms: number
}

export type SkipReason =
  'dot_name' | 'empty' | 'link' | 'not_a_file' | 'refused_name' | 'case_clash' | 'unreadable'

export const SKIP_REASON_TEXT: Record<SkipReason, string> = {
  dot_name: 'hidden (the name starts with a dot, which the server refuses)',
  empty: 'empty (empty files are not uploaded)',
  link: 'symbolic link (not followed)',
  not_a_file: 'not a regular file',
  refused_name: 'name the server refuses (control characters, or too long)',
  case_clash: 'same name as another file but for case',
  unreadable: 'not readable',
}

export interface SkippedEntry {
  path: string
  reason: SkipReason
}

export interface WalkResult {
  /** Sorted by path. */
  files: WalkedFile[]
  skipped: SkippedEntry[]
  /** Downloads this agent left unfinished (interrupted): the sync removes them. */
  leftovers: string[]
}

export interface WalkOptions {
  /** The longest relative path ('a/b/clip.mov') the server takes under the mount: full paths are limited. */
  maxRelativeLength?: number
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/

/** Why a name cannot be synced, or undefined when it can. */
export function nameRefusal(name: string): SkipReason | undefined {
  if (name.startsWith('.')) return 'dot_name'
  if (name.length > MAX_SEGMENT_LENGTH || CONTROL_CHARACTERS.test(name)) return 'refused_name'
  return undefined
}

export async function walkFolder(root: string, options: WalkOptions = {}): Promise<WalkResult> {
  const result: WalkResult = { files: [], skipped: [], leftovers: [] }
  const seen = new Set<string>()
  const maxRelativeLength = options.maxRelativeLength ?? Number.POSITIVE_INFINITY

  async function visit(dirAbs: string, dirRel: string): Promise<void> {
    let entries: Dirent[]
    try {
      entries = await fs.readdir(dirAbs, { withFileTypes: true })
    } catch {
      result.skipped.push({ path: dirRel || '.', reason: 'unreadable' })
      return
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    for (const entry of entries) {
      const rel = dirRel ? `${dirRel}/${entry.name}` : entry.name
      const abs = path.join(dirAbs, entry.name)
      if (entry.name.endsWith(DOWNLOAD_TEMP_SUFFIX) && entry.name.startsWith('.') && entry.isFile()) {
        result.leftovers.push(abs)
        continue
      }
      const refused = nameRefusal(entry.name)
      if (refused) {
        // A hidden folder counts once: what lies below it is not looked at.
        result.skipped.push({ path: rel, reason: refused })
        continue
      }
      if (entry.isSymbolicLink()) {
        result.skipped.push({ path: rel, reason: 'link' })
        continue
      }
      if (entry.isDirectory()) {
        await visit(abs, rel)
        continue
      }
      if (!entry.isFile()) {
        result.skipped.push({ path: rel, reason: 'not_a_file' })
        continue
      }
      if (rel.length > maxRelativeLength) {
        result.skipped.push({ path: rel, reason: 'refused_name' })
        continue
      }
      let stat: Stats
      try {
        stat = await fs.stat(abs)
      } catch {
        result.skipped.push({ path: rel, reason: 'unreadable' })
        continue
      }
      if (stat.size === 0) {
        result.skipped.push({ path: rel, reason: 'empty' })
        continue
      }
      const key = rel.toLowerCase()
      if (seen.has(key)) {
        result.skipped.push({ path: rel, reason: 'case_clash' })
        continue
      }
      seen.add(key)
      result.files.push({ path: rel, abs, size: stat.size, mtime_ms: Math.trunc(stat.mtimeMs) })
    }
  }

  await visit(path.resolve(root), '')
  result.files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  return result
}

/** How many were skipped for each reason, e.g. '2 name starts with a dot ..., 1 empty file ...'. */
export function describeSkipped(skipped: readonly SkippedEntry[]): string {
  const counts = new Map<SkipReason, number>()
  for (const entry of skipped) counts.set(entry.reason, (counts.get(entry.reason) ?? 0) + 1)
  return [...counts].map(([reason, count]) => `${count} ${SKIP_REASON_TEXT[reason]}`).join('; ')
}
