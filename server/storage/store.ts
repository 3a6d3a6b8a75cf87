// What the rest of the server knows of object stores. server/storage/index.ts picks the default store:
// the S3-compatible store when S3_* is set, the local store under DATA_DIR otherwise. Objects are
// content-addressed; callers name them by ObjectKey and never build store paths themselves.
import type { Readable } from 'node:stream'

export interface ObjectKey {
  orgId: number
  /** The file_hash (64 hex digits). */
  fileHash: string
  /**
   * A person's own copy of the content, sent by a single PUT: kept apart from the content's key until the
   * server has seen it (head) and moved it into place (promote) or dropped it. Whoever sent bytes to their own
   * key has proved they hold them, which a PUT to the shared key could not show once the content is stored.
   */
  sender?: number
  /**
   * A thumbnail of the content (services/derivatives.ts), kept beside it in the store that holds it: a
   * sibling file or key, written by the server alone (put), never through a signed PUT.
   */
  derivative?: DerivativeSize
}

/** The thumbnails made of a picture or a clip: small about 256 px on the long side, large about 1280 px. */
export type DerivativeSize = 'small' | 'large'
export const DERIVATIVE_SIZES: readonly DerivativeSize[] = ['small', 'large']

/** The key of a thumbnail of content. */
export const derivativeKey = (key: ObjectKey, size: DerivativeSize): ObjectKey => ({
  orgId: key.orgId,
  fileHash: key.fileHash,
  derivative: size,
})

/** A key names content, a sender's copy or a thumbnail: never two at once. */
export const isValidVariant = (key: ObjectKey) =>
  key.derivative === undefined ||
  (key.sender === undefined && (DERIVATIVE_SIZES as readonly string[]).includes(key.derivative))

/** The key of a person's own copy of content (ObjectKey.sender). */
export const senderKey = (key: ObjectKey, userId: number): ObjectKey => ({
  orgId: key.orgId,
  fileHash: key.fileHash,
  sender: userId,
})

/** Whether a key's sender, when it has one, is a positive id. */
export const isValidSender = (key: ObjectKey) =>
  key.sender === undefined || (Number.isSafeInteger(key.sender) && key.sender > 0)

export interface SignedRequest {
  method: 'PUT' | 'GET'
  url: string
  /** Headers the client must send as given (checksums are signed into the URL). */
  headers: Record<string, string>
  expiresAt: Date
}

export interface StoredPart {
  partNumber: number
  size: number
  /**
   * The SHA-256 the store verified the part's bytes against on arrival, when it tells (the local store
   * always; S3 when it keeps part checksums): what shows that someone sent these very bytes.
   */
  sha256Hex?: string
}

export interface ObjectInfo {
  size: number
}

/**
 * Which of a store's hosts a signed URL names. A browser keeps at most 6 HTTP/1.1 connections per host, so
 * the URLs of one upload or download are spread over several host names that reach the same store: a store
 * signs for hosts[shard % hosts.length]. Absent: the first host.
 */
export interface SignOptions {
  shard?: number
}

/**
 * A shard that stays with a content hash: each file's thumbnails always come from the same host (the browser
 * keeps the redirect and the picture cached), while a grid's files spread over all the hosts.
 */
export function shardOfHash(fileHash: string): number {
  return Number.parseInt(fileHash.slice(0, 8), 16)
}

/** The entry of a list a shard picks (SignOptions): hosts[shard % hosts.length], the first without one. */
export function byShard<T>(list: readonly T[], shard: number | undefined): T {
  const n = list.length
  if (n === 0) throw new Error('a store has at least one host')
  const index = Number.isSafeInteger(shard) ? (((shard as number) % n) + n) % n : 0
  return list[index] as T
}

export interface GetOptions extends SignOptions {
  /** The name the browser saves the file as. */
  fileName: string
  /** Content-Disposition inline (open) rather than attachment (download). */
  inline: boolean
  expiresInSeconds: number
}

/** The bytes did not match the SHA-256 they were sent with. */
export class ChecksumMismatchError extends Error {
  override name = 'ChecksumMismatchError'
}

export interface ObjectStore {
  readonly kind: 'local' | 's3'
  /**
   * The origins the store's signed URLs name, in shard order (SignOptions): at least one. A URL signed for
   * one of them is refused on another.
   */
  readonly origins: readonly string[]
  /** A signed PUT of a whole object; the store refuses bytes whose SHA-256 is not sha256Hex. */
  signPut(
    key: ObjectKey,
    object: { sha256Hex: string; size: number },
    expiresInSeconds: number,
    options?: SignOptions,
  ): Promise<SignedRequest>
  /** The object's size when it is stored (and was verified on the way in), else undefined. */
  head(key: ObjectKey): Promise<ObjectInfo | undefined>

  /** Starts a multipart upload; answers its id. */
  createMultipart(key: ObjectKey): Promise<string>
  /** A signed PUT of one part; the store refuses bytes whose SHA-256 is not sha256Hex. */
  signPartPut(
    key: ObjectKey,
    uploadId: string,
    part: { partNumber: number; sha256Hex: string; size: number },
    expiresInSeconds: number,
    options?: SignOptions,
  ): Promise<SignedRequest>
  /**
   * The parts stored so far (each verified on the way in); undefined when the store cannot list them
   * (some S3-compatible servers): then every part is sent again, and completion rests on the checks of
   * completeMultipart alone.
   */
  listParts(key: ObjectKey, uploadId: string): Promise<StoredPart[] | undefined>
  /**
   * Joins the parts into the object. The store checks each part against its digest (the local store by
   * the record of its check on arrival, localParts.ts) and the result against the composite hash (the
   * key's fileHash); throws ChecksumMismatchError and keeps nothing when they differ.
   */
  completeMultipart(
    key: ObjectKey,
    uploadId: string,
    parts: Array<{ partNumber: number; sha256Hex: string; size: number }>,
  ): Promise<void>
  abortMultipart(key: ObjectKey, uploadId: string): Promise<void>

  /**
   * Moves a verified object to the key of the same content without a sender (`to`), replacing what is there
   * (the same bytes, since the name is the hash); `from` is gone afterwards.
   */
  promote(from: ObjectKey, to: ObjectKey): Promise<void>

  /** A signed, expiring GET that supports Range requests. */
  signGet(key: ObjectKey, options: GetOptions): Promise<SignedRequest>
  /**
   * Bytes start to end (inclusive) of a stored object, for the server's own reading (the derivative job);
   * undefined when it is not stored.
   */
  read(key: ObjectKey, start: number, end: number): Promise<Readable | undefined>
  /** Writes an object the server made (a thumbnail: derivative keys only), replacing what is there. */
  put(key: ObjectKey, bytes: Buffer, contentType: string): Promise<void>
  /** Removes an object; content's key takes its thumbnails with it. */
  delete(key: ObjectKey): Promise<void>
  /**
   * Throws unless the store can take requests now: a cheap check, asked by /readyz every few seconds (the
   * local store's directories are there and writable; an S3 store answers HeadBucket). The signal ends it.
   */
  reachable(signal: AbortSignal): Promise<void>
  close(): Promise<void>
}
