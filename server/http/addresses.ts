// Matching client addresses against configured lists (TRUSTED_PROXIES, RATE_LIMIT_EXEMPT): single
// addresses and CIDR ranges of either family, IPv4-mapped IPv6 addresses counting as their IPv4 form.
import net from 'node:net'

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
