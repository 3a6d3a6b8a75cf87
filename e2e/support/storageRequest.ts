// Requests to the store's own host names from Node. Browsers send every *.localhost name to loopback
// (RFC 6761), and the e2e servers' storage hosts (STORAGE_URLS: s1.localhost, s2.localhost…) rely on that;
// Node asks the system resolver, which knows none of them. So the seeding helpers connect to loopback
// themselves and keep the URL's host in the Host header, which the store's signature covers.
import dns, { type LookupAddress, type LookupOptions } from 'node:dns'
import http from 'node:http'

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void

function loopbackLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  if (hostname !== 'localhost' && !hostname.endsWith('.localhost')) {
    dns.lookup(
      hostname,
      { ...options, all: options.all === true } as LookupOptions & { all: boolean },
      callback as never,
    )
    return
  }
  if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }])
  else callback(null, '127.0.0.1', 4)
}

export interface StorageAnswer {
  status: number
  ok: boolean
  body: Buffer
}

/** A GET or PUT of a signed storage URL, answered whole. */
export function storageRequest(
  url: URL,
  init: { method?: string; headers?: Record<string, string>; body?: Uint8Array } = {},
): Promise<StorageAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: init.method ?? 'GET',
        headers: { ...init.headers, ...(init.body ? { 'Content-Length': String(init.body.length) } : {}) },
        lookup: loopbackLookup as never,
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('error', reject)
        response.on('end', () => {
          const status = response.statusCode ?? 0
          resolve({ status, ok: status >= 200 && status < 300, body: Buffer.concat(chunks) })
        })
      },
    )
    request.on('error', reject)
    request.end(init.body)
  })
}
