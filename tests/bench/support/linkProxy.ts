// A distant link on loopback: an HTTP proxy in front of the product that adds a fixed delay to every request
// (the round trip to a storage endpoint tens of milliseconds away) and caps every connection's throughput in
// both directions (as a far S3 endpoint caps each TCP connection). It counts the requests in flight, so a
// bench can print how many the client kept going at once.
//
// The cap is a token bucket per client connection: a connection's bytes wait until the bucket allows them,
// so many requests on one keep-alive connection share its rate, and parallel connections each get the full
// rate, as on the real link. Requests are also counted per Host header, as a browser counts its connections
// per host name: the bench gives the proxy several names (s1.localhost, s2.localhost, ...) and prints how many
// requests each saw in flight at once.
import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { Transform, type TransformCallback } from 'node:stream'
import { setTimeout as delay } from 'node:timers/promises'

export interface LinkProxyOptions {
  /** Added before each request is forwarded. */
  latencyMs: number
  /** Each client connection's rate, in each direction. */
  bytesPerSecond: number
}

export interface LinkStats {
  peakInFlight: number
  requests: number
  peakInFlightByHost: Map<string, number>
}

export interface LinkProxy {
  readonly url: string
  /** Where requests go (the product's port), set once it is known. */
  setTarget(port: number): void
  /**
   * The most requests in flight at once since the last reset, and how many were sent; the same per Host
   * header (name and port, lower-case).
   */
  stats(): LinkStats
  reset(): void
  close(): Promise<void>
}

/** Paces the bytes of one connection to its rate. */
class Pacer {
  private nextFree = performance.now()

  constructor(private readonly bytesPerSecond: number) {}

  /** Milliseconds to wait before `bytes` may go. */
  reserve(bytes: number): number {
    const now = performance.now()
    const start = Math.max(now, this.nextFree)
    this.nextFree = start + (bytes / this.bytesPerSecond) * 1000
    return this.nextFree - now
  }
}

class Paced extends Transform {
  constructor(private readonly pacer: Pacer) {
    super()
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    const wait = this.pacer.reserve(chunk.length)
    if (wait < 1) done(null, chunk)
    else setTimeout(() => done(null, chunk), wait)
  }
}

export async function startLinkProxy({ latencyMs, bytesPerSecond }: LinkProxyOptions): Promise<LinkProxy> {
  let targetPort = 0
  let inFlight = 0
  let peakInFlight = 0
  let requests = 0
  const inFlightByHost = new Map<string, number>()
  let peakByHost = new Map<string, number>()
  const pacers = new WeakMap<Socket, { up: Pacer; down: Pacer }>()
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity })

  const server = http.createServer((request, response) => {
    const host = (request.headers.host ?? '').toLowerCase()
    inFlight += 1
    requests += 1
    peakInFlight = Math.max(peakInFlight, inFlight)
    const onHost = (inFlightByHost.get(host) ?? 0) + 1
    inFlightByHost.set(host, onHost)
    peakByHost.set(host, Math.max(peakByHost.get(host) ?? 0, onHost))
    let settled = false
    const settle = () => {
      if (settled) return
      settled = true
      inFlight -= 1
      inFlightByHost.set(host, (inFlightByHost.get(host) ?? 1) - 1)
    }
    response.on('close', settle)
    let pacer = pacers.get(request.socket)
    if (!pacer) {
      pacer = { up: new Pacer(bytesPerSecond), down: new Pacer(bytesPerSecond) }
      pacers.set(request.socket, pacer)
    }
    const { up, down } = pacer
    void delay(latencyMs).then(() => {
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: targetPort,
          method: request.method,
          path: request.url,
          headers: request.headers,
          agent,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(new Paced(down)).pipe(response)
        },
      )
      upstream.on('error', () => {
        if (!response.headersSent) response.writeHead(502)
        response.end()
      })
      request.pipe(new Paced(up)).pipe(upstream)
    })
  })
  server.keepAliveTimeout = 65_000
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    setTarget(portNumber) {
      targetPort = portNumber
    },
    stats: () => ({ peakInFlight, requests, peakInFlightByHost: new Map(peakByHost) }),
    reset() {
      peakInFlight = inFlight
      requests = 0
      peakByHost = new Map([...inFlightByHost].filter(([, count]) => count > 0))
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
        agent.destroy()
      }),
  }
}
