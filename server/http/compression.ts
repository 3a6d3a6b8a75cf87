// Compresses the API's JSON answers by the request's Accept-Encoding: a listing or a usage month is tens of
// kilobytes of repetitive JSON, a few kilobytes in brotli, which on a phone's link is most of the wait.
//
// Only serialized JSON (a string or a buffer, known in full) is compressed. Streams are not: the app's files
// are compressed at build time (scripts/build.mjs, sent by appShell.ts), and the storage routes serve an
// object's own bytes, whose size, hash and byte ranges the client checks, so they are left out by path as
// well as by being streams. A Range answer (206, Content-Range) names byte offsets of the identity body and
// is never compressed either.
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { STORAGE_PATH_PREFIX } from '../storage/local.ts'

/** Answers smaller than this go as they are: the saving would be less than a packet, the cost a round of CPU. */
export const COMPRESS_MIN_BYTES = 1024

export type ContentCoding = 'br' | 'gzip'

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json(?:\s*;|$)/i
const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/**
 * The coding to answer in, by RFC 9110 12.5.3: the listed coding with the highest q wins (brotli on a tie,
 * being the smaller), `*` stands for codings not listed, q=0 refuses. Undefined: send the identity.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentCoding | undefined {
  if (!acceptEncoding) return undefined
  const weights = new Map<string, number>()
  for (const item of acceptEncoding.split(',')) {
    const [name, ...params] = item.trim().toLowerCase().split(';')
    if (!name) continue
    const q = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean)
    weights.set(name.trim(), q === undefined ? 1 : Number(q))
  }
  const weight = (coding: ContentCoding) => weights.get(coding) ?? weights.get('*') ?? 0
  const best = (['br', 'gzip'] as const).reduce((a, b) => (weight(b) > weight(a) ? b : a))
  return weight(best) > 0 ? best : undefined
}

/** Adds Accept-Encoding to Vary, keeping what other hooks put there. */
function varyOnAcceptEncoding(reply: FastifyReply): void {
  const current = String(reply.getHeader('vary') ?? '')
  const names = current.split(',').map((name) => name.trim().toLowerCase())
  if (names.includes('*') || names.includes('accept-encoding')) return
  reply.header('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding')
}

export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload
    const path = request.url.split('?')[0] ?? ''
    if (path === STORAGE_PATH_PREFIX || path.startsWith(`${STORAGE_PATH_PREFIX}/`)) return payload
    if (reply.statusCode === 206 || reply.hasHeader('content-range') || reply.hasHeader('content-encoding')) {
      return payload
    }
    if (!JSON_TYPE.test(String(reply.getHeader('content-type') ?? ''))) return payload
    const size = Buffer.byteLength(payload)
    if (size < COMPRESS_MIN_BYTES) return payload
    // The answer now depends on Accept-Encoding, compressed or not: a cache must key on it.
    varyOnAcceptEncoding(reply)
    const coding = negotiateEncoding(request.headers['accept-encoding'])
    if (!coding) return payload
    const body =
      coding === 'br'
        ? await brotli(payload, {
            // Quality 4: about gzip's speed with brotli's better ratio; 11 is for the build's files, made once.
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
            },
          })
        : await gzip(payload, { level: 6 })
    reply.header('content-encoding', coding)
    reply.removeHeader('content-length')
    return body
  })
}
