// The last answers the console had, kept in IndexedDB, so that a reload without a network shows them instead
// of waiting forever for calls that cannot be made. The snapshot belongs to one session: it is dropped when
// the session ends, and never shown under another session key.
//
// Why TanStack Query's own dehydrate/hydrate over idb rather than @tanstack/react-query-persist-client: the
// library restores the cache on every start, so an online reload would paint yesterday's listing before the
// fresh one (and loaders would take it as loaded). Here the snapshot is restored only when the browser starts
// offline, or once a call finds the server out of reach (src/app/unreachableServer.ts); while the server
// answers, every screen loads as before. That rule, plus the session check, is the whole of it, and `idb` is
// already the project's IndexedDB library.
//
// Why not the service worker's runtime cache: API answers carry the session key in their URL and would
// outlive a sign-out in Cache Storage, and the app could not tell a cached answer from a fresh one.
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query'
import { openDB, type DBSchema, type IDBPDatabase } from 'idb'
import { localState } from '../lib/localState.ts'

const DB_NAME = 'media-console-query-cache'
const STORE = 'snapshot'
const KEY = 'last'
/** Answers arrive in bursts (a screen makes several calls): one write for the burst. */
const SAVE_DELAY_MS = 1_000
/** Answers older than this are not shown: a week-old listing misleads more than it helps. */
export const SNAPSHOT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000

export interface Snapshot {
  /** A fingerprint of the session key (never the key): the snapshot is shown to that session only. */
  session: string
  savedAt: number
  state: DehydratedState
}

interface CacheSchema extends DBSchema {
  snapshot: { key: string; value: Snapshot }
}

/**
 * A short, one-way fingerprint (cyrb53): enough to tell one session from another in this browser, without
 * keeping the key itself a second time. Synchronous, so it works where crypto.subtle does not (plain http).
 */
export function sessionFingerprint(sessionKey: string): string {
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let i = 0; i < sessionKey.length; i++) {
    const ch = sessionKey.charCodeAt(i)
    h1 = Math.imul(h1 ^ ch, 2654435761)
    h2 = Math.imul(h2 ^ ch, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)
}

/** Whether a stored snapshot may be shown to this session now. */
export function isUsableSnapshot(
  snapshot: Snapshot | undefined,
  sessionKey: string | undefined,
  now: number,
): snapshot is Snapshot {
  if (!snapshot || !sessionKey) return false
  return snapshot.session === sessionFingerprint(sessionKey) && now - snapshot.savedAt <= SNAPSHOT_MAX_AGE_MS
}

let database: Promise<IDBPDatabase<CacheSchema>> | undefined

function open(): Promise<IDBPDatabase<CacheSchema>> {
  database ??= openDB<CacheSchema>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore(STORE)
    },
  })
  return database
}

async function save(queryClient: QueryClient): Promise<void> {
  const db = await open()
  const sessionKey = localState.read('session_key')
  if (!sessionKey) return db.delete(STORE, KEY)
  // Successful queries only (dehydrate's default): an error or a pending fetch says nothing worth showing.
  const snapshot: Snapshot = {
    session: sessionFingerprint(sessionKey),
    savedAt: Date.now(),
    // Mutations are not kept: one restored without its function could only fail when replayed.
    state: dehydrate(queryClient, { shouldDehydrateMutation: () => false }),
  }
  await db.put(STORE, snapshot, KEY)
}

/**
 * Keeps the snapshot up to date: after answers arrive and after queries are forgotten (a sign-out removes
 * them, and the snapshot with them), and at once when the page is hidden, which may be its last moment.
 */
export function keepQueryCache(queryClient: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const saveNow = () => {
    clearTimeout(timer)
    timer = undefined
    save(queryClient).catch((error: unknown) => console.warn('the query cache was not kept', error))
  }
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    const changed = event.type === 'removed' || (event.type === 'updated' && event.action.type === 'success')
    if (changed) timer ??= setTimeout(saveNow, SAVE_DELAY_MS)
  })
  const onHidden = () => {
    if (document.visibilityState === 'hidden' && timer !== undefined) saveNow()
  }
  document.addEventListener('visibilitychange', onHidden)
  return () => {
    unsubscribe()
    clearTimeout(timer)
    document.removeEventListener('visibilitychange', onHidden)
  }
}

/**
 * Puts saved answers into the cache. A call still waiting for one of them is called off: once the server is
 * known to be out of reach, its retries could hold its screen for seconds more (up to a minute when each
 * attempt times out), and the saved answer is the one it would show. Its callers (the session guard among
 * them) get the saved answer at once: the query is reverted to what it held before the call, the saved
 * answer is put in, and only then does the cancellation reach them, which answers them with the query's
 * data. hydrate() keeps any answer newer than the saved one.
 */
export function standIn(queryClient: QueryClient, state: DehydratedState): void {
  const saved = new Set(state.queries.map((query) => query.queryHash))
  // Reverted: the query goes back to what it held before the call, so no error of the call is kept.
  void queryClient.cancelQueries({ predicate: (query) => saved.has(query.queryHash) }, { revert: true })
  hydrate(queryClient, state)
}

/**
 * Puts the last answers of this session back into the cache; answers when they were saved, or undefined
 * when there was nothing to restore, or when `stillWanted` says no once they are read.
 */
export async function restoreQueryCache(
  queryClient: QueryClient,
  now = Date.now(),
  stillWanted: () => boolean = () => true,
): Promise<number | undefined> {
  const sessionKey = localState.read('session_key')
  if (!sessionKey) return undefined
  try {
    const snapshot = await (await open()).get(STORE, KEY)
    if (!isUsableSnapshot(snapshot, sessionKey, now) || !stillWanted()) return undefined
    // They are asked again when the network returns (followNetwork in src/app/queryClient.ts).
    standIn(queryClient, snapshot.state)
    return snapshot.savedAt
  } catch (error) {
    // A browser without IndexedDB (some private modes) starts as it would have without a snapshot.
    console.warn('the query cache could not be restored', error)
    return undefined
  }
}
