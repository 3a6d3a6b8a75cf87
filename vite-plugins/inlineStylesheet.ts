// The app's one stylesheet goes inside index.html instead of beside it. A stylesheet blocks the first paint
// until it has arrived, and on a phone's link a file of its own is one more request in the way; inside the
// page it arrives with the first bytes. It is small (about 5 KB compressed) and every screen needs all of it,
// so nothing is lost by not caching it apart from the page, which the service worker caches anyway.
// The content security policy allows inline styles (server/http/securityHeaders.ts).
import type { Plugin } from 'vite'

/** A stylesheet link Vite writes into index.html for the entry's CSS. */
const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g

export function inlineStylesheet(): Plugin {
  return {
    name: 'media-console:inline-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html
        return html.replace(STYLESHEET_LINK, (link, fileName: string) => {
          const asset = bundle[fileName]
          if (asset?.type !== 'asset') return link
          const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source)
          // Nothing asks for the file any more: the chunks that named it as a dependency of their dynamic
          // imports (Vite's preload list, written after this hook) are told it is gone, and the file is left
          // out of the build and so of the service worker's precache list.
          for (const output of Object.values(bundle))
            if (output.type === 'chunk') output.viteMetadata?.importedCss.delete(fileName)
          Reflect.deleteProperty(bundle, fileName)
          // A '</style' inside the CSS (in a string or comment) would end the element early.
          return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`
        })
      },
    },
  }
}
