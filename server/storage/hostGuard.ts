// The guard against server-side request forgery for network stores: an organization names the host, and
// the server then connects to it (to probe it, and to check and join what clients upload), so a host that
// resolves to the server's own network (loopback, private, link-local, unspecified, multicast or reserved
// addresses, in IPv4, IPv6 or IPv4-mapped form) is refused unless STORE_ALLOW_PRIVATE_HOSTS is set, as
// tests and a local install with a store on the same machine or network need.
//
// DNS rebinding: the check is not made once at save time and trusted afterwards. Every connection the
// server makes to a network store resolves the host through guardedLookup, which checks every address the
// name resolves to and hands the socket exactly the address it checked, so a name that answers a public
// address to the check and a private one to the connection cannot slip through: there is one resolution,
// and it is the one checked.
import dns from 'node:dns'
import net from 'node:net'

export class HostNotAllowedError extends Error {
  override name = 'HostNotAllowedError'
}

const refused = new net.BlockList()
for (const [address, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // RFC 1918
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // RFC 1918
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // RFC 1918
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  refused.addSubnet(address, prefix, 'ipv4')
}
for (const [address, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96], // NAT64 (an IPv4 address inside)
  ['2002::', 16], // 6to4 (an IPv4 address inside)
] as const) {
  refused.addSubnet(address, prefix, 'ipv6')
}

/** The IPv4 address inside an IPv4-mapped or -compatible IPv6 address (::ffff:a.b.c.d, ::a.b.c.d). */
function embeddedIpv4(address: string): string | undefined {
  const match = /^::(?:ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)
  if (match) return match[1]
  const hex = /^::(?:ffff:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address)
  if (!hex) return undefined
  const high = parseInt(hex[1] as string, 16)
  const low = parseInt(hex[2] as string, 16)
  return [high >> 8, high & 255, low >> 8, low & 255].join('.')
}

/** Whether an address is one the server must not connect to for an organization's store. */
export function isRefusedAddress(address: string): boolean {
  const family = net.isIP(address)
  if (family === 4) return refused.check(address, 'ipv4')
  if (family !== 6) return true
  const inner = embeddedIpv4(address)
  if (inner !== undefined) return refused.check(inner, 'ipv4')
  return refused.check(address, 'ipv6')
}

export interface ResolvedAddress {
  address: string
  family: number
}

type Resolver = (hostname: string) => Promise<ResolvedAddress[]>

const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true })

/**
 * The addresses of a host, every one of them allowed; throws HostNotAllowedError when any is refused (a
 * name with one public and one private address is refused: the connection could take either).
 */
export async function resolveAllowed(
  hostname: string,
  allowPrivate: boolean,
  resolve: Resolver = systemResolver,
): Promise<ResolvedAddress[]> {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1')
  const addresses = net.isIP(bare)
    ? [{ address: bare, family: net.isIP(bare) }]
    : await resolve(bare).catch((error: unknown) => {
        throw new HostNotAllowedError(`${bare} does not resolve: ${(error as Error).message}`)
      })
  if (addresses.length === 0) throw new HostNotAllowedError(`${bare} does not resolve`)
  if (!allowPrivate) {
    const bad = addresses.find((entry) => isRefusedAddress(entry.address))
    if (bad) throw new HostNotAllowedError(`${bare} resolves to a refused address`)
  }
  return addresses
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void

/**
 * A socket lookup (net.connect's `lookup` option) that resolves through resolveAllowed: the address the
 * socket connects to is the one that was checked.
 */
export function guardedLookup(allowPrivate: boolean, resolve: Resolver = systemResolver) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    resolveAllowed(hostname, allowPrivate, resolve).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : undefined
        const usable = wanted ? addresses.filter((entry) => entry.family === wanted) : addresses
        if (usable.length === 0) {
          callback(Object.assign(new Error(`${hostname} has no usable address`), { code: 'ENOTFOUND' }), '')
          return
        }
        if (options.all) callback(null, usable)
        else callback(null, (usable[0] as ResolvedAddress).address, (usable[0] as ResolvedAddress).family)
      },
      (error: Error) => callback(Object.assign(error, { code: 'EHOSTREFUSED' }), ''),
    )
  }
}
