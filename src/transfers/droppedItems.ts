// What a drop on a listing offers, taken during the drop event: a DataTransfer's items can be read only in
// the event's own task, so grabDropped takes from each item at once what the browser offers (a
// FileSystemHandle's promise, an entry, the File) and the walk (droppedFiles.ts) reads them afterwards. This
// module comes with the listing; the walk and the queue come with the first drop. The interfaces are the
// little of each browser API the walk uses, so unit tests can walk fakes.

export interface Named {
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
