// The download queue of this tab, for React: one QueueManager (queueManager.ts) joins the 'downloads'
// queue; in the leading tab it runs the queue with a DownloadRunner (downloadRunner.ts).
import { useSyncExternalStore } from 'react'
import { emptyDownloadQueue, type DownloadQueue } from './downloadModel.ts'
import { classifyUrlError, downloadUrlsOf } from './downloadAddress.ts'
import { DownloadRunner, type DownloadCommand } from './downloadRunner.ts'
import { browserTransfersOptions } from './leader.ts'
import { announceQueue } from './liveQueues.ts'
import { createTransferPool } from './pool.ts'
import { QueueManager } from './queueManager.ts'
import { testDownloadRangeBytes } from '../app/testHooks.ts'
import { openQueueStore } from './queueStore.ts'

export type { DownloadCommand }

export type DownloadManager = QueueManager<DownloadQueue, DownloadCommand>

let manager: DownloadManager | undefined

/** The tab's manager, made on first use: from then on the tab takes part in the queue. */
export function downloadManager(): DownloadManager {
  if (manager) return manager
  manager = new QueueManager<DownloadQueue, DownloadCommand>({
    leadership: browserTransfersOptions('downloads'),
    empty: emptyDownloadQueue,
    makeRunner: async (onChange) =>
      new DownloadRunner({
        store: await openQueueStore(),
        pool: createTransferPool(),
        getUrls: downloadUrlsOf,
        classifyUrlError,
        onChange,
        rangeBytes: testDownloadRangeBytes(),
      }),
  })
  announceQueue('downloads', manager)
  return manager
}

/** The download queue of every tab, kept current. */
export function useDownloadQueue(): DownloadQueue {
  const current = downloadManager()
  return useSyncExternalStore(current.subscribe, current.getQueue)
}
