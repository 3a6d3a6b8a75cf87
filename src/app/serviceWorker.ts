// Registers the service worker (sw/sw.ts, built to /sw.js: its URL must never change), looks for a new
// deployment on navigation and every few minutes, and tells the UI when a new version waits. The update is
// applied only when the user asks (src/app/UpdateBanner.tsx), so a transfer running in this tab is never cut
// short by a reload.
import { useSyncExternalStore } from 'react'
import type { Workbox } from 'workbox-window'
import { whenIdle } from '../lib/idle.ts'
import { linkManifest } from './manifestLink.ts'
import { navigationShouldCheck, UPDATE_CHECK_INTERVAL_MS } from './updateSchedule.ts'

let applyUpdate: (() => void) | undefined
const listeners = new Set<() => void>()

function setUpdate(apply: () => void) {
  applyUpdate = apply
  for (const listener of listeners) listener()
}

/**
 * @param onNavigation subscribes to the app's navigations (the router's onResolved), so that moving around
 *   the console is when it notices a new deployment.
 */
export function registerServiceWorker(onNavigation: (listener: () => void) => void): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return
  /** The registered worker's Workbox; undefined until registration has succeeded. */
  let registered: Workbox | undefined
  let lastNavigationCheck: number | undefined
  const check = (): boolean => {
    // Offline, or not registered yet: nothing to ask, and a failed check would only be logged.
    if (!registered || !navigator.onLine) return false
    registered.update().catch((error: unknown) => console.warn('the check for a new version failed', error))
    return true
  }
  // workbox-window comes with the registration, after the first screen, rather than in the first chunk.
  const register = async () => {
    try {
      const { Workbox } = await import('workbox-window')
      const wb = new Workbox('/sw.js', { scope: '/' })
      wb.addEventListener('waiting', () => {
        setUpdate(() => {
          wb.addEventListener('controlling', () => window.location.reload())
          wb.messageSkipWaiting()
        })
      })
      // Another tab may let the waiting version take over, this page included: from then on a plain reload
      // brings it up, and asking the worker to skip waiting would do nothing.
      wb.addEventListener('controlling', () => {
        if (applyUpdate) setUpdate(() => window.location.reload())
      })
      await wb.register({ immediate: true })
      registered = wb
      // Registering fetched /sw.js: that was a check.
      lastNavigationCheck = Date.now()
    } catch (error: unknown) {
      console.error('service worker registration failed', error)
    }
  }
  let firstScreenShown = false
  onNavigation(() => {
    if (!firstScreenShown) {
      firstScreenShown = true
      whenIdle(() => {
        // Installing the app needs both the manifest and the worker: they come together.
        linkManifest()
        void register()
      }, REGISTER_IDLE_TIMEOUT_MS)
      return
    }
    const now = Date.now()
    if (navigationShouldCheck(lastNavigationCheck, now) && check()) lastNavigationCheck = now
  })
  setInterval(check, UPDATE_CHECK_INTERVAL_MS)
}

/**
 * Installing the worker fetches and caches every chunk of the app: on a phone, a second of work and a
 * megabyte of traffic. It waits until the first screen has been shown and the page is idle, so that it never
 * competes with that screen; so does the manifest's link (src/app/manifestLink.ts). (Workbox's default, the
 * window's load event, comes before a screen of this app has even asked for its data.)
 */
const REGISTER_IDLE_TIMEOUT_MS = 5_000

/**
 * Reloads the page at the user's request. When a new version waits, it takes over first (as the update
 * banner's Reload does), so the reload brings up that version rather than the one still in control.
 */
export function reloadApp(): void {
  if (applyUpdate) applyUpdate()
  else window.location.reload()
}

/** The function that applies a waiting update, or undefined while there is none. */
export function useServiceWorkerUpdate(): (() => void) | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => applyUpdate,
  )
}
