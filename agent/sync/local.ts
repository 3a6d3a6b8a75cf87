// The folder's side of a pass: walk it, and hash what is new or changed. The state keeps size, time and hash
// per file, so an unchanged file is not read again; entries of files no longer here are dropped.
import fs from 'node:fs/promises'
import { FileChangedError, hashFile } from '../hashing.ts'
import type { FileEntry } from '../state.ts'
import { describeSkipped, walkFolder, type WalkedFile } from '../walk.ts'
import { mountRoot } from './mount.ts'
import type { SyncPass } from './pass.ts'
import { describeError, formatBytes } from './report.ts'

/** The longest full path the server keeps (server/services/paths.ts). */
export const MAX_PATH_LENGTH = 1024

export interface LocalFiles {
  /** The files here that are synced, each with its entry in the state. */
  present: WalkedFile[]
  /** Paths here that are not synced (skipped by the walk, or not read): nothing is written at or under them. */
  occupied: string[]
}

export async function scanFolder(pass: SyncPass): Promise<LocalFiles> {
  const { folder, report, signal, state, say } = pass
  const root = mountRoot(pass.mount.prefix_path)
  const walked = await walkFolder(folder, { maxRelativeLength: MAX_PATH_LENGTH - root.length })
  for (const leftover of walked.leftovers) await fs.rm(leftover, { force: true })
  report.files = walked.files.length
  report.skipped = walked.skipped
  say(
    `walk: ${walked.files.length} files${
      walked.skipped.length ? `, ${walked.skipped.length} skipped: ${describeSkipped(walked.skipped)}` : ''
    }`,
  )

  const present: WalkedFile[] = []
  const unread: string[] = []
  const kept: Record<string, FileEntry> = {}
  for (const file of walked.files) {
    signal?.throwIfAborted()
    const entry = state.files[file.path]
    if (entry && entry.size === file.size && entry.mtime_ms === file.mtime_ms) {
      kept[file.path] = entry
      present.push(file)
      continue
    }
    say(`hash: ${file.path} (${formatBytes(file.size)})`)
    try {
      const hash = await hashFile(file.abs, file.size, { ...(signal ? { signal } : {}) })
      const after = await fs.stat(file.abs)
      if (after.size !== file.size || Math.trunc(after.mtimeMs) !== file.mtime_ms) {
        throw new FileChangedError('changed while it was read')
      }
      const fresh: FileEntry = {
        size: file.size,
        mtime_ms: file.mtime_ms,
        hash: hash.file_hash,
        ...(hash.part_hashes ? { part_hashes: hash.part_hashes } : {}),
        // What the path held in the mount when this file was last in step stays: it tells a change here
        // from a change there.
        ...(entry?.synced_hash ? { synced_hash: entry.synced_hash } : {}),
      }
      kept[file.path] = fresh
      // Kept in the state at once, so a pass stopped while hashing does not read this file again.
      state.files[file.path] = fresh
      present.push(file)
      report.hashed++
      pass.onEvent({ type: 'hashed', path: file.path })
    } catch (error) {
      if (signal?.aborted) throw error
      // A file being written is left for the next pass.
      report.failures.push({ path: file.path, error: `not read: ${describeError(error)}` })
      unread.push(file.path)
    }
    pass.save()
  }
  state.files = kept
  return { present, occupied: [...walked.skipped.map((entry) => entry.path), ...unread] }
}
