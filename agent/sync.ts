// One pass of keeping a local folder and a mount in step:
//  1. heartbeat (the answer says whether uploads and downloads are on for this device);
//  2. find the mount and check it is enabled;
//  3. walk the folder and hash what is new or changed (the state keeps size, time and hash per file, so an
//     unchanged file is not read again);
//  4. list the mount's files, a page at a time;
//  5. upload what is new or changed here: content first, then mountRegister at the path, so a file shows
//     in the mount only once another device can download it; the version names this device;
//  6. download what the mount has and the folder lacks, or what changed in the mount while the local copy
//     did not;
//  7. report the hashes this device holds, only what changed since the last report.
// The agent never deletes a file on either side: a file removed here comes back on the next pass (delete
// it in the console to remove it), and a file deleted in the mount is left here and not uploaded again.
// Two different contents at one path are a conflict: neither side is overwritten (the server refuses a new
// version whose caller did not see the current one, 409 different_file), and the pass says so.
//
// A refused call (the device, its app, the mount, the container or the volume disabled, or the device's
// upload or download switch turned off during the pass) stops the pass with SyncRefusedError after saving
// the state, so a later pass continues where this one stopped: stored parts are not sent again, hashed
// files are not read again, and reported holdings are not reported again.
import type { DeviceMount, DeviceSelf, MountFile } from '../server/contract/device.ts'
import { HOLDING_BATCH_MAX } from '../server/contract/device.ts'
import { endpoints } from '../server/contract/endpointSchemas.ts'
import { MEDIA_PATH_PREFIX } from '../server/contract/limits.ts'
import { isMultipart } from '../server/contract/parts.ts'
import { AgentApiError, type AgentClient } from './client.ts'
import { downloadFile } from './download.ts'
import { FileChangedError, hashFile } from './hashing.ts'
import { mountStateFor, type FileEntry, type MountState, type StateStore, type SyncSummary } from './state.ts'
import { uploadContent } from './upload.ts'
import { describeSkipped, walkFolder, type SkippedEntry, type WalkedFile } from './walk.ts'
import fs from 'node:fs/promises'
import path from 'node:path'

/** The longest full path the server keeps (server/services/paths.ts). */
export const MAX_PATH_LENGTH = 1024
/** A large download prints a line each time this much more arrived. */
export const PROGRESS_STEP_BYTES = 256 * 1024 * 1024
/** The state is written at most this often while work goes on, and always at the end of a pass. */
export const STATE_SAVE_INTERVAL_MS = 2_000

/** The codes that mean "this device may not do this now": the pass stops and says why. */
export const REFUSAL_CODES = [
  'invalid_device_token',
  'device_not_allowed',
  'device_disabled',
  'app_disabled',
  'mount_disabled',
  'grant_disabled',
  'volume_disabled',
  'upload_not_allowed',
  'download_not_allowed',
] as const
export type RefusalCode = (typeof REFUSAL_CODES)[number]

export const REFUSAL_TEXT: Record<RefusalCode, string> = {
  invalid_device_token:
    "The server does not know this device's token (the device registered again elsewhere under its name, or it was revoked when its user left the organization): register again.",
  device_not_allowed:
    "This device's user does not have Add Devices in the organization now (or is no longer a member). An admin can give it back on the user's page (Users) in the console.",
  device_disabled:
    'This device is disabled. An admin can enable it again on its page (Devices) in the console.',
  app_disabled:
    'The app this device registered through is disabled. An admin can enable it on /org/app in the console.',
  mount_disabled:
    'This mount is disabled for this device. An admin can enable it on the device page in the console.',
  grant_disabled: 'The container of this mount is disabled.',
  volume_disabled: 'The volume of this mount is disabled.',
  upload_not_allowed: 'Uploads are turned off for this device.',
  download_not_allowed: 'Downloads are turned off for this device.',
}

function isRefusalCode(code: string): code is RefusalCode {
  return (REFUSAL_CODES as readonly string[]).includes(code)
}

/** The server refused the device: the pass stopped, its state saved. */
export class SyncRefusedError extends Error {
  override name = 'SyncRefusedError'
  constructor(readonly code: RefusalCode) {
    super(`Refused (${code}): ${REFUSAL_TEXT[code]}`)
  }
}

/** The mount named is not one of this device's. */
export class UnknownMountError extends Error {
  override name = 'UnknownMountError'
}

export function refusalOf(error: unknown): SyncRefusedError | undefined {
  if (error instanceof SyncRefusedError) return error
  if (error instanceof AgentApiError && error.status === 403 && isRefusalCode(error.code)) {
    return new SyncRefusedError(error.code)
  }
  return undefined
}

export type SyncEvent =
  | { type: 'heartbeat'; device: DeviceSelf }
  | { type: 'hashed'; path: string }
  | { type: 'part_sent'; path: string; part_num: number }
  | { type: 'uploaded'; path: string; size: number }
  | { type: 'downloaded'; path: string; size: number }
  | { type: 'holding'; added: number; removed: number; held: number }

export interface SyncOptions {
  /** A client with the device's token. */
  client: AgentClient
  store: StateStore
  device_id: number
  /** The mount: its media_grant_id, or its container's name. */
  mount: string
  folder: string
  /** This agent's version, x.y.z, sent with heartbeats. */
  version: string
  quiet?: boolean
  /** Parts of one file sent at once (default PARALLEL_PARTS). */
  parallel_parts?: number
  print?: (line: string) => void
  signal?: AbortSignal
  onEvent?: (event: SyncEvent) => void
  now?: () => number
}

export interface SyncReport {
  mount: DeviceMount
  folder: string
  /** Files in the folder that may be synced. */
  files: number
  skipped: SkippedEntry[]
  hashed: number
  uploaded: number
  uploaded_bytes: number
  /** Uploads whose content the organization already stored: registered without sending a byte. */
  already_stored: number
  parts_sent: number
  /** Parts an interrupted upload had stored already, not sent again. */
  parts_skipped: number
  downloaded: number
  downloaded_bytes: number
  /** Paths where the folder and the mount hold different content, neither seen by the other. */
  conflicts: string[]
  /** Files of the mount whose content is not in the store yet (nothing to download). */
  not_in_store: number
  /** Files here that the mount deleted: left here, not uploaded again. */
  deleted_in_mount: number
  /** Uploads or downloads the switches of the device turned off for this pass. */
  upload_off: number
  download_off: number
  held: number
  held_added: number
  held_removed: number
  failures: Array<{ path: string; error: string }>
}

/** A size for people: 1.5 MiB. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return unit === 0 ? `${bytes} B` : `${value.toFixed(1)} ${units[unit]}`
}

/** The mount's root as the server keeps full paths: prefix_path '/' is '/media/', '/a/b' is '/media/a/b/'. */
export function mountRoot(prefixPath: string): string {
  const segments = prefixPath.split('/').filter((segment) => segment !== '')
  return segments.length === 0 ? MEDIA_PATH_PREFIX : `${MEDIA_PATH_PREFIX}${segments.join('/')}/`
}

/** The mount a name points at: its media_grant_id, else its container's name (without regard to case). */
export function findMount(mounts: readonly DeviceMount[], name: string): DeviceMount | undefined {
  if (/^\d+$/.test(name)) {
    const byId = mounts.find((mount) => mount.media_grant_id === Number(name))
    if (byId) return byId
  }
  return mounts.find((mount) => mount.grant_name.toLowerCase() === name.toLowerCase())
}

/** Why a mount cannot be synced now, as the server would refuse it. */
export function mountRefusal(
  mount: Pick<DeviceMount, 'is_disabled' | 'grant_is_disabled' | 'volume_is_disabled'>,
): RefusalCode | undefined {
  if (mount.is_disabled) return 'mount_disabled'
  if (mount.grant_is_disabled) return 'grant_disabled'
  if (mount.volume_is_disabled) return 'volume_disabled'
  return undefined
}

/** Sends a heartbeat and keeps its answer (or its refusal) in the state. */
export async function heartbeat(
  client: AgentClient,
  store: StateStore,
  deviceId: number,
  version: string,
  signal?: AbortSignal,
): Promise<DeviceSelf> {
  const at = new Date().toISOString()
  try {
    const answer = await client.call(
      endpoints.deviceHeartbeat,
      { body: { version } },
      { ...(signal ? { signal } : {}) },
    )
    store.writeHeartbeat({ at, server: client.server, device_id: deviceId, version, device: answer.device })
    return answer.device
  } catch (error) {
    if (error instanceof AgentApiError) {
      store.writeHeartbeat({ at, server: client.server, device_id: deviceId, version, error: error.code })
    }
    throw refusalOf(error) ?? error
  }
}

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

/** A holdings report as batches of at most `max` hashes added and `max` removed. */
export function holdingBatches(
  held: ReadonlySet<string>,
  reported: ReadonlySet<string>,
  max = HOLDING_BATCH_MAX,
): Array<{ add: string[]; remove: string[] }> {
  const add = [...held].filter((hash) => !reported.has(hash))
  const remove = [...reported].filter((hash) => !held.has(hash))
  const batches: Array<{ add: string[]; remove: string[] }> = []
  for (let start = 0; start < Math.max(add.length, remove.length); start += max) {
    batches.push({ add: add.slice(start, start + max), remove: remove.slice(start, start + max) })
  }
  return batches
}

function describe(error: unknown): string {
  if (error instanceof AgentApiError) return error.message
  return error instanceof Error ? error.message : String(error)
}

/** One pass: see the top of this file. Throws SyncRefusedError when the server refuses the device. */
export async function syncOnce(options: SyncOptions): Promise<SyncReport> {
  const { client, store, signal } = options
  const now = options.now ?? Date.now
  const print = options.print ?? ((line: string) => console.log(line))
  const say = (line: string) => {
    if (!options.quiet) print(line)
  }
  const folder = path.resolve(options.folder)
  const stat = await fs.stat(folder).catch(() => undefined)
  if (!stat?.isDirectory()) throw new Error(`${folder} is not a folder`)

  let device = await heartbeat(client, store, options.device_id, options.version, signal)
  options.onEvent?.({ type: 'heartbeat', device })
  let lastBeat = now()
  const beatIfDue = async () => {
    if (now() - lastBeat < device.heartbeat_seconds * 1000) return
    device = await heartbeat(client, store, options.device_id, options.version, signal)
    lastBeat = now()
    options.onEvent?.({ type: 'heartbeat', device })
  }

  const { mount_list: mounts } = await client.call(
    endpoints.deviceMounts,
    {},
    { ...(signal ? { signal } : {}) },
  )
  const mount = findMount(mounts, options.mount)
  if (!mount) {
    throw new UnknownMountError(
      `This device has no mount "${options.mount}". Mounts: ${
        mounts.map((each) => `${each.media_grant_id} (${each.grant_name})`).join(', ') || 'none'
      }`,
    )
  }
  const refused = mountRefusal(mount)
  if (refused) throw new SyncRefusedError(refused)
  const target: DeviceMount = mount

  const report: SyncReport = {
    mount,
    folder,
    files: 0,
    skipped: [],
    hashed: 0,
    uploaded: 0,
    uploaded_bytes: 0,
    already_stored: 0,
    parts_sent: 0,
    parts_skipped: 0,
    downloaded: 0,
    downloaded_bytes: 0,
    conflicts: [],
    not_in_store: 0,
    deleted_in_mount: 0,
    upload_off: 0,
    download_off: 0,
    held: 0,
    held_added: 0,
    held_removed: 0,
    failures: [],
  }

  const release = store.lockMount(mount.media_grant_id)
  let state: MountState
  try {
    state = mountStateFor(store.readMount(mount.media_grant_id), {
      media_grant_id: mount.media_grant_id,
      grant_name: mount.grant_name,
      server: client.server,
      device_id: options.device_id,
      folder,
    })
  } catch (error) {
    release()
    throw error
  }
  let lastSave = now()
  const save = (force = false) => {
    if (!force && now() - lastSave < STATE_SAVE_INTERVAL_MS) return
    store.writeMount(state)
    lastSave = now()
  }
  let outcome: SyncSummary['result'] = 'failed'
  let outcomeMessage: string | undefined
  try {
    say(
      `sync: mount ${mount.media_grant_id} "${mount.grant_name}" (volume "${mount.volume_name}", ${mount.prefix_path}) with ${folder}`,
    )
    await syncMount()
    outcome = 'done'
    return report
  } catch (error) {
    const refusal = refusalOf(error)
    if (refusal) {
      outcome = 'refused'
      outcomeMessage = refusal.message
      throw refusal
    }
    if (signal?.aborted) {
      outcome = 'interrupted'
      throw error
    }
    outcomeMessage = describe(error)
    throw error
  } finally {
    state.last_sync = {
      at: new Date(now()).toISOString(),
      result: outcome,
      ...(outcomeMessage ? { message: outcomeMessage } : {}),
      uploaded: report.uploaded,
      downloaded: report.downloaded,
      failed: report.failures.length,
    }
    try {
      save(true)
    } finally {
      release()
    }
  }

  async function syncMount(): Promise<void> {
    const root = mountRoot(target.prefix_path)
    const walked = await walkFolder(folder, { maxRelativeLength: MAX_PATH_LENGTH - root.length })
    for (const leftover of walked.leftovers) await fs.rm(leftover, { force: true })
    report.files = walked.files.length
    report.skipped = walked.skipped
    say(
      `walk: ${walked.files.length} files${
        walked.skipped.length ? `, ${walked.skipped.length} skipped: ${describeSkipped(walked.skipped)}` : ''
      }`,
    )

    // Hash what is new or changed; entries of files no longer here are dropped.
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
        options.onEvent?.({ type: 'hashed', path: file.path })
      } catch (error) {
        if (signal?.aborted) throw error
        // A file being written is left for the next pass.
        report.failures.push({ path: file.path, error: `not read: ${describe(error)}` })
        unread.push(file.path)
      }
      save()
    }
    state.files = kept

    const remote = await listMountFiles(client, target.media_grant_id, signal)
    const decided = planFiles(
      present.map((file) => ({ file, entry: state.files[file.path] as FileEntry })),
      remote,
      [...walked.skipped.map((entry) => entry.path), ...unread],
    )
    for (const rel of decided.left_alone) {
      say(`left alone: ${rel} (a file here at this path is not synced)`)
    }
    const plans = decided.plans
    for (const rel of decided.in_step) {
      const entry = state.files[rel] as FileEntry
      entry.synced_hash = entry.hash
    }
    report.conflicts = decided.conflicts
    report.not_in_store = decided.not_in_store
    report.deleted_in_mount = decided.deleted_in_mount
    for (const conflict of report.conflicts) {
      print(
        `conflict: ${conflict}: Different file already exists in the volume. Neither was replaced; rename the local file to upload it.`,
      )
    }
    save(true)

    const uploads = plans.filter((plan) => plan.kind === 'upload')
    const downloads = plans.filter((plan) => plan.kind === 'download')
    if (uploads.length && device.is_upload_disabled) {
      report.upload_off = uploads.length
      print(`upload: ${uploads.length} files not uploaded: ${REFUSAL_TEXT.upload_not_allowed}`)
    } else {
      const progress = {
        files: 0,
        totalFiles: uploads.length,
        bytes: 0,
        totalBytes: uploads.reduce((sum, plan) => sum + plan.file.size, 0),
      }
      let index = 0
      for (const plan of uploads) {
        index++
        signal?.throwIfAborted()
        await beatIfDue()
        await upload(plan, `${index}/${uploads.length}`, progress)
      }
    }
    if (downloads.length && device.is_download_disabled) {
      report.download_off = downloads.length
      print(`download: ${downloads.length} files not downloaded: ${REFUSAL_TEXT.download_not_allowed}`)
    } else {
      const progress = {
        files: 0,
        totalFiles: downloads.length,
        bytes: 0,
        totalBytes: downloads.reduce((sum, plan) => sum + plan.remote.file_size, 0),
      }
      let index = 0
      for (const plan of downloads) {
        index++
        signal?.throwIfAborted()
        await beatIfDue()
        await download(plan.remote, plan.local, `${index}/${downloads.length}`, progress)
      }
    }
    await reportHoldings()
    say(summaryLine(report))
  }

  async function upload(
    plan: Extract<Plan, { kind: 'upload' }>,
    counter: string,
    progress: { files: number; totalFiles: number; bytes: number; totalBytes: number },
  ) {
    const { file } = plan
    const entry = state.files[file.path] as FileEntry
    say(`upload ${counter}: ${file.path} (${formatBytes(file.size)})`)
    try {
      // The part hashes are dropped once a file is in step; sending its content again needs them back.
      if (isMultipart(file.size) && !entry.part_hashes) {
        const again = await hashFile(file.abs, file.size, { ...(signal ? { signal } : {}) })
        if (again.file_hash !== entry.hash) throw new FileChangedError('changed since it was read')
        entry.part_hashes = again.part_hashes ?? undefined
      }
      const sent = await uploadContent(
        client,
        target.media_grant_id,
        { abs: file.abs, size: file.size, file_hash: entry.hash, part_hashes: entry.part_hashes ?? null },
        {
          ...(signal ? { signal } : {}),
          ...(options.parallel_parts ? { parallelParts: options.parallel_parts } : {}),
          onEvent: (event) => {
            if (event.type === 'plan' && event.parts > 1) {
              say(`  ${event.parts} parts${event.stored ? `, ${event.stored} stored already (resumed)` : ''}`)
            } else if (event.type === 'part_sent') {
              if (event.part_size < file.size)
                say(`  part ${event.part_num} sent (${formatBytes(event.part_size)})`)
              options.onEvent?.({ type: 'part_sent', path: file.path, part_num: event.part_num })
            }
          },
        },
      )
      report.parts_sent += sent.parts_sent
      report.parts_skipped += sent.parts_skipped
      if (sent.already_stored) report.already_stored++
      if (plan.register) {
        await client.call(
          endpoints.mountRegister,
          {
            params: { media_grant_id: target.media_grant_id },
            body: {
              media_path: `/${file.path}`,
              file_size: file.size,
              file_hash: entry.hash,
              mtime: file.mtime_ms,
              ...(plan.previous_hash ? { previous_hash: plan.previous_hash } : {}),
            },
          },
          { ...(signal ? { signal } : {}) },
        )
      }
      // In step with the mount now; the part hashes were only needed to send the parts.
      state.files[file.path] = {
        size: entry.size,
        mtime_ms: entry.mtime_ms,
        hash: entry.hash,
        synced_hash: entry.hash,
      }
      report.uploaded++
      report.uploaded_bytes += sent.bytes_sent
      progress.files++
      progress.bytes += file.size
      say(
        `  done, ${sent.already_stored ? 'content already stored: nothing sent' : `${formatBytes(sent.bytes_sent)} sent`} (${
          progress.files
        }/${progress.totalFiles} files, ${formatBytes(progress.bytes)} of ${formatBytes(progress.totalBytes)})`,
      )
      options.onEvent?.({ type: 'uploaded', path: file.path, size: file.size })
    } catch (error) {
      failOrThrow(file.path, error)
    }
    save(file.size > 64 * 1024 * 1024)
  }

  async function download(
    remote: MountFile,
    local: WalkedFile | null,
    counter: string,
    progress: { files: number; totalFiles: number; bytes: number; totalBytes: number },
  ) {
    say(`download ${counter}: ${remote.path} (${formatBytes(remote.file_size)})`)
    let shown = 0
    try {
      const done = await downloadFile(client, target.media_grant_id, folder, remote, {
        ...(signal ? { signal } : {}),
        // A line every PROGRESS_STEP_BYTES of a large file, so a long download shows it moves.
        onBytes: (received) => {
          if (received - shown < PROGRESS_STEP_BYTES || received === remote.file_size) return
          shown = received
          say(`  ${formatBytes(received)} of ${formatBytes(remote.file_size)} received`)
        },
        // Replacing a copy: only the copy as it was hashed (under its own spelling), never a change made
        // during the download.
        replacing: local ? { abs: local.abs, size: local.size, mtime_ms: local.mtime_ms } : null,
      })
      const rel = path.relative(folder, done.abs).split(path.sep).join('/')
      // A replaced copy keeps its own spelling (done.abs is its path), so its entry is the one written.
      state.files[rel] = { size: done.size, mtime_ms: done.mtime_ms, hash: done.hash, synced_hash: done.hash }
      report.downloaded++
      report.downloaded_bytes += done.size
      progress.files++
      progress.bytes += done.size
      say(
        `  done (${progress.files}/${progress.totalFiles} files, ${formatBytes(progress.bytes)} of ${formatBytes(
          progress.totalBytes,
        )})`,
      )
      options.onEvent?.({ type: 'downloaded', path: rel, size: done.size })
    } catch (error) {
      failOrThrow(remote.path, error)
    }
    save()
  }

  /** A refusal, a stop or a server that does not answer ends the pass; another failure is the file's. */
  function failOrThrow(filePath: string, error: unknown): void {
    const refusal = refusalOf(error)
    if (refusal) throw refusal
    if (signal?.aborted) throw error
    if (error instanceof AgentApiError && error.retryable) throw error
    const text =
      error instanceof AgentApiError && error.code === 'different_file'
        ? 'Different file already exists in the volume.'
        : describe(error)
    report.failures.push({ path: filePath, error: text })
    print(`failed: ${filePath}: ${text}`)
  }

  /** Sends what changed in the set of hashes held here, in batches, keeping each batch sent. */
  async function reportHoldings(): Promise<void> {
    // Held: what is here and in step with the mount. The server records only content that is a file of
    // the mount, so a file not registered yet (its upload failed) is reported once it is.
    const held = new Set(
      Object.values(state.files)
        .filter((entry) => entry.synced_hash === entry.hash)
        .map((entry) => entry.hash),
    )
    const reported = new Set(state.reported)
    const batches = holdingBatches(held, reported)
    let heldCount = held.size
    for (const batch of batches) {
      signal?.throwIfAborted()
      const answer = await client.call(
        endpoints.mountHolding,
        {
          params: { media_grant_id: target.media_grant_id },
          body: {
            ...(batch.add.length ? { add: batch.add } : {}),
            ...(batch.remove.length ? { remove: batch.remove } : {}),
          },
        },
        { ...(signal ? { signal } : {}) },
      )
      // Each batch the server took is kept at once: a stopped report resumes after it. A hash the server
      // did not record (no file of the mount has it yet) stays unreported, to be sent again next pass.
      const ignored = new Set(answer.ignored_list)
      for (const hash of batch.add) if (!ignored.has(hash)) reported.add(hash)
      for (const hash of batch.remove) reported.delete(hash)
      state.reported = [...reported]
      heldCount = answer.held_count
      save(true)
    }
    const added = batches.reduce((sum, batch) => sum + batch.add.length, 0)
    const removed = batches.reduce((sum, batch) => sum + batch.remove.length, 0)
    report.held = heldCount
    report.held_added = added
    report.held_removed = removed
    if (added || removed) say(`holdings: +${added} -${removed} (${heldCount} held)`)
    options.onEvent?.({ type: 'holding', added, removed, held: heldCount })
  }
}

/** The pass in one line. */
export function summaryLine(report: SyncReport): string {
  const parts = [
    `${report.uploaded} uploaded (${formatBytes(report.uploaded_bytes)} sent${
      report.parts_skipped ? `, ${report.parts_skipped} parts stored before` : ''
    })`,
    `${report.downloaded} downloaded (${formatBytes(report.downloaded_bytes)})`,
    `${report.files} files here`,
  ]
  if (report.skipped.length) parts.push(`${report.skipped.length} skipped`)
  if (report.conflicts.length) parts.push(`${report.conflicts.length} conflicts`)
  if (report.deleted_in_mount) parts.push(`${report.deleted_in_mount} deleted in the mount (kept here)`)
  if (report.not_in_store) parts.push(`${report.not_in_store} in the mount not uploaded yet`)
  if (report.failures.length) parts.push(`${report.failures.length} failed`)
  return `done: ${parts.join(', ')}`
}
