// Signed URLs of the local store: an HMAC-SHA256 over everything the URL grants (method, the host it names,
// path, the expected SHA-256 and size of a PUT, the disposition and file name of a GET, the expiry) with a key every server
// process on the database shares, so a URL signed by one process is honoured by all of them.
import crypto from 'node:crypto'
import type { Queryable } from '../db/database.ts'

const SIGNING_KEY_NAME = 'local_store_signing'

/** The shared signing key: 32 random bytes created by whichever process starts first, then read by all. */
export async function loadSigningKey(db: Queryable): Promise<Buffer> {
  await db.query('INSERT INTO server_secret (name, secret) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    SIGNING_KEY_NAME,
    crypto.randomBytes(32),
  ])
  const rows = await db.query<{ secret: Uint8Array }>('SELECT secret FROM server_secret WHERE name = $1', [
    SIGNING_KEY_NAME,
  ])
  const secret = rows[0]?.secret
  if (!secret || secret.length < 32) throw new Error('the local store signing key is missing or too short')
  // pg answers a Buffer, PGlite a Uint8Array.
  return Buffer.from(secret)
}

/** What a signature covers. Fields that do not apply to a request are empty. */
export interface SignedFields {
  method: 'PUT' | 'GET'
  /**
   * The host the URL names (`new URL(base).host`, lower-case): a URL signed for one of the store's hosts
   * (STORAGE_URLS) is refused on another, so each host's share of an upload stays as the server spread it.
   */
  host: string
  path: string
  sha256: string
  size: string
  disposition: string
  name: string
  /** Unix seconds. */
  expires: string
}

/** The host of a URL as signed and as checked: lower-case, with the port unless it is the scheme's default. */
export const signedHost = (host: string) => host.toLowerCase()

/** What a PUT's signature covers: the host and path, the expected SHA-256 and size, the expiry. */
export const putFields = (
  fields: Pick<SignedFields, 'host' | 'path' | 'sha256' | 'size' | 'expires'>,
): SignedFields => ({
  method: 'PUT',
  ...fields,
  host: signedHost(fields.host),
  disposition: '',
  name: '',
})

/** What a GET's signature covers: the host and path, how the file is given (disposition and name), the expiry. */
export const getFields = (
  fields: Pick<SignedFields, 'host' | 'path' | 'disposition' | 'name' | 'expires'>,
): SignedFields => ({ method: 'GET', ...fields, host: signedHost(fields.host), sha256: '', size: '' })

// JSON of a fixed-order array: no field can bleed into the next whatever characters a file name holds.
const signedText = (fields: SignedFields) =>
  JSON.stringify([
    fields.method,
    fields.host,
    fields.path,
    fields.sha256,
    fields.size,
    fields.disposition,
    fields.name,
    fields.expires,
  ])

export function signFields(key: Buffer, fields: SignedFields): string {
  return crypto.createHmac('sha256', key).update(signedText(fields)).digest('base64url')
}

/** True when the signature matches the fields and has not expired. Compares in constant time. */
export function isValidSignature(
  key: Buffer,
  fields: SignedFields,
  signature: string,
  nowMs = Date.now(),
): boolean {
  const expires = Number(fields.expires)
  if (!/^\d+$/.test(fields.expires) || expires * 1000 < nowMs) return false
  const expected = Buffer.from(signFields(key, fields), 'base64url')
  const given = Buffer.from(signature, 'base64url')
  return given.length === expected.length && crypto.timingSafeEqual(given, expected)
}
