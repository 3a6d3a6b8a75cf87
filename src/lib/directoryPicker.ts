// The browser's directory picker (File System Access API), which multi-download writes into. Chromium-based
// browsers have it; others do not, and the download screen says so (specification 000, section 5).
declare global {
  interface Window {
    showDirectoryPicker?: (options?: {
      id?: string
      mode?: 'read' | 'readwrite'
    }) => Promise<FileSystemDirectoryHandle>
  }
}

export type DirectoryPicker = () => Promise<FileSystemDirectoryHandle>

/** The picker for a directory to write into, or undefined where the browser has none. */
export function directoryPicker(): DirectoryPicker | undefined {
  const picker = window.showDirectoryPicker
  if (typeof picker !== 'function') return undefined
  return () => picker.call(window, { id: 'downloads', mode: 'readwrite' })
}

/** The user closed the picker without choosing: nothing to say. */
export function isPickerCancel(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}
