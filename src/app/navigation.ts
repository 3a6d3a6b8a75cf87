// In-app navigation with the memory the link rules ask for: each in-app link remembers the path it left,
// and going back returns there, or to / when nothing is remembered (a deep link opened directly).
import type { AnyRouter, HistoryState } from '@tanstack/react-router'
import { backTarget } from '../lib/links.ts'

const previousPaths: string[] = []

function currentPath(router: AnyRouter): string {
  const { pathname, searchStr, hash } = router.state.location
  return `${pathname}${searchStr}${hash ? `#${hash}` : ''}`
}

/** `state` travels with the entry (a screen opened without it may send the user back). */
export function navigateRemembering(router: AnyRouter, href: string, state?: HistoryState): void {
  previousPaths.push(currentPath(router))
  router.history.push(href, state)
}

export function goBack(router: AnyRouter): void {
  const target = backTarget(previousPaths)
  previousPaths.pop()
  router.history.push(target)
}

declare module '@tanstack/history' {
  interface HistoryState {
    /** Paths (relative to the container) chosen in a listing for /download to collect. */
    download_list?: string[]
    /** Download All was pressed: the screen shows the progress, after a reload too. */
    download_started?: boolean
  }
}
