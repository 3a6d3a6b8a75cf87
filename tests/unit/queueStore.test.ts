import 'fake-indexeddb/auto'
import { deleteDB, openDB } from 'idb'
import { afterEach, describe, expect, it } from 'vitest'
import { downloadReducer, emptyDownloadQueue } from '../../src/transfers/downloadModel.ts'
import {
  TRANSFERS_DB_NAME,
  TRANSFERS_DB_VERSION,
  openQueueStore,
  type QueueStore,
} from '../../src/transfers/queueStore.ts'
import { emptyUploadQueue, type UploadEvent, type UploadQueue } from '../../src/transfers/uploadModel.ts'
import { uploadReducer } from '../../src/transfers/uploadReducer.ts'

const MiB = 1024 * 1024
const opened: QueueStore[] = []

async function open(): Promise<QueueStore> {
  const store = await openQueueStore()
  opened.push(store)
  return store
}

afterEach(async () => {
  for (const store of opened.splice(0)) store.close()
  await deleteDB(TRANSFERS_DB_NAME)
})

// Stand-ins for handles: what matters is that they are structured-cloned in and out.
const fileHandle = (name: string) => ({ kind: 'file', name }) as unknown as FileSystemFileHandle
const dirHandle = (name: string) => ({ kind: 'directory', name }) as unknown as FileSystemDirectoryHandle

function uploadQueue(): UploadQueue {
  const events: UploadEvent[] = [
    {
      type: 'add',
      files: ['b', 'a', 'c'].map((id) => ({
        id,
        name: `${id}.bin`,
        folder: '',
        media_path: `/media/${id}.bin`,
        file_size: 20 * MiB,
        mtime: 1,
        org_id: 1,
        media_grant_id: 2,
      })),
    },
    { type: 'set_auto_retry', on: true },
    { type: 'start', id: 'a' },
    { type: 'hash_started', id: 'a' },
    { type: 'part_hashed', id: 'a', part_num: 1, part_hash: '1'.repeat(64) },
    { type: 'part_hashed', id: 'a', part_num: 2, part_hash: '2'.repeat(64) },
    { type: 'hashed', id: 'a', hash: 'f'.repeat(64) },
  ]
  return events.reduce((queue, event) => uploadReducer(queue, event, 1000), emptyUploadQueue)
}

describe('the transfer queue store', () => {
  it('creates the versioned schema with one object store per queue', async () => {
    ;(await open()).close()
    const db = await openDB(TRANSFERS_DB_NAME)
    expect(db.version).toBe(TRANSFERS_DB_VERSION)
    expect([...db.objectStoreNames].sort()).toEqual(['downloads', 'settings', 'uploads'])
    db.close()
  })

  it('restores an upload queue in its order, with digests, status, Automated Retry and handles', async () => {
    const queue = uploadQueue()
    const store = await open()
    await store.saveUploads(queue, new Map([['a', fileHandle('a.bin')]]))
    store.close()
    const restored = await (await open()).loadUploads()
    expect(restored.queue).toEqual(queue)
    expect(restored.queue.items.map((item) => item.id)).toEqual(['b', 'a', 'c'])
    expect(restored.queue.items[1]?.parts.map((part) => part.part_hash)).toEqual([
      '1'.repeat(64),
      '2'.repeat(64),
    ])
    expect(restored.queue.auto_retry).toBe(true)
    expect([...restored.handles.keys()]).toEqual(['a'])
    expect(restored.handles.get('a')).toEqual({ kind: 'file', name: 'a.bin' })
  })

  it('keeps handles across saves, and deletes items gone from the queue', async () => {
    const store = await open()
    const queue = uploadQueue()
    await store.saveUploads(queue, new Map([['c', fileHandle('c.bin')]]))
    const shorter = uploadReducer(queue, { type: 'remove', id: 'b' }, 2000)
    await store.saveUploads(shorter)
    const restored = await store.loadUploads()
    expect(restored.queue.items.map((item) => item.id)).toEqual(['a', 'c'])
    expect(restored.handles.get('c')).toEqual({ kind: 'file', name: 'c.bin' })
  })

  it('never stores file bytes', async () => {
    const store = await open()
    const bytes = new Blob(['file content']) as unknown as FileSystemFileHandle
    await expect(store.saveUploads(uploadQueue(), new Map([['a', bytes]]))).rejects.toThrow(TypeError)
    expect((await store.loadUploads()).queue.items).toEqual([])
  })

  it('restores a download queue with bytes received, copies and directory handles', async () => {
    const queue = downloadReducer(
      downloadReducer(
        emptyDownloadQueue,
        {
          type: 'add',
          files: [
            {
              id: 'x',
              org_id: 1,
              media_grant_id: 1,
              media_id: 1,
              path: 'x.bin',
              file_size: 100,
              file_hash: 'h',
            },
            {
              id: 'y',
              org_id: 1,
              media_grant_id: 1,
              media_id: 2,
              path: 'y.bin',
              file_size: 100,
              file_hash: 'h',
            },
          ],
        },
        0,
      ),
      { type: 'start', id: 'x' },
      0,
    )
    const store = await open()
    await store.saveDownloads(queue, new Map([['x', dirHandle('Downloads')]]))
    const restored = await store.loadDownloads()
    expect(restored.queue).toEqual(queue)
    expect(restored.queue.items[1]?.copy_of).toBe('x')
    expect(restored.handles.get('x')).toEqual({ kind: 'directory', name: 'Downloads' })
    await store.saveDownloads(emptyDownloadQueue)
    expect((await store.loadDownloads()).queue.items).toEqual([])
  })

  it('an empty database restores empty queues', async () => {
    const store = await open()
    expect((await store.loadUploads()).queue).toEqual(emptyUploadQueue)
    expect((await store.loadDownloads()).queue).toEqual(emptyDownloadQueue)
  })
})
