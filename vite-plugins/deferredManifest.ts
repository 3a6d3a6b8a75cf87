// Takes the web app manifest's link, which vite-plugin-pwa writes into index.html, back out of it: the app
// links the manifest itself after the first screen (src/app/manifestLink.ts says why). The build fails if
// the link is not there to take, or names another file than the one the app links.
import type { Plugin } from 'vite'
import { MANIFEST_URL } from '../src/app/manifestLink.ts'

const MANIFEST_LINK = /<link rel="manifest" href="([^"]*)"(?: crossorigin="[^"]*")?>/g

/** index.html without its manifest link; throws unless there is exactly one, naming MANIFEST_URL. */
export function withoutManifestLink(html: string): string {
  let links = 0
  const out = html.replace(MANIFEST_LINK, (_link, href: string) => {
    if (href !== MANIFEST_URL)
      throw new Error(`index.html links the manifest at ${href}, the app at ${MANIFEST_URL}`)
    links++
    return ''
  })
  if (links !== 1) throw new Error(`index.html has ${links} manifest links where vite-plugin-pwa writes one`)
  return out
}

export function deferredManifest(): Plugin {
  return {
    name: 'media-console:deferred-manifest',
    apply: 'build',
    // After vite-plugin-pwa, which writes the link.
    enforce: 'post',
    transformIndexHtml: { order: 'post', handler: withoutManifestLink },
  }
}
