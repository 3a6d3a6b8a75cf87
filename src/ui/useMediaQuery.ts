// Whether a media query matches, following it as the window changes: for what the CSS cannot decide alone,
// such as a windowed list's row height, which its arithmetic must know.
import { useCallback, useSyncExternalStore } from 'react'

/** The specification's responsive breakpoint (000, section 9): a phone at or below it. */
export const NARROW_QUERY = '(max-width: 600px)'

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', listener)
      return () => list.removeEventListener('change', listener)
    },
    [query],
  )
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  )
}
