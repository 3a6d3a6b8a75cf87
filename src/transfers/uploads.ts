// The upload queue of this tab, for React. Every tab joins the leadership of the 'uploads' queue; the
// leading tab runs the queue (uploadRunner.ts) and publishes its state, the others show that state and send
// their users' commands to the leader. Screens read the state with useSyncExternalStore.
import { useEffect, useSyncExternalStore } from 'react'
import { api } from '../api/client.ts'
import { browserTransfersOptions, joinTransfers, type Leadership } from './leader.ts'
import { createTransferPool } from './pool.ts'
import { openQueueStore } from './queueStore.ts'
import { emptyUploadQueue, type UploadQueue } from './uploadModel.ts'
import { UploadRunner, type UploadCommand } from './uploadRunner.ts'

/** Progress moves many times a second; screens and followers hear of it at most this often. */
export const PUBLISH_INTERVAL_MS = 100

export interface UploadsSnapshot {
  queue: UploadQueue
  /** False until this tab knows the queue: restored here, or heard from the leader. */
  ready: boolean
}

class UploadsManager {
  private snapshot: UploadsSnapshot = { queue: emptyUploadQueue, ready: false }
  private readonly listeners = new Set<() => void>()
  private readonly leadership: Leadership<UploadQueue, UploadCommand>
  private runner: UploadRunner | undefined
  /** Commands that reached the leader before it had restored the queue. */
  private readonly early: UploadCommand[] = []
  private publishTimer: ReturnType<typeof setTimeout> | undefined
  private latest: UploadQueue | undefined

  constructor() {
    this.leadership = joinTransfers<UploadQueue, UploadCommand>({
      ...browserTransfersOptions('uploads'),
      onLead: () => this.lead(),
      currentState: () => this.runner?.state,
      onState: (queue) => this.show(queue),
      onCommand: (command) => (this.runner ? this.runner.apply(command) : this.early.push(command)),
    })
  }

  private async lead(): Promise<void> {
    const runner = new UploadRunner({
      api,
      pool: createTransferPool(),
      store: await openQueueStore(),
      onChange: (queue) => this.changed(queue),
    })
    await runner.restore()
    this.runner = runner
    this.show(runner.state)
    for (const command of this.early.splice(0)) runner.apply(command)
  }

  /** Leader: shows and publishes the queue, at most every PUBLISH_INTERVAL_MS. */
  private changed(queue: UploadQueue): void {
    this.latest = queue
    if (this.publishTimer !== undefined) return
    this.publishTimer = setTimeout(() => {
      this.publishTimer = undefined
      if (!this.latest) return
      this.show(this.latest)
      this.leadership.publish(this.latest)
    }, PUBLISH_INTERVAL_MS)
  }

  private show(queue: UploadQueue): void {
    this.snapshot = { queue, ready: true }
    for (const listener of this.listeners) listener()
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  readonly getSnapshot = (): UploadsSnapshot => this.snapshot

  readonly send = (command: UploadCommand): void => this.leadership.send(command)
}

let manager: UploadsManager | undefined

/** The tab's one manager, made on first use. */
export function uploadsManager(): UploadsManager {
  manager ??= new UploadsManager()
  return manager
}

export interface Uploads extends UploadsSnapshot {
  send: (command: UploadCommand) => void
}

export function useUploads(): Uploads {
  const uploads = uploadsManager()
  const snapshot = useSyncExternalStore(uploads.subscribe, uploads.getSnapshot)
  return { ...snapshot, send: uploads.send }
}

/** Joins the queue when the signed-in area opens, so an upload left by a closed tab resumes on any screen. */
export function useJoinUploads(): void {
  useEffect(() => {
    uploadsManager()
  }, [])
}
