// The download queue as each tab sees it: one manager per tab joins the 'downloads' queue; the leading tab
// runs it (downloadRunner.ts) and the others show the state it publishes and send it their commands. The
// screens read it with React hooks.
import { useEffect, useSyncExternalStore } from 'react'
import { getDownloadUrl } from '../api/media.ts'
import { ApiError, type Transport } from '../api/transport.ts'
import { emptyDownloadQueue, type DownloadQueue } from './downloadModel.ts'
import { DownloadRunner, type DownloadCommand, type UrlFailure } from './downloadRunner.ts'
import { browserTransfersOptions, joinTransfers, type Leadership } from './leader.ts'
import { createTransferPool } from './pool.ts'
import { openQueueStore } from './queueStore.ts'

export type { DownloadCommand }

function classifyUrlError(error: unknown): UrlFailure {
  return error instanceof ApiError && error.status === 404 ? 'not_found' : 'other'
}

export class DownloadManager {
  private queue: DownloadQueue = emptyDownloadQueue
  private readonly listeners = new Set<() => void>()
  private readonly leadership: Leadership<DownloadQueue, DownloadCommand>
  /** Leader only: the runner, once the queue store is open (commands wait for it). */
  private runner: Promise<DownloadRunner> | undefined
  private running: DownloadRunner | undefined

  constructor(api: Transport) {
    const startRunner = async () => {
      const runner = new DownloadRunner({
        store: await openQueueStore(),
        pool: createTransferPool(),
        getUrl: (item) =>
          getDownloadUrl(
            api,
            { orgId: item.org_id, mediaGrantId: item.media_grant_id },
            item.media_id,
            false,
          ),
        classifyUrlError,
        onChange: (queue) => {
          this.set(queue)
          this.leadership.publish(queue)
        },
      })
      this.running = runner
      return runner
    }
    this.leadership = joinTransfers<DownloadQueue, DownloadCommand>({
      ...browserTransfersOptions('downloads'),
      onLead: async () => {
        this.runner = startRunner()
        await (await this.runner).lead()
      },
      currentState: () => this.running?.queue,
      onState: (queue) => this.set(queue),
      onCommand: (command) => void this.runner?.then((runner) => runner.command(command)),
    })
  }

  private set(queue: DownloadQueue): void {
    this.queue = queue
    for (const listener of this.listeners) listener()
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  getSnapshot = (): DownloadQueue => this.queue

  send(command: DownloadCommand): void {
    this.leadership.send(command)
  }
}

let manager: DownloadManager | undefined

/** The tab's manager, made on first use: from then on the tab takes part in the queue. */
export function downloadManager(api: Transport): DownloadManager {
  manager ??= new DownloadManager(api)
  return manager
}

/** The download queue of every tab, kept current. */
export function useDownloadQueue(api: Transport): DownloadQueue {
  const current = downloadManager(api)
  return useSyncExternalStore(current.subscribe, current.getSnapshot)
}

/** Joins the queue when the signed-in area opens, so a download left by a closed tab resumes on any screen. */
export function useJoinDownloads(api: Transport): void {
  useEffect(() => {
    downloadManager(api)
  }, [api])
}
