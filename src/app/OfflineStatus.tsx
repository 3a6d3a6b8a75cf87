// Says, politely and on every screen, that the console is offline and what it is showing meanwhile. It sits
// outside the router, so it shows while a screen waits for a call that cannot be made yet; it goes away by
// itself when the network is back (TanStack Query's onlineManager follows the browser's online events, and
// refetches what was waiting).
import { onlineManager } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { formatSimpleTime } from '../lib/format.ts'

let restoredAt: number | undefined

/** When the answers restored at start (src/app/queryPersistence.ts) were saved, for the message. */
export function setRestoredAt(savedAt: number | undefined): void {
  restoredAt = savedAt
}

const subscribe = (listener: () => void) => onlineManager.subscribe(listener)
const isOnline = () => onlineManager.isOnline()

/** Whether the browser says it is online (TanStack Query's onlineManager follows it). */
export function useIsOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline)
}

export function OfflineStatus() {
  const online = useIsOnline()
  // The live region stays in the page while online, empty, so that its message is announced when it appears.
  return (
    <div className="offline-status" role="status" aria-live="polite">
      {online ? null : (
        <p>
          <strong>You are offline.</strong>{' '}
          {restoredAt === undefined
            ? 'The console shows what it last loaded'
            : `The console shows what it loaded at ${formatSimpleTime(restoredAt)}`}{' '}
          and updates by itself when the network is back.
        </p>
      )}
    </div>
  )
}
