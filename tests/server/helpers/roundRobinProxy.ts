// A small load balancer on loopback for tests of several server processes: each request goes to the next
// server in turn, with the headers docs/deploy.md's nginx configuration sets (X-Forwarded-For, -Proto,
// -Host, X-Request-Id). A server that refuses the connection (killed, not yet started again) is passed over
// for the next one, as nginx's proxy_next_upstream does for a request it could not send. Bodies are read
// whole before they are sent on, so that a passed-over request can be sent again: these tests send only API
// calls through it (their bytes go to the S3 stand-in), never a part.
import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RoundRobinProxy {
  url: string
  /** The index (in targets) of the server that answered each request so far, in order. */
  readonly served: readonly number[]
  close(): Promise<void>
}

/** Starts the proxy in front of the servers at these base URLs (http://127.0.0.1:port). */
export async function startRoundRobinProxy(targets: readonly string[]): Promise<RoundRobinProxy> {
  const served: number[] = []
  let turn = 0
  // One connection per request: a connection kept alive to a server that was killed would fail a request
  // that did reach it, which no balancer may send again.
  const agent = new http.Agent({ keepAlive: false })

  const forward = (
    request: http.IncomingMessage,
    body: Buffer,
    response: http.ServerResponse,
    tried: number,
  ) => {
    const index = turn++ % targets.length
    const target = new URL(request.url ?? '/', targets[index])
    const peer = request.socket.remoteAddress ?? ''
    const { connection: _connection, 'transfer-encoding': _encoding, ...headers } = request.headers
    const upstream = http.request(
      target,
      {
        method: request.method,
        agent,
        headers: {
          ...headers,
          'x-forwarded-for': peer,
          'x-forwarded-proto': 'http',
          'x-forwarded-host': request.headers.host,
          'x-request-id': request.headers['x-request-id'] ?? crypto.randomUUID(),
          'content-length': String(body.length),
        },
      },
      (answer) => {
        served.push(index)
        response.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(response)
      },
    )
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' && tried + 1 < targets.length) {
        forward(request, body, response, tried + 1)
        return
      }
      if (!response.headersSent) response.writeHead(502).end()
      else response.destroy()
    })
    upstream.end(body)
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => forward(request, Buffer.concat(chunks), response, 0))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
