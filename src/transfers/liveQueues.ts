// The transfer queues this tab has joined, for the transfer panel on every screen. A queue's manager is made
// by the first to need it (the signed-in area once idle, joinTransfers.ts; a transfer screen at once:
// uploads.ts, downloads.ts) and announced here. The panel reads only what is announced, so it carries none
// of the engine's code (workers, store, runners) and needs nothing of the queues before they are joined.
import { useCallback, useSyncExternalStore } from 'react'
import type { DownloadQueue } from './downloadModel.ts'
import type { UploadQueue } from './uploadModel.ts'

/** What the panel needs of a manager (queueManager.ts). */
export interface LiveQueue<State> {
  subscribe: (listener: () => void) => () => void
  getQueue: () => State
}

interface Queues {
  uploads: LiveQueue<UploadQueue>
  downloads: LiveQueue<DownloadQueue>
}

export type QueueName = keyof Queues

let announced: Partial<Queues> = {}
const listeners = new Set<() => void>()

export function announceQueue<Name extends QueueName>(name: Name, queue: Queues[Name]): void {
  announced = { ...announced, [name]: queue }
  // Managers are made while a screen renders: the panel hears of it after that render, not during it.
  queueMicrotask(() => {
    for (const listener of listeners) listener()
  })
}

function subscribeAnnounced(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const noSubscription = () => () => undefined

/** The queue of that name, kept current; undefined while this tab has not joined it. */
export function useLiveQueue<Name extends QueueName>(
  name: Name,
): ReturnType<Queues[Name]['getQueue']> | undefined {
  const live = useSyncExternalStore(subscribeAnnounced, () => announced[name])
  const subscribe = useCallback(
    (listener: () => void) => (live ? live.subscribe(listener) : noSubscription()),
    [live],
  )
  return useSyncExternalStore(subscribe, () => live?.getQueue()) as
    ReturnType<Queues[Name]['getQueue']> | undefined
}

/** Whether this tab has joined any transfer queue. */
export function useAnyQueueJoined(): boolean {
  return useSyncExternalStore(subscribeAnnounced, () => Object.keys(announced).length > 0)
}
