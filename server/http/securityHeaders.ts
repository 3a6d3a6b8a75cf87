// Headers every answer carries, and the caching rule of the API's answers.
import type { FastifyInstance } from 'fastify'
import { isApiPath, SHARE_PATH_PREFIX } from '../contract/paths.ts'

export interface SecurityHeaderOptions {
  /**
   * Origins the browser sends bytes to and fetches them from directly, besides this server: the default
   * store's hosts (STORAGE_URLS, or an S3 bucket's addresses) and the sources of the organizations' own
   * stores. Pictures and clips are shown from the same places (a thumbnail redirects to its store; the viewer
   * plays a signed URL), so they are img-src and media-src as well as connect-src: a source the console may
   * read bytes from with fetch gains nothing more by being allowed to show them.
   */
  connectOrigins: string[]
  stripe: boolean
  /** The hashes ('sha256-…') of the app shell's inline scripts as they are now (appShell.ts). */
  inlineScripts?: () => string[]
}

export function contentSecurityPolicy(
  { connectOrigins, stripe }: SecurityHeaderOptions,
  inlineScripts: readonly string[] = [],
): string {
  const stores = connectOrigins.map((origin) => ` ${origin}`).join('')
  const stripeScript = stripe ? ' https://js.stripe.com' : ''
  const stripeFrame = stripe ? ' https://js.stripe.com https://hooks.stripe.com' : ''
  return [
    "default-src 'self'",
    // hash-wasm compiles its WebAssembly at run time.
    // The shell's own inline script (its first requests, vite-plugins/earlyRequests.ts) is allowed by its hash.
    `script-src 'self' 'wasm-unsafe-eval'${inlineScripts.map((hash) => ` '${hash}'`).join('')}${stripeScript}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${stores}`,
    `media-src 'self'${stores}`,
    "font-src 'self' data:",
    `connect-src 'self'${stripe ? ' https://api.stripe.com' : ''}${stores}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    `frame-src 'self'${stripeFrame}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/** Sets the security headers on every answer, errors and static files included. */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  // The shell's scripts are looked at again only when the shell is sent, not on every answer, and the policy
  // is written again only when they changed (a new build put in place under the running server).
  const none: string[] = []
  const shellScripts = options.inlineScripts ?? (() => none)
  let hashes = shellScripts()
  let csp = contentSecurityPolicy(options, hashes)
  const policy = (isShell: boolean) => {
    const now = isShell ? shellScripts() : hashes
    if (now !== hashes) {
      hashes = now
      csp = contentSecurityPolicy(options, hashes)
    }
    return csp
  }
  app.addHook('onSend', async (request, reply, payload) => {
    // The session key is in URLs: never leak it to another site through the Referer header.
    reply.header('Referrer-Policy', 'no-referrer')
    reply.header('X-Content-Type-Options', 'nosniff')
    // A share link's page and calls are for the people it was sent to: no search engine keeps them.
    if (request.url.startsWith(SHARE_PATH_PREFIX)) reply.header('X-Robots-Tag', 'noindex')
    const type = reply.getHeader('content-type')
    reply.header('Content-Security-Policy', policy(typeof type === 'string' && type.startsWith('text/html')))
    // API answers hold session keys, signed URLs and the user's details: no cache, shared or private, keeps
    // them. A route may say otherwise for its own answer (a thumbnail's redirect: the browser keeps it a
    // little less long than the signed URL lives, privately).
    const kept = reply.getHeader('cache-control')
    if (isApiPath(request.url) && !(typeof kept === 'string' && kept.startsWith('private, max-age=')))
      reply.header('Cache-Control', 'no-store')
    return payload
  })
}
