// Registers the service worker (sw/sw.ts, built to /sw.js: its URL must never change) and tells the UI when
// a new version waits. The update is applied only when the user asks, so a transfer running in this tab is
// never cut short by a reload.
import { useSyncExternalStore } from 'react'
import { Workbox } from 'workbox-window'

let applyUpdate: (() => void) | undefined
const listeners = new Set<() => void>()

function setUpdate(apply: () => void) {
  applyUpdate = apply
  for (const listener of listeners) listener()
}

export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return
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
  wb.register().catch((error: unknown) => console.error('service worker registration failed', error))
}

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
