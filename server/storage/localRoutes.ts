// The URLs the local store signs, served under /storage/: PUT streams an object or a part to disk while
// hashing it and keeps it only when its SHA-256 and size are the signed ones; GET serves an object with Range
// support and the headers the signature names. Registered (encapsulated) only when the local store is in use.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { HttpError } from '../errors.ts'
import type { Meters, ReceivedKind } from '../metrics.ts'
import { contentDisposition, contentTypeFor } from './download.ts'
import {
  isValidKey,
  NoSuchUploadError,
  objectUrlPath,
  SizeMismatchError,
  STORAGE_PATH_PREFIX,
  type LocalStore,
} from './local.ts'
import { registerStorageCors } from './localCors.ts'
import { getFields, putFields } from './localSigning.ts'
import { ChecksumMismatchError, type ObjectKey } from './store.ts'

/** The largest body a signed PUT carries: the largest part of the part plan (server/contract/parts.ts). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024 * 1024

export interface LocalStoreRoutesOptions {
  store: LocalStore
  /** Origins the console is served at: they alone get CORS headers (localCors.ts). */
  isConsoleOrigin: (origin: string) => boolean
  /** Counts what was received; undefined when metrics are off. */
  metrics: Meters | undefined
}

type Query = Record<string, string | string[] | undefined>

/** A single-valued query parameter, or '' (which no signature covers with a value). */
function param(query: unknown, name: string): string {
  const value = (query as Query)[name]
  return typeof value === 'string' ? value : ''
}

const invalidSignature = () => new HttpError(403, 'invalid_signature')

/** The object key of a signed path; a path the store never signs fails like a bad signature. */
function keyOf(params: unknown): ObjectKey {
  const { orgId, hash, sender, size } = params as {
    orgId: string
    hash: string
    sender?: string
    size?: string
  }
  const key: ObjectKey = { orgId: Number(orgId), fileHash: hash }
  if (size !== undefined) key.derivative = size as ObjectKey['derivative']
  if (sender !== undefined) {
    if (!/^[1-9]\d*$/.test(sender)) throw invalidSignature()
    key.sender = Number(sender)
  }
  if (!/^[1-9]\d*$/.test(orgId) || !isValidKey(key)) throw invalidSignature()
  return key
}

/** The path a key's object is signed under (local.ts signs the same). */
const objectPath = objectUrlPath

/**
 * The host a request was sent to, as the signature covers it: Fastify's request.host, which is the Host header,
 * or X-Forwarded-Host from a trusted proxy only (TRUSTED_PROXIES sets trustProxy, server/app.ts).
 */
const hostOf = (request: FastifyRequest) => request.host

/** The expected SHA-256 and size of a signed PUT, after its signature was checked. */
function verifyPut(store: LocalStore, request: FastifyRequest, urlPath: string) {
  const fields = putFields({
    host: hostOf(request),
    path: urlPath,
    sha256: param(request.query, 'sha256'),
    size: param(request.query, 'size'),
    expires: param(request.query, 'expires'),
  })
  if (!store.verifySignature(fields, param(request.query, 'signature'))) throw invalidSignature()
  const expected = { sha256Hex: fields.sha256, size: Number(fields.size) }
  // A Content-Length that differs from the signed size is refused before a byte is written.
  const declared = request.headers['content-length']
  if (declared !== undefined && Number(declared) !== expected.size) throw new HttpError(400, 'size_mismatch')
  return expected
}

async function receive(
  reply: FastifyReply,
  received: { kind: ReceivedKind; bytes: number; metrics: Meters | undefined },
  write: () => Promise<void>,
) {
  try {
    await write()
    received.metrics?.received(received.kind, received.bytes)
  } catch (error) {
    if (error instanceof SizeMismatchError) throw new HttpError(400, 'size_mismatch')
    if (error instanceof ChecksumMismatchError) throw new HttpError(400, 'checksum_mismatch')
    if (error instanceof NoSuchUploadError) throw new HttpError(404, 'no_such_upload')
    throw error
  }
  return reply.code(200).send()
}

export type ByteRange = { start: number; end: number } | 'unsatisfiable' | undefined

/**
 * One byte range of a Range header (RFC 9110 14.1.2): undefined when there is none or it cannot be parsed
 * (the whole object is served, as the RFC allows; several ranges count as that too), 'unsatisfiable' when it
 * lies past the end.
 */
export function parseRange(header: string | undefined, size: number): ByteRange {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null
  if (!match) return undefined
  const [, first = '', last = ''] = match
  if (first === '' && last === '') return undefined
  if (first === '') {
    const suffix = Number(last)
    if (suffix === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(first)
  if (last !== '' && Number(last) < start) return undefined
  if (start >= size) return 'unsatisfiable'
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) }
}

export const localStoreRoutes: FastifyPluginAsync<LocalStoreRoutesOptions> = async (
  app,
  { store, isConsoleOrigin, metrics },
) => {
  // The URLs are spread over several hosts: the console's requests to the others are cross-origin.
  registerStorageCors(app, STORAGE_PATH_PREFIX, isConsoleOrigin)

  // Bodies are object bytes whatever type the browser labels them with: hand the raw stream to the route.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload))

  // A single PUT goes to the sender's own copy (…/:sender), which the server moves into place once it has
  // seen it; the path without a sender is the content's own.
  for (const objectRoute of [
    `${STORAGE_PATH_PREFIX}/object/:orgId/:hash`,
    `${STORAGE_PATH_PREFIX}/object/:orgId/:hash/:sender`,
  ]) {
    app.put(objectRoute, { bodyLimit: MAX_UPLOAD_BYTES }, async (request, reply) => {
      const key = keyOf(request.params)
      const expected = verifyPut(store, request, objectPath(key))
      // An object's name is its hash: the bytes must hash to the name, not only to the signed value.
      if (expected.sha256Hex !== key.fileHash) throw new HttpError(400, 'checksum_mismatch')
      const received = { kind: 'object', bytes: expected.size, metrics } as const
      return receive(reply, received, () => store.receiveObject(key, expected, request.raw))
    })
  }

  app.put(
    `${STORAGE_PATH_PREFIX}/upload/:orgId/:hash/:uploadId/:partNumber`,
    { bodyLimit: MAX_UPLOAD_BYTES },
    async (request, reply) => {
      const key = keyOf(request.params)
      const { uploadId, partNumber } = request.params as { uploadId: string; partNumber: string }
      const urlPath = `${STORAGE_PATH_PREFIX}/upload/${key.orgId}/${key.fileHash}/${uploadId}/${partNumber}`
      const expected = verifyPut(store, request, urlPath)
      const part = { partNumber: Number(partNumber), ...expected }
      const received = { kind: 'part', bytes: expected.size, metrics } as const
      return receive(reply, received, () => store.receivePart(key, uploadId, part, request.raw))
    },
  )

  // Content, and its thumbnails (…/derivative/:orgId/:hash/:size, written by the server alone).
  const serveGet = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = keyOf(request.params)
    const fields = getFields({
      host: hostOf(request),
      path: objectPath(key),
      disposition: param(request.query, 'disposition'),
      name: param(request.query, 'name'),
      expires: param(request.query, 'expires'),
    })
    if (!store.verifySignature(fields, param(request.query, 'signature'))) throw invalidSignature()

    const object = await store.openObject(key)
    if (!object) throw new HttpError(404, 'not_found')
    const size = object.size
    const range = parseRange(request.headers.range, size)
    if (range === 'unsatisfiable') {
      return reply
        .code(416)
        .header('Content-Range', `bytes */${size}`)
        .send({ error: 'range_not_satisfiable' })
    }
    const secondsLeft = Math.max(0, Number(fields.expires) - Math.floor(Date.now() / 1000))
    reply
      .header('Accept-Ranges', 'bytes')
      .header('Content-Type', contentTypeFor(fields.name))
      .header('Content-Disposition', contentDisposition(fields.name, fields.disposition === 'inline'))
      .header('Cache-Control', `private, max-age=${secondsLeft}`)
      .header('ETag', `"${key.fileHash}${key.derivative === undefined ? '' : `-${key.derivative}`}"`)
    if (range === undefined) {
      reply.header('Content-Length', size)
      return reply.code(200).send(object.read(0, size - 1))
    }
    reply
      .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
      .header('Content-Length', range.end - range.start + 1)
    return reply.code(206).send(object.read(range.start, range.end))
  }
  app.get(`${STORAGE_PATH_PREFIX}/object/:orgId/:hash`, serveGet)
  app.get(`${STORAGE_PATH_PREFIX}/derivative/:orgId/:hash/:size`, serveGet)
}
