// An S3-compatible store through the AWS SDK's client and presigner. This module is imported only when an S3
// store is configured, so the SDK loads only then. Keys are `${prefix}${orgId}/${first two hex}/${hash}`.
//
// How bytes are verified. Every signed PUT (whole object or part) carries x-amz-checksum-sha256 as a signed
// header, so S3 refuses bytes whose SHA-256 differs, and records the checksum (a multipart object's as the
// COMPOSITE SHA-256 of its parts, which is exactly the product's multipart hash). head() and
// completeMultipart() then ask for that checksum (HeadObject with ChecksumMode ENABLED) and compare it with
// the key's hash. Some S3-compatible servers accept the header but neither check nor keep it (s3rver, the
// test server, among them): when no checksum comes back, the store reads the object back, hashes it as a
// stream, and records the outcome in a small marker object beside it (`<key>.verified`, holding the ETag and
// size it vouches for, and the part sizes of a multipart object), which clients can never write since the
// store signs URLs only for content keys. The trade-off: on such servers confirming an object costs one full
// read of it (once; later checks compare the ETag with the marker's), and wrong bytes are refused only when
// confirmed rather than at upload; they are never confirmed.
import crypto from 'node:crypto'
import http from 'node:http'
import https from 'node:https'
import type { Readable } from 'node:stream'
import { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
  type HeadObjectCommandOutput,
  type Part,
} from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import type { FastifyBaseLogger } from 'fastify'
import { SHA256_HEX_PATTERN } from '../contract/parts.ts'
import type { S3StoreConfig } from '../config.ts'
import { s3Addressings } from './s3Addressing.ts'
import {
  assertPartList,
  compositeSha256Hex,
  isValidPartNumber,
  PartHasher,
  sha256HexToBase64,
  type ExpectedPart,
} from './checksums.ts'
import { contentDisposition, contentTypeFor } from './download.ts'
import {
  byShard,
  ChecksumMismatchError,
  DERIVATIVE_SIZES,
  derivativeKey,
  isValidSender,
  isValidVariant,
  type GetOptions,
  type ObjectInfo,
  type ObjectKey,
  type ObjectStore,
  type SignedRequest,
  type SignOptions,
  type StoredPart,
} from './store.ts'

/** A network store's connections: the guarded lookup and a time limit per request. */
export interface S3Connection {
  lookup: NonNullable<http.AgentOptions['lookup']>
  timeoutMs: number
}

/** What the store read back and vouches for, kept at `<key>.verified`. */
interface VerifiedMarker {
  etag: string
  size: number
  /** The part sizes of a multipart object, in order; absent for a single-part one. */
  partSizes?: number[]
}

// The checksum is a signed header the browser sends as given; S3 ignores it when hoisted into the query.
// Content-Length is signed too, so S3 refuses a body of another size.
const PRESIGN_UPLOAD_OPTIONS = {
  unhoistableHeaders: new Set(['x-amz-checksum-sha256']),
  signableHeaders: new Set(['content-length']),
}

function statusOf(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined
}

const isNotFound = (error: unknown) =>
  statusOf(error) === 404 || (error instanceof Error && ['NotFound', 'NoSuchKey'].includes(error.name))

/** The server does not implement the call (s3rver answers ListParts and AbortMultipartUpload so). */
const isUnsupported = (error: unknown) =>
  statusOf(error) === 405 ||
  statusOf(error) === 501 ||
  (error instanceof Error && ['MethodNotAllowed', 'NotImplemented'].includes(error.name))

/** Whether an S3 checksum value (`<base64>` or a composite `<base64>-<part count>`) names the hash. */
function checksumNames(checksum: string, sha256Hex: string): boolean {
  return checksum.split('-')[0] === sha256HexToBase64(sha256Hex)
}

export class S3Store implements ObjectStore {
  readonly kind = 's3'
  readonly origins: readonly string[]
  private readonly client: S3Client
  /**
   * The clients URLs are presigned with, one per origin (s3Addressing.ts), in shard order; the first is the
   * client the server itself uses. Presigning is local: the others never connect.
   */
  private readonly signers: readonly S3Client[]
  private readonly bucket: string
  private readonly prefix: string

  constructor(
    config: S3StoreConfig,
    private readonly log: FastifyBaseLogger,
    /**
     * How the server connects (a network store's: every connection resolves the host through the SSRF
     * guard, and a request has a time limit); the SDK's defaults otherwise.
     */
    connection?: S3Connection,
  ) {
    this.bucket = config.bucket
    this.prefix = config.prefix
    const [first, ...others] = s3Addressings(config)
    if (!first) throw new Error('an S3 store has an endpoint')
    this.origins = [first, ...others].map((form) => form.origin)
    const common = {
      region: config.region,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // The store names each upload's SHA-256 itself; the SDK's default CRC32 on every request would add
      // headers to presigned URLs that the browser cannot compute, and many S3-compatible servers refuse.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    } as const
    this.client = new S3Client({
      ...(connection
        ? {
            requestHandler: {
              httpAgent: new http.Agent({ keepAlive: true, lookup: connection.lookup }),
              httpsAgent: new https.Agent({ keepAlive: true, lookup: connection.lookup }),
              connectionTimeout: connection.timeoutMs,
              requestTimeout: connection.timeoutMs,
            },
            maxAttempts: 1,
          }
        : {}),
      ...common,
      endpoint: first.endpoint,
      forcePathStyle: first.forcePathStyle,
    })
    this.signers = [
      this.client,
      ...others.map(
        (form) => new S3Client({ ...common, endpoint: form.endpoint, forcePathStyle: form.forcePathStyle }),
      ),
    ]
  }

  /** The client that presigns for the host a shard picks. */
  private signer(options: SignOptions): S3Client {
    return byShard(this.signers, options.shard)
  }

  private objectKey(key: ObjectKey): string {
    if (
      !Number.isSafeInteger(key.orgId) ||
      key.orgId <= 0 ||
      !SHA256_HEX_PATTERN.test(key.fileHash) ||
      !isValidSender(key) ||
      !isValidVariant(key)
    ) {
      throw new Error(`not an object key: ${key.orgId}/${key.fileHash}`)
    }
    const name =
      key.derivative !== undefined
        ? `${key.fileHash}.${key.derivative}.webp`
        : key.sender === undefined
          ? key.fileHash
          : `${key.fileHash}.sent-${key.sender}`
    return `${this.prefix}${key.orgId}/${key.fileHash.slice(0, 2)}/${name}`
  }

  private markerKey(key: ObjectKey): string {
    return `${this.objectKey(key)}.verified`
  }

  async signPut(
    key: ObjectKey,
    object: { sha256Hex: string; size: number },
    expiresInSeconds: number,
    options: SignOptions = {},
  ): Promise<SignedRequest> {
    const checksum = checksumOf(object)
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: this.objectKey(key),
      ChecksumSHA256: checksum,
      ContentLength: object.size,
    })
    const url = await getSignedUrl(this.signer(options), command, {
      expiresIn: expiresInSeconds,
      ...PRESIGN_UPLOAD_OPTIONS,
    })
    return uploadRequest(url, checksum, expiresInSeconds)
  }

  async signPartPut(
    key: ObjectKey,
    uploadId: string,
    part: { partNumber: number; sha256Hex: string; size: number },
    expiresInSeconds: number,
    options: SignOptions = {},
  ): Promise<SignedRequest> {
    if (!isValidPartNumber(part.partNumber)) throw new Error(`not a part number: ${part.partNumber}`)
    const checksum = checksumOf(part)
    const command = new UploadPartCommand({
      Bucket: this.bucket,
      Key: this.objectKey(key),
      UploadId: uploadId,
      PartNumber: part.partNumber,
      ChecksumSHA256: checksum,
      ContentLength: part.size,
    })
    const url = await getSignedUrl(this.signer(options), command, {
      expiresIn: expiresInSeconds,
      ...PRESIGN_UPLOAD_OPTIONS,
    })
    return uploadRequest(url, checksum, expiresInSeconds)
  }

  async signGet(key: ObjectKey, options: GetOptions): Promise<SignedRequest> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: this.objectKey(key),
      ResponseContentDisposition: contentDisposition(options.fileName, options.inline),
      ResponseContentType: key.derivative === undefined ? contentTypeFor(options.fileName) : 'image/webp',
      ResponseCacheControl: `private, max-age=${Math.floor(options.expiresInSeconds)}`,
    })
    const url = await getSignedUrl(this.signer(options), command, { expiresIn: options.expiresInSeconds })
    return {
      method: 'GET',
      url,
      headers: {},
      expiresAt: new Date(Date.now() + options.expiresInSeconds * 1000),
    }
  }

  private async headObject(key: ObjectKey): Promise<HeadObjectCommandOutput | undefined> {
    try {
      return await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key), ChecksumMode: 'ENABLED' }),
      )
    } catch (error) {
      if (isNotFound(error)) return undefined
      throw error
    }
  }

  async head(key: ObjectKey): Promise<ObjectInfo | undefined> {
    const head = await this.headObject(key)
    if (!head) return undefined
    return (await this.isVerified(key, head)) ? { size: head.ContentLength ?? 0 } : undefined
  }

  /**
   * Whether the stored object's bytes hash to the key: by the checksum the server kept when it has one, else
   * by the marker of an earlier read-back of these very bytes (same ETag and size), else by reading back.
   */
  private async isVerified(key: ObjectKey, head: HeadObjectCommandOutput, partSizes?: number[]) {
    if (head.ChecksumSHA256) return checksumNames(head.ChecksumSHA256, key.fileHash)
    const marker = await this.readMarker(key)
    const etag = head.ETag ?? ''
    const size = head.ContentLength ?? 0
    if (marker && marker.etag === etag && marker.size === size && etag !== '') return true
    const sizes = partSizes ?? marker?.partSizes
    if (!(await this.readBackMatches(key, sizes))) return false
    await this.writeMarker(key, { etag, size, ...(sizes ? { partSizes: sizes } : {}) })
    return true
  }

  /** Streams the object and hashes it: as one SHA-256, and as the composite of the parts when sizes are known. */
  private async readBackMatches(key: ObjectKey, partSizes: number[] | undefined): Promise<boolean> {
    let body: Readable
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      )
      body = answer.Body as Readable
    } catch (error) {
      if (isNotFound(error)) return false
      throw error
    }
    const hasher = new PartHasher(partSizes ?? [])
    const discard = new Writable({ write: (_chunk, _encoding, done) => done() })
    await pipeline(body, hasher, discard)
    if (hasher.wholeDigestHex() === key.fileHash) return true
    if (!partSizes) return false
    const total = partSizes.reduce((sum, size) => sum + size, 0)
    return (
      hasher.bytes === total &&
      hasher.partDigestsHex.length === partSizes.length &&
      compositeSha256Hex(hasher.partDigestsHex) === key.fileHash
    )
  }

  private async readMarker(key: ObjectKey): Promise<VerifiedMarker | undefined> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.markerKey(key) }),
      )
      return JSON.parse((await answer.Body?.transformToString()) ?? '') as VerifiedMarker
    } catch (error) {
      if (isNotFound(error) || error instanceof SyntaxError) return undefined
      throw error
    }
  }

  private async writeMarker(key: ObjectKey, marker: VerifiedMarker): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.markerKey(key),
        Body: JSON.stringify(marker),
        ContentType: 'application/json',
      }),
    )
  }

  async createMultipart(key: ObjectKey): Promise<string> {
    const answer = await this.client.send(
      new CreateMultipartUploadCommand({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        ChecksumAlgorithm: 'SHA256',
      }),
    )
    if (!answer.UploadId) throw new Error('the S3 store answered no upload id')
    return answer.UploadId
  }

  private warnedNoListParts = false

  /** Every part S3 holds for the upload, or undefined when the server cannot list parts. */
  private async listAllParts(key: ObjectKey, uploadId: string): Promise<Part[] | undefined> {
    const parts: Part[] = []
    let marker: string | undefined
    try {
      for (;;) {
        const page = await this.client.send(
          new ListPartsCommand({
            Bucket: this.bucket,
            Key: this.objectKey(key),
            UploadId: uploadId,
            ...(marker ? { PartNumberMarker: marker } : {}),
          }),
        )
        parts.push(...(page.Parts ?? []))
        if (!page.IsTruncated || !page.NextPartNumberMarker) return parts
        marker = page.NextPartNumberMarker
      }
    } catch (error) {
      if (!isUnsupported(error)) throw error
      if (!this.warnedNoListParts) {
        this.warnedNoListParts = true
        this.log.warn('the S3 store cannot list multipart parts: interrupted uploads resend every part')
      }
      return undefined
    }
  }

  /**
   * On a server that cannot list parts this answers none: the client then sends every part again, which
   * costs time but never skips a part.
   */
  async listParts(key: ObjectKey, uploadId: string): Promise<StoredPart[] | undefined> {
    const parts = await this.listAllParts(key, uploadId)
    return parts?.map((part) => ({
      partNumber: part.PartNumber ?? 0,
      size: part.Size ?? 0,
      // S3 verified each part against the checksum it was sent with; a server that keeps none says nothing.
      ...(part.ChecksumSHA256
        ? { sha256Hex: Buffer.from(part.ChecksumSHA256, 'base64').toString('hex') }
        : {}),
    }))
  }

  async completeMultipart(key: ObjectKey, uploadId: string, parts: ExpectedPart[]): Promise<void> {
    assertPartList(parts)
    if (compositeSha256Hex(parts.map((part) => part.sha256Hex)) !== key.fileHash) {
      throw new ChecksumMismatchError('the parts do not make up the object’s hash')
    }
    // Content-addressed: an object already stored and verified is this very content.
    if (await this.head(key)) {
      await this.abortMultipart(key, uploadId)
      return
    }
    const listed = await this.listAllParts(key, uploadId)
    const listedByNumber = new Map(listed?.map((part) => [part.PartNumber, part]))
    if (listed) {
      for (const part of parts) {
        const found = listedByNumber.get(part.partNumber)
        if (
          !found ||
          found.Size !== part.size ||
          (found.ChecksumSHA256 !== undefined && found.ChecksumSHA256 !== checksumOf(part))
        ) {
          throw new ChecksumMismatchError(`part ${part.partNumber} is missing or differs`)
        }
      }
    }
    try {
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: this.objectKey(key),
          UploadId: uploadId,
          MultipartUpload: {
            Parts: parts.map((part) => ({
              PartNumber: part.partNumber,
              // A server that cannot list parts gives no ETags to name; such servers do not check them.
              ETag: listedByNumber.get(part.partNumber)?.ETag ?? '""',
              ChecksumSHA256: checksumOf(part),
            })),
          },
        }),
      )
    } catch (error) {
      // A 4xx is S3 refusing the parts (InvalidPart, InvalidPartOrder, BadDigest, EntityTooSmall…).
      const status = statusOf(error)
      if (status === undefined || status >= 500) throw error
      await this.deleteUnverified(key)
      throw new ChecksumMismatchError(`the store refused to join the parts: ${(error as Error).name}`)
    }
    const head = await this.headObject(key)
    const sizes = parts.map((part) => part.size)
    if (!head || !(await this.isVerified(key, head, sizes))) {
      await this.delete(key)
      throw new ChecksumMismatchError('the joined object does not match its hash')
    }
  }

  /** Removes what a refused completion may have left at the key, unless it is a verified object. */
  private async deleteUnverified(key: ObjectKey): Promise<void> {
    const head = await this.headObject(key)
    if (head && !(await this.isVerified(key, head))) await this.delete(key)
  }

  async abortMultipart(key: ObjectKey, uploadId: string): Promise<void> {
    try {
      await this.client.send(
        new AbortMultipartUploadCommand({
          Bucket: this.bucket,
          Key: this.objectKey(key),
          UploadId: uploadId,
        }),
      )
    } catch (error) {
      // Gone already, or a server that cannot abort (its parts stay until it cleans up by itself).
      if (isNotFound(error) || isUnsupported(error)) return
      throw error
    }
  }

  async promote(from: ObjectKey, to: ObjectKey): Promise<void> {
    // A server-side copy (a single PUT's object is at most SINGLE_PART_MAX_BYTES, far below CopyObject's
    // limit), asking the store to keep the SHA-256 so that head() finds it verified without reading it back.
    const source = this.objectKey(from)
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: this.objectKey(to),
          CopySource: `${this.bucket}/${source.split('/').map(encodeURIComponent).join('/')}`,
          ChecksumAlgorithm: 'SHA256',
        }),
      )
    } catch (error) {
      // Moved already, by the same confirmation sent twice at once.
      if (!isNotFound(error) || !(await this.headObject(to))) throw error
      return
    }
    await this.delete(from)
  }

  async read(key: ObjectKey, start: number, end: number): Promise<Readable | undefined> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.objectKey(key),
          Range: `bytes=${start}-${end}`,
        }),
      )
      return answer.Body as Readable
    } catch (error) {
      if (isNotFound(error)) return undefined
      throw error
    }
  }

  async put(key: ObjectKey, bytes: Buffer, contentType: string): Promise<void> {
    if (key.derivative === undefined) throw new Error('only thumbnails are written by the server')
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.length,
      }),
    )
  }

  async delete(key: ObjectKey): Promise<void> {
    // Content takes its thumbnails with it.
    const thumbnails =
      key.sender === undefined && key.derivative === undefined
        ? DERIVATIVE_SIZES.map((size) => ({ Key: this.objectKey(derivativeKey(key, size)) }))
        : []
    await this.client.send(
      new DeleteObjectsCommand({
        Bucket: this.bucket,
        Delete: {
          Objects: [{ Key: this.objectKey(key) }, { Key: this.markerKey(key) }, ...thumbnails],
          Quiet: true,
        },
      }),
    )
  }

  /**
   * A round trip with the store's credentials: writes a small probe object under the prefix, reads it back,
   * and deletes it. Throws when any step fails or the bytes differ.
   */
  async probe(): Promise<void> {
    const key = `${this.prefix}.probe/${crypto.randomUUID()}`
    const body = `probe ${key}`
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: 'text/plain' }),
    )
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }))
      const read = await answer.Body?.transformToString()
      if (read !== body) throw new Error('the probe object read back differs')
    } finally {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }))
    }
  }

  /** HeadBucket: the service answers, the bucket is there and the credentials are taken. */
  async reachable(signal: AbortSignal): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), { abortSignal: signal })
  }

  async close(): Promise<void> {
    for (const client of this.signers) client.destroy()
  }
}

function checksumOf(expected: { sha256Hex: string; size: number }): string {
  if (
    !SHA256_HEX_PATTERN.test(expected.sha256Hex) ||
    !Number.isSafeInteger(expected.size) ||
    expected.size < 0
  ) {
    throw new Error('a signed PUT needs a SHA-256 (64 lower-case hex digits) and a size')
  }
  return sha256HexToBase64(expected.sha256Hex)
}

function uploadRequest(url: string, checksum: string, expiresInSeconds: number): SignedRequest {
  // Content-Length is the browser's to send (it may not set it); the checksum header is the client's.
  const expiresAt = new Date(Date.now() + expiresInSeconds * 1000)
  return { method: 'PUT', url, headers: { 'x-amz-checksum-sha256': checksum }, expiresAt }
}
