// When an open tab looks for a new deployment (src/app/serviceWorker.ts): plain values and one pure rule, so
// that tests read them from here.

/** An open tab looks for a new deployment this often, even when nobody navigates. */
export const UPDATE_CHECK_INTERVAL_MS = 5 * 60_000
/** Navigations check at most this often: a check is a request for /sw.js, and people click fast. */
export const NAVIGATION_CHECK_MIN_INTERVAL_MS = 60_000

/** Whether a navigation now should check for an update: once a minute at most, the page's load counting as one. */
export function navigationShouldCheck(lastCheckAt: number | undefined, now: number): boolean {
  return lastCheckAt === undefined || now - lastCheckAt >= NAVIGATION_CHECK_MIN_INTERVAL_MS
}
