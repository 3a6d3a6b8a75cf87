// Organizations may be served from `<prefix>.<BASE_DOMAIN>`: the left-most label of such a host selects the
// organization. The product's own hosts (BASE_DOMAIN itself, www., api., ...) have no prefix. A prefix its
// organization gave up redirects to the organization's current host while it is held.
import type { FastifyInstance } from 'fastify'
import { RESERVED_DOMAIN_PREFIXES } from '../contract/org.ts'
import { findHeldDomainPrefix } from '../repositories/domainPrefixHolds.ts'

export function domainPrefixOf(host: string | undefined, baseDomain: string): string | null {
  if (!host) return null
  const hostname = host.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '')
  if (!hostname.endsWith(`.${baseDomain}`)) return null
  const prefix = hostname.slice(0, -(baseDomain.length + 1)).split('.')[0] ?? ''
  if (prefix === '' || (RESERVED_DOMAIN_PREFIXES as readonly string[]).includes(prefix)) return null
  return prefix
}

/**
 * Where a request to a held prefix's host goes: the same path and query on the holding organization's
 * current host (same scheme and port), or on the main site (PUBLIC_URL) when it has no prefix now.
 * Undefined when that would be the host asked already (a main site configured under the held prefix).
 */
export function heldPrefixTarget(
  request: { protocol: string; host: string; url: string },
  currentPrefix: string | null,
  config: { baseDomain: string; publicUrl: string },
): string | undefined {
  const port = /:\d+$/.exec(request.host)?.[0] ?? ''
  const origin =
    currentPrefix === null
      ? new URL(config.publicUrl).origin
      : `${request.protocol}://${currentPrefix}.${config.baseDomain}${port}`
  // Appended, never resolved against the origin: a path such as //other.example/ must not name the host.
  const asked = new URL(request.url, 'http://asked.invalid')
  const pathAndQuery = request.url.startsWith('/') ? request.url : `${asked.pathname}${asked.search}`
  const target = new URL(`${origin}${pathAndQuery}`)
  return target.host === request.host.toLowerCase() ? undefined : target.href
}

/**
 * Requests to the host of a prefix its organization gave up, while the prefix is held
 * (DOMAIN_PREFIX_HOLD_DAYS), are sent on to the organization's current host; after the hold the host is an
 * unknown prefix again, answered as before. 308 for every method: it keeps the method and body (an API
 * POST stays a POST, where 301 lets clients turn it into a GET) and says the site moved; for GET and HEAD
 * browsers treat it as 301. It is not cached: the organization may take the prefix back or move again
 * during the hold, and a remembered redirect would then point at a stale host or loop.
 */
export function registerHeldPrefixRedirect(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const host = request.headers.host
    const prefix = domainPrefixOf(host, app.config.baseDomain)
    if (host === undefined || prefix === null) return
    const held = await findHeldDomainPrefix(app.db, prefix)
    if (!held) return
    // Behind a TLS proxy that is not a trusted one the request looks like http: an https main site says
    // the custom hosts are https too (as the attempt cookie's Secure flag reads it).
    const protocol = app.config.publicUrl.startsWith('https:') ? 'https' : request.protocol
    const target = heldPrefixTarget({ protocol, host, url: request.url }, held.domain_prefix, app.config)
    if (target === undefined) return
    return reply.header('Cache-Control', 'no-store').redirect(target, 308)
  })
}
