// Organizations may be served from `<prefix>.<BASE_DOMAIN>`: the left-most label of such a host selects the
// organization. The product's own hosts (BASE_DOMAIN itself, www., api., ...) have no prefix.
import { RESERVED_DOMAIN_PREFIXES } from '../contract/org.ts'

export function domainPrefixOf(host: string | undefined, baseDomain: string): string | null {
  if (!host) return null
  const hostname = host.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '')
  if (!hostname.endsWith(`.${baseDomain}`)) return null
  const prefix = hostname.slice(0, -(baseDomain.length + 1)).split('.')[0] ?? ''
  if (prefix === '' || (RESERVED_DOMAIN_PREFIXES as readonly string[]).includes(prefix)) return null
  return prefix
}
