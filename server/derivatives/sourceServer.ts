// How ffmpeg and ffprobe read content: a loopback HTTP server of this process that serves each job's
// object, by a random path, with Range requests, reading from the store that holds it (store.read: a file
// or its parts on the local store, a ranged GET on S3 through the store's client, and so through the
// network store guard). The decoders seek (an MP4's index may sit at its end) without the job ever holding
// the file, or copying it, and they reach nothing but this address (tools.ts INPUT_GUARDS).
import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { parseRange } from '../storage/localRoutes.ts'

export interface Source {
  size: number
  read(start: number, end: number): Promise<Readable | undefined>
}

export class SourceServer {
  private readonly sources = new Map<string, Source>()
  private server: Promise<http.Server> | undefined

  private listen(): Promise<http.Server> {
    this.server ??= new Promise((resolve, reject) => {
      const server = http.createServer((request, response) => void this.serve(request, response))
      server.once('error', reject)
      server.listen(0, '127.0.0.1', () => resolve(server))
    })
    return this.server
  }

  private async serve(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const source = this.sources.get((request.url ?? '').slice(1))
    if (!source || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404).end()
      return
    }
    const range = parseRange(request.headers.range, source.size)
    if (range === 'unsatisfiable') {
      response.writeHead(416, { 'Content-Range': `bytes */${source.size}` }).end()
      return
    }
    const { start, end } = range ?? { start: 0, end: source.size - 1 }
    const headers: http.OutgoingHttpHeaders = {
      'Accept-Ranges': 'bytes',
      'Content-Type': 'application/octet-stream',
      'Content-Length': end - start + 1,
      ...(range ? { 'Content-Range': `bytes ${start}-${end}/${source.size}` } : {}),
    }
    if (request.method === 'HEAD' || end < start) {
      response.writeHead(range ? 206 : 200, headers).end()
      return
    }
    try {
      const body = await source.read(start, end)
      if (!body) {
        response.writeHead(404).end()
        return
      }
      response.writeHead(range ? 206 : 200, headers)
      // A decoder that has read enough closes the connection: that ends the read, not the job.
      await pipeline(body, response).catch(() => body.destroy())
    } catch {
      if (!response.headersSent) response.writeHead(502).end()
      else response.destroy()
    }
  }

  /** Serves a source while `work` runs, at the URL it is given. */
  async serving<T>(source: Source, work: (url: string) => Promise<T>): Promise<T> {
    const server = await this.listen()
    const token = crypto.randomBytes(24).toString('hex')
    this.sources.set(token, source)
    try {
      return await work(`http://127.0.0.1:${(server.address() as AddressInfo).port}/${token}`)
    } finally {
      this.sources.delete(token)
    }
  }

  async close(): Promise<void> {
    const server = await this.server?.catch(() => undefined)
    this.server = undefined
    if (!server) return
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}
