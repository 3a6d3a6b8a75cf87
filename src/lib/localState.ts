// The app's store of the values it keeps in the browser (src/lib/localStore.ts has the key scheme and the
// parsing): the one instance over localStorage, following other tabs, and the hook that renders with it.
import { useSyncExternalStore } from 'react'
import {
  createLocalStore,
  LOCAL_STATE_PREFIX,
  type KeyValueStorage,
  type LocalStateName,
  type LocalStateValues,
  type LocalStore,
} from './localStore.ts'

export * from './localStore.ts'

function browserStorage(): KeyValueStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined // storage refused (some private modes)
  }
}

export const localState: LocalStore = createLocalStore(browserStorage())

// Another tab signing in or out changes the same values: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key.startsWith(LOCAL_STATE_PREFIX)) localState.refresh()
  })
}

/** A local value as React state: the component renders again when the value changes. */
export function useLocalState<N extends LocalStateName>(name: N): LocalStateValues[N] | undefined {
  return useSyncExternalStore(localState.subscribe, () => localState.read(name))
}
