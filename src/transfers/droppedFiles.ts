// Files and folders dropped on a listing, turned into the picked files the upload queue takes
// (uploadSelection.ts ChosenFile): each file with its place under the drop ('Trip/day 1/a.jpg', or its name).
//
// The items were taken during the drop event (droppedItems.ts grabDropped); the walk reads them. Three ways,
// best first: getAsFileSystemHandle() (Chromium) gives handles the queue keeps, so a dropped file resumes after a
// reload as a picked one does (handleAccess.ts); webkitGetAsEntry() (every browser) walks folders without
// keeping anything; the item's File alone (or dataTransfer.files) where neither is there, which has no
// folders. Hidden folders (a name starting with a dot: .git) are not walked, as the folder picker does not
// walk them; hidden files are listed, so that the selection counts them as skipped.
import type {
  DirectoryEntryLike,
  DroppedItem,
  EntryLike,
  FileEntryLike,
  FileHandleLike,
  HandleLike,
  Named,
} from './droppedItems.ts'
import { isUploadablePath } from './uploadModel.ts'
import type { ChosenFile } from './uploadSelection.ts'

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
