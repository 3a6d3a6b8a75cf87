// The signed-in area joins both transfer queues, so that a transfer left by a closed or reloaded tab
// resumes on any screen. It joins once the area has painted and the page is idle: the queues' code (IndexedDB
// store, worker pools, runners, hashing) comes in chunks of its own, fetched and run after the first screen
// rather than in front of it. The upload and download screens import the queues themselves and do not wait.
import { useEffect } from 'react'
import { whenIdle } from '../lib/idle.ts'

/**
 * The queues are joined once the page is idle after the first screen, or this long after it at the latest:
 * fetched and run at once, their chunks held the first screen's paint back by a good part of a second on a
 * phone.
 */
const JOIN_IDLE_TIMEOUT_MS = 2_000

export function useJoinTransfers(): void {
  useEffect(
    () =>
      whenIdle(() => {
        Promise.all([import('./uploads.ts'), import('./downloads.ts')]).then(
          ([uploads, downloads]) => {
            uploads.uploadsManager()
            downloads.downloadManager()
          },
          // Offline before the service worker had the chunks: the queues resume once a transfer screen opens.
          (error: unknown) => console.warn('the transfer queues could not be joined', error),
        )
      }, JOIN_IDLE_TIMEOUT_MS),
    [],
  )
}
