// The web app manifest's link. The build leaves it out of index.html (vite-plugins/deferredManifest.ts) and
// the app adds it once the first screen has been shown, with the service worker's registration
// (src/app/serviceWorker.ts): a browser fetches the manifest, and the install icon it names, as soon as it
// sees the link, and on a phone's link those two requests would share the first seconds with the screen's
// own code. They are needed only to offer installing the app, which also waits for the service worker.

/** Where the build writes the manifest (vite.config.ts gives it to vite-plugin-pwa as its file name). */
export const MANIFEST_URL = '/manifest.webmanifest'

/** Links the manifest from the page's head, once. */
export function linkManifest(doc: Document = document): void {
  if (doc.querySelector('link[rel="manifest"]')) return
  const link = doc.createElement('link')
  link.rel = 'manifest'
  link.href = MANIFEST_URL
  doc.head.append(link)
}
