/**
 * The API's own paths (storage URLs are not among them: they say their own caching), with the operator's
 * (health, readiness and metrics), which answer JSON errors and are never cached either. '/s/1/' holds the
 * share links' public calls; the console's page of a link, '/s/<token>', stays the app's.
 */
export const API_PATH_PREFIXES = [
  '/api/',
  '/web/',
  '/org_admin/',
  '/s/1/',
  '/healthz',
  '/readyz',
  '/metrics',
] as const

/**
 * A share link's paths: the visitor's page (/s/<token>, an app route) and its calls (/s/1/…, the API's; a
 * token is never '1'). Every answer under them, the page's shell and errors included, is kept out of search
 * engines.
 */
export const SHARE_PATH_PREFIX = '/s/'

// Path prefixes that belong to the API, to storage and to downloads (the device agent), never to the app
// shell: the server's SPA fallback and the service worker's navigation route both leave them alone, so a
// download that is not there is a 404, not the console's 'Page not found'.
export const NON_APP_PATH_PREFIXES = [...API_PATH_PREFIXES, '/storage/', '/downloads/'] as const

/** Whether a path (or a whole request URL: a query string after it changes nothing) is the API's. */
export function isApiPath(urlPath: string): boolean {
  return API_PATH_PREFIXES.some((prefix) => urlPath.startsWith(prefix))
}

export function isAppPath(urlPath: string): boolean {
  return !NON_APP_PATH_PREFIXES.some(
    (prefix) => urlPath === prefix.replace(/\/$/, '') || urlPath.startsWith(prefix),
  )
}
