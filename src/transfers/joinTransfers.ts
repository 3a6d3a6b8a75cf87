// The signed-in area joins both transfer queues, so that a transfer left by a closed or reloaded tab
// resumes on any screen. It joins once the area has painted: the queues' code (IndexedDB store, worker pools,
// runners, hashing) comes in chunks of its own, fetched and run after the first screen rather than in front
// of it. The upload and download screens import the queues themselves and do not wait for this.
import { useEffect } from 'react'
import type { Transport } from '../api/transport.ts'

export function useJoinTransfers(api: Transport): void {
  useEffect(() => {
    Promise.all([import('./uploads.ts'), import('./downloads.ts')]).then(
      ([uploads, downloads]) => {
        uploads.uploadsManager()
        downloads.downloadManager(api)
      },
      // Offline before the service worker had the chunks: the queues resume once a transfer screen opens.
      (error: unknown) => console.warn('the transfer queues could not be joined', error),
    )
  }, [api])
}
