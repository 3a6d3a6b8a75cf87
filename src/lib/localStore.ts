// The values the console keeps in the browser (specification 000, section 3): each under the key
// `local-state-<name>` with a JSON value. The key scheme and the parsing live here once, free of React, so that
// index.html's first requests (src/app/earlyRequests.ts) read the session as the app does; the app's own
// store and its hook are in localState.ts.

export interface LocalStateValues {
  session_key: string
  current_org_id: number
  sidebar_collapsed: boolean
  file_filter: 'all' | 'active' | 'deleted'
  /** How a directory is shown: rows of names, or cards with pictures. */
  listing_view: 'list' | 'grid'
  signup_org_id: number
}
export type LocalStateName = keyof LocalStateValues

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

export const LOCAL_STATE_PREFIX = 'local-state-'

export function localStateKey(name: LocalStateName): string {
  return `${LOCAL_STATE_PREFIX}${name}`
}

export interface LocalStore {
  read<N extends LocalStateName>(name: N): LocalStateValues[N] | undefined
  write<N extends LocalStateName>(name: N, value: LocalStateValues[N]): void
  remove(name: LocalStateName): void
  subscribe(listener: () => void): () => void
  /** Tells subscribers that the storage changed behind the store's back (another tab). */
  refresh(): void
}

function memoryStorage(): KeyValueStorage {
  const values = new Map<string, string>()
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  }
}

export function createLocalStore(storage: KeyValueStorage = memoryStorage()): LocalStore {
  const listeners = new Set<() => void>()
  // Reads are cached per raw string so that useSyncExternalStore sees a stable value between changes.
  const parsed = new Map<string, { raw: string; value: unknown }>()
  const notify = () => {
    for (const listener of listeners) listener()
  }
  return {
    read(name) {
      const key = localStateKey(name)
      const raw = storage.getItem(key)
      if (raw === null) return undefined
      const cached = parsed.get(key)
      if (cached?.raw === raw) return cached.value as LocalStateValues[typeof name]
      try {
        const value = JSON.parse(raw) as LocalStateValues[typeof name]
        parsed.set(key, { raw, value })
        return value
      } catch {
        // A value another build wrote badly is as good as none.
        return undefined
      }
    },
    write(name, value) {
      storage.setItem(localStateKey(name), JSON.stringify(value))
      notify()
    },
    remove(name) {
      storage.removeItem(localStateKey(name))
      notify()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    refresh: notify,
  }
}
