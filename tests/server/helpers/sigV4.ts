// A check of AWS Signature Version 4 on presigned URLs (query-string authentication), written from AWS's
// description of the algorithm: s3rver accepts any SigV4 signature without computing it, so the stand-in
// (s3Server.ts) checks presigned requests with this, and a URL sent to a host it was not signed for is
// refused as S3 refuses it.
import crypto from 'node:crypto'

const hmac = (key: crypto.BinaryLike, text: string) => crypto.createHmac('sha256', key).update(text).digest()
const sha256Hex = (text: string) => crypto.createHash('sha256').update(text).digest('hex')

/** RFC 3986 percent-encoding, as SigV4 canonicalises query names and values. */
const encode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

export interface PresignedRequest {
  method: string
  /** The path and query string as sent. */
  target: string
  headers: Record<string, string | string[] | undefined>
}

/** Whether the request carries a presigned SigV4 signature at all. */
export function isPresigned(target: string): boolean {
  return /[?&]X-Amz-Signature=/.test(target)
}

/** Whether a presigned request's signature is the one the secret makes of it as it arrived (host included). */
export function presignedSignatureMatches(request: PresignedRequest, secret: string): boolean {
  const [rawPath = '', rawQuery = ''] = request.target.split('?', 2)
  const pairs = rawQuery
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const [name = '', value = ''] = pair.split('=', 2)
      return [decodeURIComponent(name), decodeURIComponent(value)] as const
    })
  const param = (name: string) => pairs.find(([key]) => key === name)?.[1] ?? ''
  const signature = param('X-Amz-Signature')
  const credential = param('X-Amz-Credential')
  const amzDate = param('X-Amz-Date')
  const signedHeaders = param('X-Amz-SignedHeaders').split(';')
  const scope = credential.split('/').slice(1).join('/')
  const [date = '', region = '', service = ''] = credential.split('/').slice(1)
  const canonicalQuery = pairs
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [encode(name), encode(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&')
  const canonicalHeaders = signedHeaders
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('')
  const canonicalRequest = [
    request.method,
    rawPath,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders.join(';'),
    'UNSIGNED-PAYLOAD',
  ].join('\n')
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n')
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request')
  const expected = hmac(key, stringToSign).toString('hex')
  return (
    signature.length === expected.length &&
    crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
  )
}
