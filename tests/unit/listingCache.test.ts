import { describe, expect, it } from 'vitest'
import type { DirListResponse } from '../../server/contract/media.ts'
import { toJsonBytes } from '../../server/services/jsonBytes.ts'
import { ListingCache } from '../../server/services/listingCache.ts'

// A listing of the given length in bytes: an empty listing padded with a folder name.
const listingOf = (bytes: number) => {
  const empty = toJsonBytes<DirListResponse>({
    media_list: [],
    dir_list: [{ dir_name: '', file_count: 0, deleted_count: 0 }],
  })
  return toJsonBytes<DirListResponse>({
    media_list: [],
    dir_list: [{ dir_name: 'x'.repeat(bytes - empty.length), file_count: 0, deleted_count: 0 }],
  })
}

describe('kept listings', () => {
  it('answers a listing only at the version it was kept at, and drops it at another', () => {
    const cache = new ListingCache(1000)
    const listing = listingOf(100)
    cache.set('1:/media/a/', 3, listing)
    expect(cache.get('1:/media/a/', 3)).toBe(listing)
    expect(cache.get('1:/media/b/', 3)).toBeUndefined()
    expect(cache.get('1:/media/a/', 4)).toBeUndefined()
    // Dropped: not even its own version finds it again.
    expect(cache.get('1:/media/a/', 3)).toBeUndefined()
    expect(cache.size).toBe(0)
  })

  it('keeps at most its bytes, dropping the least recently used first', () => {
    const cache = new ListingCache(300)
    const [a, b, c, d] = [listingOf(100), listingOf(100), listingOf(100), listingOf(100)]
    cache.set('a', 1, a)
    cache.set('b', 1, b)
    cache.set('c', 1, c)
    expect(cache.get('a', 1)).toBe(a) // a is now the most recently used
    cache.set('d', 1, d)
    expect(cache.get('b', 1)).toBeUndefined()
    expect([cache.get('a', 1), cache.get('c', 1), cache.get('d', 1)]).toEqual([a, c, d])
    // A newer listing of a key replaces the older one rather than adding to the bytes kept.
    cache.set('a', 2, listingOf(100))
    expect(cache.size).toBe(3)
    // A listing larger than the whole cache is not kept, and drops nothing.
    cache.set('huge', 1, listingOf(301))
    expect(cache.get('huge', 1)).toBeUndefined()
    expect(cache.size).toBe(3)
  })
})
