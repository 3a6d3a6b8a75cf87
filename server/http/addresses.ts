// Matching client addresses against configured lists (TRUSTED_PROXIES, RATE_LIMIT_EXEMPT): single
// addresses and CIDR ranges of either family, IPv4-mapped IPv6 addresses counting as their IPv4 form.
import net from 'node:net'
import type { FastifyRequest } from 'fastify'

export type AddressMatcher = (address: string) => boolean

/** A matcher for entries already checked by the configuration (`10.0.0.0/8`, `::1`, `192.0.2.7`). */
export function addressMatcher(entries: readonly string[]): AddressMatcher {
  if (entries.length === 0) return () => false
  const list = new net.BlockList()
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/')
    const type = net.isIP(address) === 6 ? 'ipv6' : 'ipv4'
    if (prefix === undefined) list.addAddress(address, type)
    else list.addSubnet(address, Number(prefix), type)
  }
  return (address) => {
    const family = net.isIP(address)
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4')
  }
}

/**
 * What a per-address limit counts: an IPv4 address (IPv4-mapped IPv6 included) as itself, an IPv6 address
 * as its /64, the block one host or one customer line is given.
 */
export function limitSubject(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped?.[1]) return mapped[1]
  if (net.isIP(address) !== 6) return address
  const [head = '', tail = ''] = address.split('::')
  const headGroups = head === '' ? [] : head.split(':')
  const tailGroups = tail === '' ? [] : tail.split(':')
  const groups = address.includes('::')
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : headGroups
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`
}

const exemptions = new WeakMap<readonly string[], AddressMatcher>()
const warnedOfForwarding = new WeakSet<object>()

/**
 * The address a request came from, for per-address rate limits: the forwarded client address when one of
 * TRUSTED_PROXIES sent the request (Fastify's trustProxy), else the peer; an IPv6 address as its /64 (one
 * host holds a whole /64). Undefined for a client listed in RATE_LIMIT_EXEMPT, which no per-address limit
 * counts; by default no one is exempt, loopback included.
 */
export function clientAddress(request: FastifyRequest): string | undefined {
  const { config } = request.server
  let isExempt = exemptions.get(config.rateLimitExempt)
  if (!isExempt) exemptions.set(config.rateLimitExempt, (isExempt = addressMatcher(config.rateLimitExempt)))
  if (isExempt(request.ip)) return undefined
  if (request.headers['x-forwarded-for'] && request.ip === request.socket.remoteAddress) {
    // Behind a proxy that is not named, every client counts as the proxy: say so once.
    if (!warnedOfForwarding.has(config)) {
      warnedOfForwarding.add(config)
      request.log.warn(
        { peer: request.ip },
        'X-Forwarded-For from a peer not in TRUSTED_PROXIES is ignored: rate limits count this peer as one client',
      )
    }
  }
  return limitSubject(request.ip)
}
