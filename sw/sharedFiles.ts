// Files shared to the installed app from another app's share sheet (Web Share Target: the manifest's
// share_target, vite.config.ts). The service worker receives the share's POST and keeps its files here;
// the share screen (src/routes/_app/share.tsx) lists them, and queues them for upload or discards them.
//
// Files are kept in IndexedDB as Blobs: the browser writes a stored Blob to disk beside the database rather
// than into the record, so a share of large videos is not held in memory while it waits for the user, and
// a File read back is backed by that disk copy. A share not taken up within a day is removed.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb'

/** How long shared files wait to be queued or discarded. */
export const SHARE_KEEP_MS = 24 * 60 * 60 * 1000

const DB_NAME = 'media-console-shares'
const DB_VERSION = 1

export interface Share {
  id: string
  /** When the share arrived (ms since the epoch). */
  received_at: number
  files: File[]
}

interface SharesSchema extends DBSchema {
  shares: { key: string; value: Share; indexes: { received_at: number } }
}

function open(): Promise<IDBPDatabase<SharesSchema>> {
  return openDB<SharesSchema>(DB_NAME, DB_VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        const shares = db.createObjectStore('shares', { keyPath: 'id' })
        shares.createIndex('received_at', 'received_at')
      }
    },
  })
}

async function withDb<T>(work: (db: IDBPDatabase<SharesSchema>) => Promise<T>): Promise<T> {
  const db = await open()
  try {
    return await work(db)
  } finally {
    db.close()
  }
}

/** Keeps a share's files; answers the id the share screen names it by. */
export function keepShare(files: File[], now: number): Promise<string> {
  const id = crypto.randomUUID()
  return withDb(async (db) => {
    await db.put('shares', { id, received_at: now, files })
    return id
  })
}

/** The share of that id, or undefined when it was queued, discarded or is older than a day. */
export function readShare(id: string, now: number): Promise<Share | undefined> {
  return withDb(async (db) => {
    const share = await db.get('shares', id)
    return share && now - share.received_at < SHARE_KEEP_MS ? share : undefined
  })
}

export function discardShare(id: string): Promise<void> {
  return withDb((db) => db.delete('shares', id))
}

/** Removes the shares older than a day (with their files); answers how many. */
export function discardStaleShares(now: number): Promise<number> {
  return withDb(async (db) => {
    const stale = await db.getAllKeysFromIndex(
      'shares',
      'received_at',
      IDBKeyRange.upperBound(now - SHARE_KEEP_MS),
    )
    const tx = db.transaction('shares', 'readwrite')
    await Promise.all([...stale.map((id) => tx.store.delete(id)), tx.done])
    return stale.length
  })
}
