// The listing read again while the pictures of its files are being made (src/lib/thumbnails.ts has the
// rule): a refetchInterval for the directory's query that remembers, per directory, since when it has been
// waiting, so that polling stops after a while even if a job never finishes.
import type { Query } from '@tanstack/react-query'
import { useCallback, useRef } from 'react'
import type { DirListResponse } from '../../../api/media.ts'
import { pendingRefetchInterval, thumbnailStateOf } from '../../../lib/thumbnails.ts'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ListingQuery = Query<DirListResponse, Error, DirListResponse, any>

export function usePendingRefetch(): (query: ListingQuery) => number | false {
  const since = useRef(new Map<string, number>())
  return useCallback((query: ListingQuery) => {
    const files = query.state.data?.media_list ?? []
    const waiting = files.some((media) => thumbnailStateOf(media) === 'pending')
    if (!waiting) {
      since.current.delete(query.queryHash)
      return false
    }
    const now = Date.now()
    if (!since.current.has(query.queryHash)) since.current.set(query.queryHash, now)
    return pendingRefetchInterval(files, since.current.get(query.queryHash), now)
  }, [])
}
