// Says, politely and on every screen, that the console is offline, or that the server cannot be reached while
// the browser is online, and what it is showing meanwhile. It sits outside the router, so it shows while a
// screen waits for a call that cannot be made yet (/loading included); it goes away by itself when the
// network is back (TanStack Query's onlineManager follows the browser's online events, and refetches what
// was waiting) or the server answers again (src/api/serverReach.ts, src/app/unreachableServer.ts).
import { onlineManager } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { useServerReachable } from '../api/serverReach.ts'
import { formatSimpleTime } from '../lib/format.ts'

let restoredAt: number | undefined
const restoredListeners = new Set<() => void>()

/**
 * When the saved answers put back (src/app/queryPersistence.ts) were saved, for the message: at start for a
 * page opened offline, or later, once the server is found out of reach.
 */
export function setRestoredAt(savedAt: number | undefined): void {
  restoredAt = savedAt
  for (const listener of restoredListeners) listener()
}

function subscribeRestored(listener: () => void): () => void {
  restoredListeners.add(listener)
  return () => {
    restoredListeners.delete(listener)
  }
}

const subscribe = (listener: () => void) => onlineManager.subscribe(listener)
const isOnline = () => onlineManager.isOnline()

/** Whether the browser says it is online (TanStack Query's onlineManager follows it). */
export function useIsOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline)
}

export interface ConnectionNotice {
  /** What is wrong, in a few words. */
  title: string
  /** What the console shows meanwhile, and that it recovers by itself. */
  detail: string
}

/**
 * The line to show, if any. Offline comes first: with no network, whether the server answers is not the
 * question. Both lines say the same of the screen, so that one reads like the other.
 */
export function connectionNotice(
  { online, reachable, restoredAt }: { online: boolean; reachable: boolean; restoredAt: number | undefined },
  now: Date = new Date(),
): ConnectionNotice | undefined {
  if (online && reachable) return undefined
  const shows =
    restoredAt === undefined
      ? 'The console shows what it last loaded'
      : `The console shows what it loaded at ${formatSimpleTime(restoredAt, now)}`
  return online
    ? {
        title: 'The server cannot be reached.',
        detail: `${shows} and updates by itself when the server answers again.`,
      }
    : { title: 'You are offline.', detail: `${shows} and updates by itself when the network is back.` }
}

export function OfflineStatus() {
  const online = useIsOnline()
  const reachable = useServerReachable()
  const savedAt = useSyncExternalStore(subscribeRestored, () => restoredAt)
  const notice = connectionNotice({ online, reachable, restoredAt: savedAt })
  // The live region stays in the page while all is well, empty, so that its message is announced when it
  // appears.
  return (
    <div className="offline-status" role="status" aria-live="polite">
      {notice ? (
        <p>
          <strong>{notice.title}</strong> {notice.detail}
        </p>
      ) : null}
    </div>
  )
}
