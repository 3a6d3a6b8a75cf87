// The upload queue of this tab, for React: one QueueManager (queueManager.ts) joins the 'uploads' queue; in
// the leading tab it runs the queue with an UploadRunner (uploadRunner.ts).
import { useSyncExternalStore } from 'react'
import { browserTransfersOptions } from './leader.ts'
import { announceQueue } from './liveQueues.ts'
import { createTransferPool } from './pool.ts'
import { QueueManager, type QueueSnapshot } from './queueManager.ts'
import { openQueueStore } from './queueStore.ts'
import { emptyUploadQueue, type UploadQueue } from './uploadModel.ts'
import { UploadRunner, type UploadCommand } from './uploadRunner.ts'

type UploadsManager = QueueManager<UploadQueue, UploadCommand>

let manager: UploadsManager | undefined

/** The tab's one manager, made on first use. */
export function uploadsManager(): UploadsManager {
  if (manager) return manager
  manager = new QueueManager<UploadQueue, UploadCommand>({
    leadership: browserTransfersOptions('uploads'),
    empty: emptyUploadQueue,
    makeRunner: async (onChange) =>
      new UploadRunner({ pool: createTransferPool(), store: await openQueueStore(), onChange }),
  })
  announceQueue('uploads', manager)
  return manager
}

export interface Uploads extends QueueSnapshot<UploadQueue> {
  send: (command: UploadCommand) => void
}

export function useUploads(): Uploads {
  const uploads = uploadsManager()
  const snapshot = useSyncExternalStore(uploads.subscribe, uploads.getSnapshot)
  return { ...snapshot, send: uploads.send }
}
