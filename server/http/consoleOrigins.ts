// The origins the console is served at, as the local store's CORS answers name them (storage/localCors.ts).
import { domainPrefixOf } from './customDomain.ts'

/**
 * Whether an origin is one the console is served at: PUBLIC_URL's, or an organization's own host
 * `<prefix>.<BASE_DOMAIN>` (customDomain.ts: the console answers there for the organization whose prefix it
 * is, so its uploads and downloads come from that origin). An organization's host is taken by the same rule
 * that file uses (its left-most label, reserved prefixes excluded), on PUBLIC_URL's scheme and port: the
 * custom hosts are served by the same server, behind the same TLS. Whether the prefix belongs to an
 * organization now is not asked: every such host is the product's own, and the answer is cached per origin.
 */
export function consoleOriginRule(config: {
  publicUrl: string
  baseDomain: string
}): (origin: string) => boolean {
  const main = new URL(config.publicUrl)
  return (origin) => {
    let url: URL
    try {
      url = new URL(origin)
    } catch {
      return false
    }
    // An Origin header is an origin, nothing more: anything with a path or in another spelling is not one.
    if (url.origin !== origin) return false
    if (url.origin === main.origin) return true
    return (
      url.protocol === main.protocol &&
      url.port === main.port &&
      domainPrefixOf(url.host, config.baseDomain) !== null
    )
  }
}
