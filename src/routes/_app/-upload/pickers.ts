// Picking files and folders. Where the browser has the File System Access pickers, they are used so that the
// queue can keep each file's handle and resume after a reload without asking again; elsewhere the file
// inputs give plain Files (webkitRelativePath carries a picked folder's structure).
import { isUploadablePath } from '../../../transfers/uploadModel.ts'
import type { ChosenFile } from '../../../transfers/uploadSelection.ts'

export type PickedFile = ChosenFile<File, FileSystemFileHandle>

interface PickerWindow {
  showOpenFilePicker?: (options: { multiple: boolean }) => Promise<FileSystemFileHandle[]>
  showDirectoryPicker?: () => Promise<FileSystemDirectoryHandle>
}

const pickerWindow = () => window as unknown as PickerWindow

export function hasFilePicker(): boolean {
  return typeof pickerWindow().showOpenFilePicker === 'function'
}

export function hasDirectoryPicker(): boolean {
  return typeof pickerWindow().showDirectoryPicker === 'function'
}

/** The user closing the picker is no error: it picks nothing. */
function nothingOnCancel(error: unknown): PickedFile[] {
  if (error instanceof DOMException && error.name === 'AbortError') return []
  throw error
}

export async function pickFiles(): Promise<PickedFile[]> {
  try {
    const handles = (await pickerWindow().showOpenFilePicker?.({ multiple: true })) ?? []
    return await Promise.all(
      handles.map(async (handle) => {
        const file = await handle.getFile()
        return { file, relativePath: file.name, handle }
      }),
    )
  } catch (error) {
    return nothingOnCancel(error)
  }
}

async function walk(dir: FileSystemDirectoryHandle, prefix: string, into: PickedFile[]): Promise<void> {
  for await (const entry of dir.values()) {
    // A dot entry (.git, .DS_Store) is never uploaded: its folder is not walked, its file not read.
    if (!isUploadablePath(entry.name)) continue
    const path = `${prefix}/${entry.name}`
    if (entry.kind === 'directory') await walk(entry, path, into)
    else into.push({ file: await entry.getFile(), relativePath: path, handle: entry })
  }
}

export async function pickFolder(): Promise<PickedFile[]> {
  try {
    const dir = await pickerWindow().showDirectoryPicker?.()
    if (!dir) return []
    const found: PickedFile[] = []
    await walk(dir, dir.name, found)
    return found
  } catch (error) {
    return nothingOnCancel(error)
  }
}

/** Files of a file input; a folder input gives each file's place in the folder as webkitRelativePath. */
export function filesOfInput(input: HTMLInputElement): PickedFile[] {
  return Array.from(input.files ?? [], (file) => ({
    file,
    relativePath: file.webkitRelativePath || file.name,
    handle: null,
  }))
}
