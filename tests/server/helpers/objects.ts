// Object bytes and signed requests for the store tests: content with its hash, part lists with the composite
// hash, and the signed request sent as a browser would (method, URL and headers exactly as given).
import crypto from 'node:crypto'
import http from 'node:http'
import { compositeSha256Hex } from '../../../server/storage/checksums.ts'
import type { SignedRequest } from '../../../server/storage/store.ts'

export const sha256Hex = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex')

export interface TestPart {
  partNumber: number
  bytes: Buffer
  sha256Hex: string
  size: number
}

/** Random content cut into parts of the given sizes, with the multipart hash of the whole. */
export function multipartContent(partSizes: number[]) {
  const whole = crypto.randomBytes(partSizes.reduce((sum, size) => sum + size, 0))
  let offset = 0
  const parts: TestPart[] = partSizes.map((size, index) => {
    const bytes = whole.subarray(offset, (offset += size))
    return { partNumber: index + 1, bytes, sha256Hex: sha256Hex(bytes), size }
  })
  return { whole, parts, fileHash: compositeSha256Hex(parts.map((part) => part.sha256Hex)) }
}

export const partEntry = ({ partNumber, sha256Hex: digest, size }: TestPart) => ({
  partNumber,
  sha256Hex: digest,
  size,
})

/** Sends a signed request with fetch, as the browser's transfer worker does. */
export function send(signed: SignedRequest, body?: Uint8Array, headers: Record<string, string> = {}) {
  return fetch(signed.url, {
    method: signed.method,
    headers: { ...signed.headers, ...headers },
    ...(body ? { body: new Uint8Array(body) } : {}),
  })
}

/** A PUT whose body is sent chunked, without Content-Length (so its length is known only at its end). */
export function putChunked(
  url: string,
  chunks: Buffer[],
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'PUT', headers }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (text += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }))
    })
    request.on('error', reject)
    for (const chunk of chunks) request.write(chunk)
    request.end()
  })
}

/** The list's entry at index, which the test knows is there. */
export function nth<T>(list: readonly T[], index: number): T {
  const entry = list[index]
  if (entry === undefined) throw new Error(`no entry ${index}`)
  return entry
}
