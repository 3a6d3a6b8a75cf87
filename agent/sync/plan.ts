// The mount's side of a pass and what to do about it: list the mount's files, a page at a time, and decide
// for each path whether to upload, download, or leave it (in step, a conflict, deleted in the mount).
// Two different contents at one path are a conflict: neither side is overwritten, and the pass says so.
import type { MountFile } from '../../server/contract/device.ts'
import { endpoints } from '../../server/contract/endpointSchemas.ts'
import type { AgentClient } from '../client.ts'
import type { FileEntry } from '../state.ts'
import type { WalkedFile } from '../walk.ts'
import type { LocalFiles } from './local.ts'
import type { SyncPass } from './pass.ts'

async function listMountFiles(client: AgentClient, mediaGrantId: number, signal?: AbortSignal) {
  const files: MountFile[] = []
  let after: string | undefined
  for (;;) {
    const page = await client.call(
      endpoints.mountFiles,
      {
        params: { media_grant_id: mediaGrantId },
        // No limit: the server's page (MOUNT_FILE_PAGE_MAX) is the largest there is.
        query: after !== undefined ? { after } : {},
      },
      { ...(signal ? { signal } : {}) },
    )
    files.push(...page.file_list)
    if (page.next_after === null || page.file_list.length === 0) return files
    after = page.next_after
  }
}

export type Plan =
  /** register: false when the mount has the file but the store lacks its content (only the bytes go). */
  | { kind: 'upload'; file: WalkedFile; previous_hash?: string; register: boolean }
  /** local: the copy here that the mount's newer version replaces. */
  | { kind: 'download'; remote: MountFile; local: WalkedFile | null }

export interface FilePlan {
  plans: Plan[]
  /** Files of the mount at a path that a file here holds but does not sync (skipped, or not read). */
  left_alone: string[]
  /** Paths here whose content the mount has at the same path: in step now. */
  in_step: string[]
  conflicts: string[]
  not_in_store: number
  deleted_in_mount: number
}

/**
 * What to do with each file, from the files here (with what the state knows of them) and the mount's.
 * Paths match without regard to case, as the server's do. synced_hash, the mount's content of the path
 * when the two were last in step, tells which side changed:
 * - only here: upload (a new file, or a new version naming the content it replaces);
 * - only there: download (a new file, or the mount's version replacing an unchanged copy);
 * - both, to different contents: a conflict, left as it is;
 * - gone from the mount while unchanged here: deleted there, not uploaded again.
 */
export function planFiles(
  local: ReadonlyArray<{ file: WalkedFile; entry: FileEntry }>,
  remote: readonly MountFile[],
  /** Paths here that are not synced (skipped by the walk, or not read): nothing is written at or under them. */
  occupied: readonly string[] = [],
): FilePlan {
  const result: FilePlan = {
    plans: [],
    left_alone: [],
    in_step: [],
    conflicts: [],
    not_in_store: 0,
    deleted_in_mount: 0,
  }
  // A path is occupied when it or a folder above it is: one look-up per segment, whatever their numbers.
  const occupiedKeys = new Set(occupied.map((rel) => rel.toLowerCase()))
  const isOccupied = (key: string) => {
    if (occupiedKeys.size === 0) return false
    for (let slash = key.indexOf('/'); slash !== -1; slash = key.indexOf('/', slash + 1)) {
      if (occupiedKeys.has(key.slice(0, slash))) return true
    }
    return occupiedKeys.has(key)
  }
  const remoteByKey = new Map(remote.map((file) => [file.path.toLowerCase(), file]))
  const localKeys = new Set<string>()
  for (const { file, entry } of local) {
    const key = file.path.toLowerCase()
    localKeys.add(key)
    const there = remoteByKey.get(key)
    if (!there) {
      // Uploaded (or downloaded) before and unchanged since: the mount deleted it, on purpose.
      if (entry.synced_hash !== undefined && entry.synced_hash === entry.hash) result.deleted_in_mount++
      else result.plans.push({ kind: 'upload', file, register: true })
      continue
    }
    if (there.file_hash === entry.hash) {
      result.in_step.push(file.path)
      // Registered elsewhere but never stored: this device holds the content, so it sends it.
      if (!there.is_uploaded) result.plans.push({ kind: 'upload', file, register: false })
      continue
    }
    if (entry.synced_hash === there.file_hash) {
      // Changed here since the last pass, not there: a new version of the content the mount has.
      result.plans.push({ kind: 'upload', file, previous_hash: there.file_hash, register: true })
    } else if (entry.synced_hash === entry.hash) {
      // Changed there, not here: the mount's version replaces this copy.
      if (there.is_uploaded) result.plans.push({ kind: 'download', remote: there, local: file })
      else result.not_in_store++
    } else {
      result.conflicts.push(file.path)
    }
  }
  for (const there of remote) {
    const key = there.path.toLowerCase()
    if (localKeys.has(key)) continue
    if (isOccupied(key)) result.left_alone.push(there.path)
    else if (there.is_uploaded) result.plans.push({ kind: 'download', remote: there, local: null })
    else result.not_in_store++
  }
  return result
}

export type UploadPlan = Extract<Plan, { kind: 'upload' }>
export type DownloadPlan = Extract<Plan, { kind: 'download' }>

/**
 * Lists the mount and decides: the paths in step have the mount's content as theirs now, conflicts are
 * printed, and the state is written before any transfer starts.
 */
export async function planTransfers(
  pass: SyncPass,
  local: LocalFiles,
): Promise<{ uploads: UploadPlan[]; downloads: DownloadPlan[] }> {
  const { state, report } = pass
  const remote = await listMountFiles(pass.client, pass.mount.media_grant_id, pass.signal)
  const decided = planFiles(
    local.present.map((file) => ({ file, entry: state.files[file.path] as FileEntry })),
    remote,
    local.occupied,
  )
  for (const rel of decided.left_alone) {
    pass.say(`left alone: ${rel} (a file here at this path is not synced)`)
  }
  for (const rel of decided.in_step) {
    const entry = state.files[rel] as FileEntry
    entry.synced_hash = entry.hash
  }
  report.conflicts = decided.conflicts
  report.not_in_store = decided.not_in_store
  report.deleted_in_mount = decided.deleted_in_mount
  for (const conflict of report.conflicts) {
    pass.print(
      `conflict: ${conflict}: Different file already exists in the volume. Neither was replaced; rename the local file to upload it.`,
    )
  }
  pass.save(true)
  return {
    uploads: decided.plans.filter((plan) => plan.kind === 'upload'),
    downloads: decided.plans.filter((plan) => plan.kind === 'download'),
  }
}
