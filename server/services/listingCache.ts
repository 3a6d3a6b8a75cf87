// Directory listings a server process keeps, each with the listing version of the directory's row it was
// read at. A listing of a thousand files costs the database and the server milliseconds to read and to
// serialize, while the console asks for the same folders again and again; checking the version is one
// indexed row. Every change of what a listing holds raises the version in the same transaction
// (repositories/media.ts, touchDirChain), so a kept listing is served only while it is still the listing,
// whichever server process changed the files. Bounded by bytes, least recently used out first.
import type { DirListResponse } from '../contract/media.ts'
import type { Database } from '../db/index.ts'
import type { JsonBytes } from './jsonBytes.ts'

type Listing = JsonBytes<DirListResponse>

/** What one server process keeps for one database, at most. */
export const LISTING_CACHE_BYTES = 64 * 1024 * 1024

interface Kept {
  version: number
  body: Listing
}

export class ListingCache {
  private readonly kept = new Map<string, Kept>()
  private bytes = 0
  /** Lookups so far that found the listing, and that did not (/metrics reads them). */
  hits = 0
  misses = 0

  constructor(private readonly maxBytes: number) {}

  /** The listing kept for this key at this version; a listing of another version is dropped. */
  get(key: string, version: number): Listing | undefined {
    const kept = this.kept.get(key)
    if (!kept) {
      this.misses++
      return undefined
    }
    this.drop(key, kept)
    if (kept.version !== version) {
      this.misses++
      return undefined
    }
    this.hits++
    // Map keeps insertion order: back at the end, it is the most recently used.
    this.kept.set(key, kept)
    this.bytes += kept.body.length
    return kept.body
  }

  set(key: string, version: number, body: Listing): void {
    if (body.length > this.maxBytes) return
    const old = this.kept.get(key)
    if (old) this.drop(key, old)
    this.kept.set(key, { version, body })
    this.bytes += body.length
    for (const [oldest, entry] of this.kept) {
      if (this.bytes <= this.maxBytes) break
      this.drop(oldest, entry)
    }
  }

  get size(): number {
    return this.kept.size
  }

  private drop(key: string, kept: Kept): void {
    this.kept.delete(key)
    this.bytes -= kept.body.length
  }
}

// One cache per open database: ids of volumes are only unique within one database, and one process may
// serve several (tests do).
const caches = new WeakMap<Database, ListingCache>()

export function listingCacheOf(db: Database): ListingCache {
  let cache = caches.get(db)
  if (!cache) caches.set(db, (cache = new ListingCache(LISTING_CACHE_BYTES)))
  return cache
}
