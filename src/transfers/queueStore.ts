// The transfer queues in IndexedDB, so they survive reloads: items with their hashes, part digests, sent
// parts, tries and status, and the file and directory handles where the browser can keep them (handles are
// structured-clonable; a plain File is not kept past the page). File bytes are never stored: Chrome refuses
// values over about 127 MiB, and the bytes are on the user's disk already.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb'
import type { DownloadItem, DownloadQueue } from './downloadModel.ts'
import type { UploadItem, UploadQueue } from './uploadModel.ts'
import { TRANSFERS_DB_NAME } from './queueDatabases.ts'

// The databases' names live apart (queueDatabases.ts) so that a screen can name one without bringing idb.
export { LINK_TRANSFERS_DB_NAME, TRANSFERS_DB_NAME } from './queueDatabases.ts'

export const TRANSFERS_DB_VERSION = 1

export interface StoredUpload {
  id: string
  /** Place in the queue: stores give records in key order, the queue keeps the user's order. */
  position: number
  item: UploadItem
  file_handle: FileSystemFileHandle | null
}

export interface StoredDownload {
  id: string
  position: number
  item: DownloadItem
  /** The directory chosen for the download; the item's path is relative to it. */
  dir_handle: FileSystemDirectoryHandle | null
}

interface Settings {
  upload_auto_retry: boolean
}

interface TransfersSchema extends DBSchema {
  uploads: { key: string; value: StoredUpload }
  downloads: { key: string; value: StoredDownload }
  settings: { key: keyof Settings; value: Settings[keyof Settings] }
}

export interface RestoredUploads {
  queue: UploadQueue
  /** Kept file handles by item id; an unfinished item without one needs its file chosen again. */
  handles: Map<string, FileSystemFileHandle>
}

export interface RestoredDownloads {
  queue: DownloadQueue
  handles: Map<string, FileSystemDirectoryHandle>
}

export interface QueueStore {
  loadUploads(): Promise<RestoredUploads>
  /** Writes the queue as it is: items gone from it are deleted, handles of items still there are kept. */
  saveUploads(queue: UploadQueue, handles?: ReadonlyMap<string, FileSystemFileHandle>): Promise<void>
  loadDownloads(): Promise<RestoredDownloads>
  saveDownloads(queue: DownloadQueue, handles?: ReadonlyMap<string, FileSystemDirectoryHandle>): Promise<void>
  close(): void
}

/** A Blob or a buffer where a handle belongs would put file bytes into the database. */
function refuseBytes(value: unknown): void {
  if (value instanceof Blob || value instanceof ArrayBuffer || ArrayBuffer.isView(value)) {
    throw new TypeError('file bytes are never stored with the transfer queue')
  }
}

function upgrade(db: IDBPDatabase<TransfersSchema>, oldVersion: number): void {
  // Each version adds to what the last one made, so a database of any age reaches the current schema.
  if (oldVersion < 1) {
    db.createObjectStore('uploads', { keyPath: 'id' })
    db.createObjectStore('downloads', { keyPath: 'id' })
    db.createObjectStore('settings')
  }
}

export async function openQueueStore(name: string = TRANSFERS_DB_NAME): Promise<QueueStore> {
  const db = await openDB<TransfersSchema>(name, TRANSFERS_DB_VERSION, {
    upgrade: (database, oldVersion) => upgrade(database, oldVersion),
  })

  return {
    async loadUploads() {
      const tx = db.transaction(['uploads', 'settings'])
      const [records, autoRetry] = await Promise.all([
        tx.objectStore('uploads').getAll(),
        tx.objectStore('settings').get('upload_auto_retry'),
      ])
      records.sort((a, b) => a.position - b.position)
      const handles = new Map<string, FileSystemFileHandle>()
      for (const record of records) if (record.file_handle) handles.set(record.id, record.file_handle)
      return {
        queue: { items: records.map((record) => record.item), auto_retry: autoRetry === true },
        handles,
      }
    },

    async saveUploads(queue, handles = new Map()) {
      for (const handle of handles.values()) refuseBytes(handle)
      const tx = db.transaction(['uploads', 'settings'], 'readwrite')
      const store = tx.objectStore('uploads')
      const kept = new Map((await store.getAll()).map((record) => [record.id, record.file_handle]))
      const ids = new Set(queue.items.map((item) => item.id))
      const writes: Array<Promise<unknown>> = [...kept.keys()]
        .filter((id) => !ids.has(id))
        .map((id) => store.delete(id))
      queue.items.forEach((item, position) => {
        const file_handle = handles.get(item.id) ?? kept.get(item.id) ?? null
        writes.push(store.put({ id: item.id, position, item, file_handle }))
      })
      writes.push(tx.objectStore('settings').put(queue.auto_retry, 'upload_auto_retry'))
      await Promise.all([...writes, tx.done])
    },

    async loadDownloads() {
      const records = await db.getAll('downloads')
      records.sort((a, b) => a.position - b.position)
      const handles = new Map<string, FileSystemDirectoryHandle>()
      for (const record of records) if (record.dir_handle) handles.set(record.id, record.dir_handle)
      return { queue: { items: records.map((record) => record.item), needs_access: [] }, handles }
    },

    async saveDownloads(queue, handles = new Map()) {
      for (const handle of handles.values()) refuseBytes(handle)
      const tx = db.transaction('downloads', 'readwrite')
      const kept = new Map((await tx.store.getAll()).map((record) => [record.id, record.dir_handle]))
      const ids = new Set(queue.items.map((item) => item.id))
      const writes: Array<Promise<unknown>> = [...kept.keys()]
        .filter((id) => !ids.has(id))
        .map((id) => tx.store.delete(id))
      queue.items.forEach((item, position) => {
        const dir_handle = handles.get(item.id) ?? kept.get(item.id) ?? null
        writes.push(tx.store.put({ id: item.id, position, item, dir_handle }))
      })
      await Promise.all([...writes, tx.done])
    },

    close() {
      db.close()
    },
  }
}
