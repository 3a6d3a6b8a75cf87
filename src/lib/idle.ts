// Work that must not compete with the first screen (installing the service worker, joining the transfer
// queues) waits until the page is idle after it. Each of those runs soon anyway: at most `timeoutMs` later.

/** Where the browser cannot say when it is idle, a moment after the call. */
const IDLE_FALLBACK_MS = 1_000

/** Runs `run` once the page is idle, or after `timeoutMs` at the latest; the returned function cancels it. */
export function whenIdle(run: () => void, timeoutMs: number): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(run, { timeout: timeoutMs })
    return () => window.cancelIdleCallback(handle)
  }
  const timer = setTimeout(run, Math.min(IDLE_FALLBACK_MS, timeoutMs))
  return () => clearTimeout(timer)
}
