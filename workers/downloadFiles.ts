// Where a download's bytes go on their way into the user's folder, with the browser's file system objects
// passed in so unit tests drive it in Node with a fake file system that counts the bytes written.
//
// Why a staging file in the origin's private file system (OPFS), and not writes into the folder:
// - A writable of the File System Access API (createWritable) writes a swap file `<name>.crswap` beside the
//   file and renames it over the file on close(); keepExistingData first copies the whole file into the swap
//   file (Chromium: FileSystemAccessFileHandleImpl::CreateSwapFile, then a Copy). Bytes become part of the
//   file only on close(), so a download that must survive a reload has to close and reopen its writable now
//   and then, and every reopen copies the file so far: quadratic with fixed steps, several times the file
//   with growing ones. A reload that lands during that copy leaves the swap file of partial data behind
//   (the browser deletes a swap file only when a writer it made is dropped), and so does a crash. One
//   writable held open for the whole try copies nothing, but a reload drops it with its swap file: the
//   try's bytes are lost and nothing resumes.
// - A sync access handle (createSyncAccessHandle, dedicated workers, OPFS only) writes in place at any
//   offset, with no swap file: every byte written is in the file, so a reload loses nothing and the file's
//   size is where the next try resumes. Each byte of the download is written once.
// - Once the file is whole it goes into the chosen folder once: when that folder is itself in OPFS, by
//   move() (a rename, nothing copied); otherwise by one stream copy through a writable without
//   keepExistingData (its swap file is written once and renamed over the file). Chromium refuses move()
//   between OPFS and the user's disk (InvalidModificationError), so a real folder costs one copy: N bytes
//   staged plus N placed, whatever the reloads, against the quadratic reopens.
// - Nothing partial is left in the user's folder: the file appears there only whole, a swap file a crash
//   left behind (`<name>.crswap`, `<name>.1.crswap`, ...) is removed when the download (re)starts and before
//   the file is placed, and staging files of items no longer in the queue are swept when a tab takes the
//   queue over and when items are removed.
// - A large file is fetched as several byte ranges at once (src/transfers/downloadRanges.ts), all written
//   through the one sync access handle of its staging file, each at its offset: one worker holds the
//   handle, its lanes fetch ranges side by side. The staged size then says nothing of what is done (a
//   range far on may be written before one near the start): the queue item keeps that.
// - Before a file is placed its staged bytes are hashed and compared with its hash; a mismatch drops them.
import { StagedPartDigests } from './stagedPartDigests.ts'
import {
  contentHash,
  copyBlob,
  downloadTo,
  fetchRange,
  type DownloadCallbacks,
  type DownloadResult,
  type PartDigests,
  type TransferError,
  type WritableLike,
} from './transferCore.ts'

/** The directory in OPFS that holds the downloads in progress, one file per queue item. */
export const STAGING_DIRECTORY = 'downloads-in-progress'

/**
 * A staged download is flushed to the disk every so many bytes. A reload needs no flush (the bytes are in
 * the file already, the next try resumes at its size); a flush bounds what a crash of the machine can
 * lose. Each flush waits for the disk, so they are rare enough to keep the download at the link's speed.
 */
export const STAGING_FLUSH_BYTES = 64 * 1024 * 1024

/** A sync access handle is exclusive: the worker of a page that was just reloaded may still hold it. */
export const STAGING_LOCK_TRIES = 20
export const STAGING_LOCK_WAIT_MS = 250

/** The parts of a FileSystemSyncAccessHandle the staging file is written through. */
export interface SyncHandleLike {
  read(into: Uint8Array<ArrayBuffer>, options: { at: number }): number
  write(data: Uint8Array<ArrayBuffer>, options: { at: number }): number
  truncate(size: number): void
  flush(): void
  getSize(): number
  close(): void
}

export interface FileLike {
  readonly kind: 'file'
  readonly name: string
  getFile(): Promise<Blob>
  createWritable(options?: { keepExistingData?: boolean }): Promise<WritableLike & WritableStream>
  createSyncAccessHandle?: () => Promise<SyncHandleLike>
  move?: (folder: FolderLike, name: string) => Promise<void>
}

export interface FolderLike {
  readonly kind: 'directory'
  readonly name: string
  getDirectoryHandle(name: string, options?: { create?: boolean }): Promise<FolderLike>
  getFileHandle(name: string, options?: { create?: boolean }): Promise<FileLike>
  removeEntry(name: string): Promise<void>
  keys(): AsyncIterable<string>
  /** The path from this directory to the handle, or null when it is not inside (another file system). */
  resolve(handle: FolderLike | FileLike): Promise<string[] | null>
}

/** Where a download goes: a path ('a/b.bin') under the directory the user chose. */
export interface DownloadTarget {
  dir: FolderLike
  path: string
}

/** What is on disk for an item: its file whole in the folder, and the bytes staged so far. */
export interface DownloadState {
  whole: boolean
  staged: number
}

function isNotFound(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'NotFoundError'
}

async function removeIfThere(folder: FolderLike, name: string): Promise<void> {
  try {
    await folder.removeEntry(name)
  } catch (error) {
    if (!isNotFound(error)) throw error
  }
}

/** The folders to make under the chosen directory, and the file's own name. */
export function pathSegments(path: string): { folders: string[]; name: string } {
  const parts = path.split('/').filter(Boolean)
  const name = parts.pop() ?? ''
  return { folders: parts, name }
}

/** The folder a target's file goes in (made on the way when `create`), and the file's name. */
async function folderOf(
  target: DownloadTarget,
  create: boolean,
): Promise<{ folder: FolderLike; name: string } | null> {
  const { folders, name } = pathSegments(target.path)
  let folder = target.dir
  try {
    for (const segment of folders) folder = await folder.getDirectoryHandle(segment, { create })
  } catch (error) {
    if (!create && isNotFound(error)) return null
    throw error
  }
  return { folder, name }
}

async function sizeOf(folder: FolderLike, name: string): Promise<number | null> {
  try {
    return (await (await folder.getFileHandle(name)).getFile()).size
  } catch (error) {
    if (isNotFound(error)) return null
    throw error
  }
}

/** Chromium names a writable's swap file `<name>.crswap`, or `<name>.<n>.crswap` when that one is taken. */
export function isSwapFileOf(entry: string, name: string): boolean {
  if (!entry.startsWith(`${name}.`) || !entry.endsWith('.crswap')) return false
  const middle = entry.slice(name.length + 1, -'.crswap'.length)
  return middle === '' || /^\d+$/.test(middle)
}

/** Removes the swap files a crash (or a reload during a copy) left beside a file. */
export async function removeSwapFiles(folder: FolderLike, name: string): Promise<void> {
  const stale: string[] = []
  for await (const entry of folder.keys()) if (isSwapFileOf(entry, name)) stale.push(entry)
  for (const entry of stale) await removeIfThere(folder, entry)
}

export function stagingFolder(root: FolderLike): Promise<FolderLike> {
  return root.getDirectoryHandle(STAGING_DIRECTORY, { create: true })
}

/**
 * The state an item's download starts from. A staged file next to a whole file in the folder is left from
 * a placing that was cut short after the move or copy: it is dropped. Stale swap files go here too, so a
 * resumed download starts from a clean folder.
 */
export async function downloadState(
  root: FolderLike,
  target: DownloadTarget,
  key: string,
  fileSize: number,
): Promise<DownloadState> {
  const staging = await stagingFolder(root)
  const staged = (await sizeOf(staging, key)) ?? 0
  const place = await folderOf(target, false)
  if (!place) return { whole: false, staged }
  await removeSwapFiles(place.folder, place.name)
  const whole = (await sizeOf(place.folder, place.name)) === fileSize
  if (whole && staged > 0) await removeIfThere(staging, key)
  return { whole, staged: whole ? 0 : staged }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Opens the staging file's sync access handle, waiting for a reloaded page's worker to let it go. */
async function openStaged(file: FileLike, tries = STAGING_LOCK_TRIES): Promise<SyncHandleLike> {
  if (!file.createSyncAccessHandle) throw new Error('this browser cannot write a file in place')
  for (let attempt = 1; ; attempt++) {
    try {
      return await file.createSyncAccessHandle()
    } catch (error) {
      // The spec's name for a file taken by another handle; older Chromium said InvalidStateError.
      const locked =
        error instanceof DOMException &&
        (error.name === 'NoModificationAllowedError' || error.name === 'InvalidStateError')
      if (!locked || attempt >= tries) throw error
      await pause(STAGING_LOCK_WAIT_MS)
    }
  }
}

/**
 * A WritableLike over a sync access handle: writes land in the file at once, at the position, and are
 * flushed every flushBytes; close() flushes and lets the handle go.
 */
export function stagedWritable(handle: SyncHandleLike, flushBytes = STAGING_FLUSH_BYTES): WritableLike {
  let position = 0
  let unflushed = 0
  let open = true
  const release = () => {
    if (!open) return
    open = false
    handle.flush()
    handle.close()
  }
  return {
    seek: async (to) => {
      position = to
    },
    truncate: async (size) => {
      handle.truncate(size)
      position = Math.min(position, size)
    },
    write: async (data) => {
      let done = 0
      while (done < data.byteLength) done += handle.write(data.subarray(done), { at: position + done })
      position += data.byteLength
      unflushed += data.byteLength
      if (unflushed >= flushBytes) {
        handle.flush()
        unflushed = 0
      }
    },
    close: async () => release(),
    abort: async () => release(),
  }
}

/** A range for a lane to fetch (src/transfers/downloadRanges.ts RangeJob). */
export interface StagedRangeJob {
  index: number
  start: number
  from: number
  end: number
  url: string
}

/** What a lane tells of its range: bytes written from the range's start, then how it ended. */
export type StagedRangeReport =
  | { index: number; bytes: number; final: false }
  | { index: number; bytes: number; final: true; ok: true }
  | ({ index: number; bytes: number; final: true; ok: false } & TransferError)

/**
 * Fetches ranges into the item's staging file through its one sync access handle, `lanes` at once: each
 * lane asks next() for a range (null: stop), fetches it and writes each chunk at its offset, and tells
 * report() its progress and its end, awaiting the final report before it asks again. A staging file longer
 * than the file (left from other content) is cut to it, so the hash of the staged file is this file's.
 * Answers the digests of the parts whose every range ended whole in this try (workers/stagedPartDigests.ts),
 * for verifyStaged: read back from the file as each part completes, while the other ranges still come.
 */
export async function downloadRangesToStaging(
  fetchFn: typeof fetch,
  root: FolderLike,
  key: string,
  fileSize: number,
  lanes: number,
  timeoutMs: number,
  next: () => Promise<StagedRangeJob | null>,
  report: (report: StagedRangeReport) => void | Promise<void>,
  flushBytes = STAGING_FLUSH_BYTES,
): Promise<PartDigests> {
  const file = await (await stagingFolder(root)).getFileHandle(key, { create: true })
  const handle = await openStaged(file)
  const parts = new StagedPartDigests(fileSize, (view, at) => handle.read(view, { at }))
  let unflushed = 0
  const write = (at: number, data: Uint8Array<ArrayBuffer>) => {
    let done = 0
    while (done < data.byteLength) done += handle.write(data.subarray(done), { at: at + done })
    unflushed += data.byteLength
    if (unflushed >= flushBytes) {
      handle.flush()
      unflushed = 0
    }
  }
  const lane = async () => {
    for (;;) {
      const job = await next()
      if (!job) return
      const result = await fetchRange(fetchFn, job.url, job.from, job.end, write, timeoutMs, (position) => {
        void report({ index: job.index, bytes: position - job.start, final: false })
      })
      const bytes = result.position - job.start
      const { position: _position, ...outcome } = result
      if (result.ok) parts.rangeWhole(job.index, job.start, job.end)
      await report({ index: job.index, bytes, final: true, ...outcome })
    }
  }
  try {
    if (handle.getSize() > fileSize) handle.truncate(fileSize)
    await Promise.all(Array.from({ length: Math.max(1, lanes) }, lane))
    // Each part was read back when it completed: only WebCrypto's digests may still be running.
    return await parts.settled()
  } finally {
    // The handle is exclusive: whatever happened, the next try (in this worker or another) must get it.
    try {
      handle.flush()
    } finally {
      handle.close()
    }
  }
}

/**
 * Whether the staged file is this file: its size, and its hash (transferCore.ts contentHash, the
 * specification's rule) against the item's. A file that is not is dropped, so the next try starts over.
 * knownPartDigests are those downloadRangesToStaging took in this try, read back from this file: only the
 * parts without one are hashed (all of them after a reload, or in another worker).
 */
export async function verifyStaged(
  root: FolderLike,
  key: string,
  fileSize: number,
  fileHash: string,
  onProgress?: (hashedBytes: number) => void,
  knownPartDigests?: PartDigests,
): Promise<boolean> {
  const staging = await stagingFolder(root)
  // An empty file has nothing to fetch, so nothing staged it: its staging file is made empty here.
  const staged = await (await staging.getFileHandle(key, { create: fileSize === 0 })).getFile()
  const good =
    staged.size === fileSize &&
    (await contentHash(staged, onProgress, knownPartDigests)) === fileHash.toLowerCase()
  if (!good) await removeIfThere(staging, key)
  return good
}

/** Fetches url into the item's staging file from fromByte on (see downloadTo for Range and restarts). */
export async function downloadToStaging(
  fetchFn: typeof fetch,
  root: FolderLike,
  key: string,
  url: string,
  fromByte: number,
  timeoutMs: number,
  callbacks: DownloadCallbacks = {},
): Promise<DownloadResult> {
  const file = await (await stagingFolder(root)).getFileHandle(key, { create: true })
  const handle = await openStaged(file)
  const writable = stagedWritable(handle)
  try {
    // Never past what is really there: the caller's start came from this size.
    const from = Math.min(fromByte, handle.getSize())
    return await downloadTo(fetchFn, url, writable, from, timeoutMs, callbacks)
  } finally {
    // The handle is exclusive: whatever happened, the next try (in this worker or another) must get it.
    await writable.close().catch(() => undefined)
  }
}

/**
 * Puts a whole staged file at its place in the folder: by move() inside OPFS, by one copy otherwise. The
 * staged file is removed only once the file is in place, so a reload meanwhile places it again.
 */
export async function placeDownload(root: FolderLike, key: string, target: DownloadTarget): Promise<void> {
  const staging = await stagingFolder(root)
  const staged = await staging.getFileHandle(key)
  const place = await folderOf(target, true)
  if (!place) throw new Error('the folder of this download cannot be made')
  const { folder, name } = place
  await removeSwapFiles(folder, name)
  if (staged.move && (await root.resolve(folder)) !== null) {
    // The same file system: a rename. What is there under the name is replaced.
    await removeIfThere(folder, name)
    await staged.move(folder, name)
    return
  }
  const writable = await (await folder.getFileHandle(name, { create: true })).createWritable()
  await (await staged.getFile()).stream().pipeTo(writable)
  await staging.removeEntry(key)
}

/** Copies a file already placed to another place (a file of the same content), through one writable. */
export async function copyPlaced(
  from: DownloadTarget,
  to: DownloadTarget,
  onProgress?: (bytesCopied: number) => void,
): Promise<void> {
  const source = await folderOf(from, false)
  if (!source) throw new Error('the file to copy from is gone')
  const place = await folderOf(to, true)
  if (!place) throw new Error('the folder of this copy cannot be made')
  await removeSwapFiles(place.folder, place.name)
  const file = await (await source.folder.getFileHandle(source.name)).getFile()
  const writable = await (await place.folder.getFileHandle(place.name, { create: true })).createWritable()
  await copyBlob(file, writable, onProgress)
}

/**
 * The items of a share link's download queue (src/transfers/linkDownloads.ts) have ids that start with
 * this; the console's are bare UUIDs. Both queues stage in the one folder of the origin, and each sweeps
 * only its own files: a sweep of one must not drop what the other will resume from.
 */
export const LINK_STAGING_PREFIX = 'link-'

export type StagingScope = 'console' | 'link'

export function inStagingScope(entry: string, scope: StagingScope): boolean {
  return entry.startsWith(LINK_STAGING_PREFIX) === (scope === 'link')
}

/** Removes the staging files of the scope's items that are no longer downloading (removed, cleared, finished). */
export async function sweepStaging(
  root: FolderLike,
  keep: readonly string[],
  scope: StagingScope = 'console',
): Promise<void> {
  const staging = await stagingFolder(root)
  const gone: string[] = []
  for await (const entry of staging.keys())
    if (inStagingScope(entry, scope) && !keep.includes(entry)) gone.push(entry)
  for (const entry of gone) {
    try {
      await staging.removeEntry(entry)
    } catch {
      // Still open in another worker (a page being unloaded): the next sweep takes it.
    }
  }
}
