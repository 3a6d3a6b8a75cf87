// The share the screen names (?id=), read from where the service worker kept it (sw/sharedFiles.ts). Not a
// query of the query cache: that cache is written to IndexedDB whole (src/app/queryPersistence.ts), and a
// share's files must not be copied there.
import { useEffect, useState } from 'react'
import { discardStaleShares, readShare, type Share } from '../../../../sw/sharedFiles.ts'

export type ShareState =
  | { status: 'loading' }
  /** No share of that id: queued, discarded, older than a day, or the screen opened without one. */
  | { status: 'missing' }
  | { status: 'failed' }
  | { status: 'ready'; share: Share }

export function useShare(id: string | undefined): ShareState {
  const [state, setState] = useState<ShareState>({ status: 'loading' })
  useEffect(() => {
    let current = true
    const now = Date.now()
    const read = async (): Promise<ShareState> => {
      // Shares nobody took up within a day go whenever the screen opens.
      await discardStaleShares(now).catch(() => 0)
      if (id === undefined) return { status: 'missing' }
      const share = await readShare(id, now)
      return share ? { status: 'ready', share } : { status: 'missing' }
    }
    read().then(
      (next) => current && setState(next),
      () => current && setState({ status: 'failed' }),
    )
    return () => {
      current = false
    }
  }, [id])
  return state
}
