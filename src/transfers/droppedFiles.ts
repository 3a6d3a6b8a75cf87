// Files and folders dropped on a listing, turned into the picked files the upload queue takes
// (uploadSelection.ts ChosenFile): each file with its place under the drop ('Trip/day 1/a.jpg', or its name).
//
// A DataTransfer's items can be read only during the drop event's own task: grabDropped takes from each item,
// at once, what the browser offers, and the walk (chosenOfDropped) reads them afterwards. Three ways, best
// first: getAsFileSystemHandle() (Chromium) gives handles the queue keeps, so a dropped file resumes after a
// reload as a picked one does (handleAccess.ts); webkitGetAsEntry() (every browser) walks folders without
// keeping anything; the item's File alone (or dataTransfer.files) where neither is there, which has no
// folders. Hidden folders (a name starting with a dot: .git) are not walked, as the folder picker does not
// walk them; hidden files are listed, so that the selection counts them as skipped. The interfaces below are
// the little of each browser API the walk uses, so unit tests can walk fakes.
import { isUploadablePath } from './uploadModel.ts'
import type { ChosenFile } from './uploadSelection.ts'

interface Named {
  name: string
  size: number
}

export interface FileHandleLike<F extends Named> {
  kind: 'file'
  name: string
  getFile(): Promise<F>
}

export interface DirectoryHandleLike<F extends Named> {
  kind: 'directory'
  name: string
  values(): AsyncIterable<FileHandleLike<F> | DirectoryHandleLike<F>>
}

export type HandleLike<F extends Named> = FileHandleLike<F> | DirectoryHandleLike<F>

export interface FileEntryLike<F extends Named> {
  isFile: true
  isDirectory: false
  name: string
  file(success: (file: F) => void, failure?: (error: unknown) => void): void
}

export interface DirectoryEntryLike<F extends Named> {
  isFile: false
  isDirectory: true
  name: string
  createReader(): {
    readEntries(success: (entries: Array<EntryLike<F>>) => void, failure?: (error: unknown) => void): void
  }
}

export type EntryLike<F extends Named> = FileEntryLike<F> | DirectoryEntryLike<F>

/** What one dropped item offered during the drop event. */
export interface DroppedItem<F extends Named> {
  /** getAsFileSystemHandle()'s answer, where the browser has it. */
  handle: Promise<HandleLike<F> | null> | null
  entry: EntryLike<F> | null
  file: F | null
}

/** The little of a DataTransferItem the grab uses; the two methods are missing in some browsers. */
export interface TransferItemLike<F extends Named> {
  kind: string
  getAsFile(): F | null
  getAsFileSystemHandle?: () => Promise<unknown>
  webkitGetAsEntry?: () => unknown
}

export interface TransferLike<F extends Named> {
  types: ReadonlyArray<string>
  items?: ArrayLike<TransferItemLike<F>>
  files: ArrayLike<F>
}

/** Whether a drag carries files from outside the page (not text, links or the page's own elements). */
export function carriesFiles(transfer: Pick<TransferLike<Named>, 'types'> | null): boolean {
  return transfer !== null && Array.from(transfer.types).includes('Files')
}

function call<T>(read: (() => T) | undefined, on: unknown): T | null {
  if (typeof read !== 'function') return null
  try {
    return read.call(on) ?? null
  } catch {
    return null
  }
}

/** Takes what each dropped item offers; call it synchronously in the drop event. */
export function grabDropped<F extends Named>(transfer: TransferLike<F>): Array<DroppedItem<F>> {
  const items = Array.from(transfer.items ?? []).filter((item) => item.kind === 'file')
  if (items.length === 0) return Array.from(transfer.files, (file) => ({ handle: null, entry: null, file }))
  return items.map((item) => {
    const handle = call(item.getAsFileSystemHandle, item) as Promise<HandleLike<F> | null> | null
    // A rejected handle falls back to the entry; caught here so it is never an unhandled rejection.
    const caught = handle ? Promise.resolve(handle).catch(() => null) : null
    return {
      handle: caught,
      entry: call(item.webkitGetAsEntry, item) as EntryLike<F> | null,
      file: call(item.getAsFile, item),
    }
  })
}

type Chosen<F extends Named> = ChosenFile<F, FileHandleLike<F>>

async function walkHandle<F extends Named>(
  handle: HandleLike<F>,
  path: string,
  into: Array<Chosen<F>>,
): Promise<void> {
  if (handle.kind === 'file') {
    into.push({ file: await handle.getFile(), relativePath: path, handle })
    return
  }
  if (!isUploadablePath(handle.name)) return
  for await (const child of handle.values()) await walkHandle(child, `${path}/${child.name}`, into)
}

function fileOfEntry<F extends Named>(entry: FileEntryLike<F>): Promise<F> {
  return new Promise((resolve, reject) => entry.file(resolve, reject))
}

/** Every entry of a folder: readEntries gives them in batches, until an empty one. */
export async function readAllEntries<F extends Named>(
  entry: DirectoryEntryLike<F>,
): Promise<Array<EntryLike<F>>> {
  const reader = entry.createReader()
  const all: Array<EntryLike<F>> = []
  for (;;) {
    const batch = await new Promise<Array<EntryLike<F>>>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    )
    if (batch.length === 0) return all
    all.push(...batch)
  }
}

async function walkEntry<F extends Named>(
  entry: EntryLike<F>,
  path: string,
  into: Array<Chosen<F>>,
): Promise<void> {
  if (entry.isFile) {
    into.push({ file: await fileOfEntry(entry), relativePath: path, handle: null })
    return
  }
  if (!isUploadablePath(entry.name)) return
  for (const child of await readAllEntries(entry)) await walkEntry(child, `${path}/${child.name}`, into)
}

export interface DroppedFiles<F extends Named> {
  chosen: Array<Chosen<F>>
  /** Dropped items none of the ways could read (a folder removed meanwhile, a file without access). */
  unreadable: number
}

/** Reads the dropped items into picked files, folders walked; handles are kept where the browser gave them. */
export async function chosenOfDropped<F extends Named>(
  items: ReadonlyArray<DroppedItem<F>>,
): Promise<DroppedFiles<F>> {
  const chosen: Array<Chosen<F>> = []
  let unreadable = 0
  for (const item of items) {
    const found: Array<Chosen<F>> = []
    try {
      const handle = item.handle ? await item.handle : null
      if (handle) await walkHandle(handle, handle.name, found)
      else if (item.entry) await walkEntry(item.entry, item.entry.name, found)
      else if (item.file) found.push({ file: item.file, relativePath: item.file.name, handle: null })
      else unreadable += 1
    } catch {
      // A folder read halfway gives nothing of it, so that a second drop brings it whole.
      unreadable += 1
      continue
    }
    chosen.push(...found)
  }
  return { chosen, unreadable }
}
