// The service worker. Its built URL, /sw.js, is permanent: renaming it would strand installed copies.
// It precaches the app shell and every content-hashed chunk, answers navigations with the shell (so the
// console opens offline and on deep links), and leaves API and storage traffic to the network untouched.
// It also receives what other apps share to the installed app (shareTarget.ts).
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { registerRoute } from 'workbox-routing'
import { isAppPath } from '../server/contract/paths.ts'
import { isShareRequest, receiveShare } from './shareTarget.ts'

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null } | string>
}

cleanupOutdatedCaches()
precacheAndRoute(self.__WB_MANIFEST)

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isAppPath(url.pathname),
  createHandlerBoundToURL('/index.html'),
)

// A share is a POST the server has no route for: the worker answers it itself, always.
registerRoute(({ request, url }) => isShareRequest(request, url), receiveShare, 'POST')

// A new version waits until the page asks for it (the user pressed Reload), so running transfers are
// never interrupted by an update.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting()
})

// The first install takes control at once, so the page that installed it works offline without a reload.
clientsClaim()
