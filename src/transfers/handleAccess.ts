// Access to kept file and directory handles. A handle restored from IndexedDB after a reload may have lost
// the permission the user gave when picking it: the browser then answers 'prompt', and only a click of the
// user (requestPermission needs one) gives it back. Browsers without these methods (and handles of the
// origin's private file system) never ask, so a missing method counts as access.

export type HandleAccessMode = 'read' | 'readwrite'

/** The permission methods of the File System Access API, which TypeScript's DOM library does not declare. */
interface PermissionMethods {
  queryPermission?: (descriptor: { mode: HandleAccessMode }) => Promise<PermissionState>
  requestPermission?: (descriptor: { mode: HandleAccessMode }) => Promise<PermissionState>
}

/** Whether the handle may be used now, without asking the user. */
export async function hasHandleAccess(handle: FileSystemHandle, mode: HandleAccessMode): Promise<boolean> {
  const { queryPermission } = handle as FileSystemHandle & PermissionMethods
  if (typeof queryPermission !== 'function') return true
  try {
    return (await queryPermission.call(handle, { mode })) === 'granted'
  } catch {
    return false
  }
}

/** Asks the user for access again; call it from a click. */
export async function askHandleAccess(handle: FileSystemHandle, mode: HandleAccessMode): Promise<boolean> {
  const { requestPermission } = handle as FileSystemHandle & PermissionMethods
  if (typeof requestPermission !== 'function') return hasHandleAccess(handle, mode)
  try {
    return (await requestPermission.call(handle, { mode })) === 'granted'
  } catch {
    return false
  }
}
