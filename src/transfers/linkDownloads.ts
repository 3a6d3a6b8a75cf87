// A share link visitor's download queue, for the public page (/s/{token}): the console's queue machinery
// (QueueManager, DownloadRunner, the transfer workers) with no session. Its items carry the link's token
// and the visit's link session in place of a container (downloadModel.ts LinkSource), and their addresses
// are asked of the link (downloadAddress.ts). It is a queue of its own, 'link_downloads': its own leader
// lock and channel, its own database (queueStore.ts LINK_TRANSFERS_DB_NAME) and its own staging files
// (ids starting LINK_STAGING_PREFIX), so a visitor's downloads and a signed-in user's in the same browser
// never show, clear or sweep each other's. Items of several links may share it: each carries its own link.
import { useSyncExternalStore } from 'react'
import { LINK_STAGING_PREFIX } from '../../workers/downloadFiles.ts'
import { testDownloadRangeBytes } from '../app/testHooks.ts'
import { classifyUrlError, downloadUrlsOf } from './downloadAddress.ts'
import { emptyDownloadQueue, type DownloadQueue } from './downloadModel.ts'
import { DownloadRunner, type DownloadCommand } from './downloadRunner.ts'
import { browserTransfersOptions } from './leader.ts'
import { createTransferPool } from './pool.ts'
import { QueueManager, type QueueSnapshot } from './queueManager.ts'
import { LINK_TRANSFERS_DB_NAME, openQueueStore } from './queueStore.ts'

export type LinkDownloadManager = QueueManager<DownloadQueue, DownloadCommand>

/** A new item's id: a link's staging files are told from the console's by it. */
export function linkDownloadId(): string {
  return `${LINK_STAGING_PREFIX}${crypto.randomUUID()}`
}

let manager: LinkDownloadManager | undefined

/** The tab's manager, made on first use: from then on the tab takes part in the visitor's queue. */
export function linkDownloadManager(): LinkDownloadManager {
  manager ??= new QueueManager<DownloadQueue, DownloadCommand>({
    leadership: browserTransfersOptions('link_downloads'),
    empty: emptyDownloadQueue,
    makeRunner: async (onChange) =>
      new DownloadRunner({
        store: await openQueueStore(LINK_TRANSFERS_DB_NAME),
        pool: createTransferPool(),
        getUrls: downloadUrlsOf,
        classifyUrlError,
        onChange,
        rangeBytes: testDownloadRangeBytes(),
        stagingScope: 'link',
      }),
  })
  return manager
}

/** The visitor's queue in every tab, kept current, with whether it is known yet. */
export function useLinkDownloads(): QueueSnapshot<DownloadQueue> {
  const current = linkDownloadManager()
  return useSyncExternalStore(current.subscribe, current.getSnapshot)
}
