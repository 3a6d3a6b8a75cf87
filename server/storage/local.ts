// The built-in store: objects as files under DATA_DIR/objects/<org id>/<first two hex>/<hash>, multipart
// parts under DATA_DIR/uploads/<upload id>/, served by this server (localRoutes.ts) through HMAC-signed,
// expiring URLs. Bytes reach their final name only after their SHA-256 and size were checked while they were
// written to a temporary file, and the rename is atomic: a file under objects/ is always a verified object.
// Parts are verified the same way as they arrive; a completed multipart object is its parts, under
// <hash>.parts/ beside where its single file would be, neither copied nor hashed again (localParts.ts).
import crypto from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { SHA256_HEX_PATTERN } from '../contract/parts.ts'
import type { Queryable } from '../db/database.ts'
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../privateFiles.ts'
import {
  assertPartList,
  compositeSha256Hex,
  HashingCounter,
  isValidPartNumber,
  SizeExceededError,
} from './checksums.ts'
import {
  assertPartsIntact,
  isAsVerified,
  linkParts,
  objectParts,
  parsePartEntry,
  partFileName,
  partRecordName,
  readParts,
  recordVerifiedPart,
} from './localParts.ts'
import {
  getFields,
  isValidSignature,
  loadSigningKey,
  putFields,
  signedHost,
  signFields,
  type SignedFields,
} from './localSigning.ts'
import { OwnedTempDir } from './tempDirs.ts'
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

/** The bytes were not as many as the URL was signed for. */
export class SizeMismatchError extends Error {
  override name = 'SizeMismatchError'
}

/** The multipart upload does not exist (never created, completed or aborted). */
export class NoSuchUploadError extends Error {
  override name = 'NoSuchUploadError'
}

export const STORAGE_PATH_PREFIX = '/storage'
const UPLOAD_ID_PATTERN = /^[0-9a-f]{32}$/

export function isValidKey(key: ObjectKey): boolean {
  return (
    Number.isSafeInteger(key.orgId) &&
    key.orgId > 0 &&
    SHA256_HEX_PATTERN.test(key.fileHash) &&
    isValidSender(key) &&
    isValidVariant(key)
  )
}

function assertValidKey(key: ObjectKey): void {
  if (!isValidKey(key)) throw new Error(`not an object key: ${key.orgId}/${key.fileHash}`)
}

export const isValidUploadId = (uploadId: string) => UPLOAD_ID_PATTERN.test(uploadId)

/** The path a key's object is signed under; a thumbnail's is apart (localRoutes.ts serves both). */
export const objectUrlPath = (key: ObjectKey) =>
  key.derivative !== undefined
    ? `${STORAGE_PATH_PREFIX}/derivative/${key.orgId}/${key.fileHash}/${key.derivative}`
    : `${STORAGE_PATH_PREFIX}/object/${key.orgId}/${key.fileHash}${key.sender === undefined ? '' : `/${key.sender}`}`
const partUrlPath = (key: ObjectKey, uploadId: string, partNumber: number) =>
  `${STORAGE_PATH_PREFIX}/upload/${key.orgId}/${key.fileHash}/${uploadId}/${partNumber}`

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT'

export interface LocalStoreOptions {
  dataDir: string
  /** The address users reach this server at; signed URLs start with it unless storageUrls are given. */
  publicUrl: string
  /**
   * The base URLs signed URLs are spread over (STORAGE_URLS), each reaching this server; [publicUrl] when
   * absent or empty.
   */
  storageUrls?: readonly string[]
  db: Queryable
}

export class LocalStore implements ObjectStore {
  readonly kind = 'local'
  readonly origins: readonly string[]
  /** The base URLs signed URLs start with, in shard order (SignOptions). */
  private readonly baseUrls: readonly string[]
  private readonly objectsDir: string
  private readonly uploadsDir: string

  private constructor(
    private readonly options: LocalStoreOptions,
    private readonly signingKey: Buffer,
    /** This server's bytes in flight (tempDirs.ts), beside objects/ and uploads/: moving them is a rename. */
    private readonly temp: OwnedTempDir,
  ) {
    this.baseUrls =
      options.storageUrls && options.storageUrls.length > 0 ? options.storageUrls : [options.publicUrl]
    this.origins = this.baseUrls.map((base) => new URL(base).origin)
    this.objectsDir = path.join(options.dataDir, 'objects')
    this.uploadsDir = path.join(options.dataDir, 'uploads')
  }

  static async open(options: LocalStoreOptions): Promise<LocalStore> {
    const signingKey = await loadSigningKey(options.db)
    const temp = await OwnedTempDir.open(path.join(options.dataDir, 'tmp'))
    const store = new LocalStore(options, signingKey, temp)
    await fs.mkdir(store.objectsDir, { recursive: true, mode: PRIVATE_DIR_MODE })
    await fs.mkdir(store.uploadsDir, { recursive: true, mode: PRIVATE_DIR_MODE })
    return store
  }

  get tempDir(): string {
    return this.temp.dir
  }

  objectFile(key: ObjectKey): string {
    assertValidKey(key)
    const name =
      key.derivative !== undefined
        ? `${key.fileHash}.${key.derivative}.webp`
        : key.sender === undefined
          ? key.fileHash
          : `${key.fileHash}.sent-${key.sender}`
    return path.join(this.objectsDir, String(key.orgId), key.fileHash.slice(0, 2), name)
  }

  /** Where an object completed from parts keeps them. */
  private objectPartsDir(key: ObjectKey): string {
    return `${this.objectFile(key)}.parts`
  }

  /** The object's size and a reader of its bytes start to end (inclusive); undefined when not stored. */
  async openObject(
    key: ObjectKey,
  ): Promise<{ size: number; read(start: number, end: number): Readable } | undefined> {
    const file = this.objectFile(key)
    try {
      const { size } = await fs.stat(file)
      // An empty object has no byte to start from.
      const read = (start: number, end: number) =>
        end < start ? Readable.from([]) : createReadStream(file, { start, end })
      return { size, read }
    } catch (error) {
      if (!isMissing(error)) throw error
    }
    const parts = await objectParts(this.objectPartsDir(key))
    if (!parts) return undefined
    const size = parts.reduce((sum, part) => sum + part.size, 0)
    return { size, read: (start, end) => readParts(parts, start, end) }
  }

  private uploadDir(uploadId: string): string {
    if (!isValidUploadId(uploadId)) throw new NoSuchUploadError(`not an upload id: ${uploadId}`)
    return path.join(this.uploadsDir, uploadId)
  }

  /** The base URL a shard picks, and its host as the signature covers it. */
  private baseFor(shard: number | undefined): { base: string; host: string } {
    const base = byShard(this.baseUrls, shard)
    return { base, host: signedHost(new URL(base).host) }
  }

  private signedUrl(base: string, fields: SignedFields, query: Record<string, string>): string {
    const url = new URL(`${base}${fields.path}`)
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
    url.searchParams.set('expires', fields.expires)
    url.searchParams.set('signature', signFields(this.signingKey, fields))
    return url.toString()
  }

  /** True when the signature matches the request and has not expired. */
  verifySignature(fields: SignedFields, signature: string): boolean {
    return isValidSignature(this.signingKey, fields, signature)
  }

  async signPut(
    key: ObjectKey,
    object: { sha256Hex: string; size: number },
    expiresInSeconds: number,
    options: SignOptions = {},
  ): Promise<SignedRequest> {
    assertValidKey(key)
    return this.signUpload(objectUrlPath(key), object, expiresInSeconds, options)
  }

  async signPartPut(
    key: ObjectKey,
    uploadId: string,
    part: { partNumber: number; sha256Hex: string; size: number },
    expiresInSeconds: number,
    options: SignOptions = {},
  ): Promise<SignedRequest> {
    assertValidKey(key)
    if (!isValidUploadId(uploadId) || !isValidPartNumber(part.partNumber)) {
      throw new Error(`not a part of an upload: ${uploadId}/${part.partNumber}`)
    }
    return this.signUpload(partUrlPath(key, uploadId, part.partNumber), part, expiresInSeconds, options)
  }

  private signUpload(
    urlPath: string,
    expected: { sha256Hex: string; size: number },
    expiresInSeconds: number,
    options: SignOptions,
  ): SignedRequest {
    if (
      !SHA256_HEX_PATTERN.test(expected.sha256Hex) ||
      !Number.isSafeInteger(expected.size) ||
      expected.size < 0
    ) {
      throw new Error('a signed PUT needs a SHA-256 (64 lower-case hex digits) and a size')
    }
    const expiresAt = expiryOf(expiresInSeconds)
    const { base, host } = this.baseFor(options.shard)
    const fields = putFields({
      host,
      path: urlPath,
      sha256: expected.sha256Hex,
      size: String(expected.size),
      expires: String(expiresAt.getTime() / 1000),
    })
    const url = this.signedUrl(base, fields, { sha256: fields.sha256, size: fields.size })
    return { method: 'PUT', url, headers: {}, expiresAt }
  }

  async signGet(key: ObjectKey, options: GetOptions): Promise<SignedRequest> {
    assertValidKey(key)
    const expiresAt = expiryOf(options.expiresInSeconds)
    const { base, host } = this.baseFor(options.shard)
    const fields = getFields({
      host,
      path: objectUrlPath(key),
      disposition: options.inline ? 'inline' : 'attachment',
      name: options.fileName,
      expires: String(expiresAt.getTime() / 1000),
    })
    const url = this.signedUrl(base, fields, { disposition: fields.disposition, name: fields.name })
    return { method: 'GET', url, headers: {}, expiresAt }
  }

  async head(key: ObjectKey): Promise<ObjectInfo | undefined> {
    const object = await this.openObject(key)
    return object && { size: object.size }
  }

  /**
   * Streams a signed PUT's body into place, refusing it (SizeMismatchError, ChecksumMismatchError) unless it
   * has exactly the size and SHA-256 the URL was signed for. An object already present has the same content
   * (its name is its hash), so replacing it changes nothing.
   */
  async receiveObject(key: ObjectKey, expected: { sha256Hex: string; size: number }, body: Readable) {
    const destination = this.objectFile(key)
    await this.receiveVerified(body, expected, destination)
  }

  /** Streams one part into its upload, checked like receiveObject; a part sent again replaces the earlier one. */
  async receivePart(
    key: ObjectKey,
    uploadId: string,
    part: { partNumber: number; sha256Hex: string; size: number },
    body: Readable,
  ): Promise<void> {
    const dir = await this.openUpload(key, uploadId)
    const file = path.join(dir, partFileName(part))
    await this.receiveVerified(body, part, file)
    await recordVerifiedPart(file, path.join(dir, partRecordName(part)), this.tempFile())
    // Earlier bytes for the same part number (a part sent again with other content) are no longer wanted.
    for (const name of await fs.readdir(dir)) {
      const entry = parsePartEntry(name)
      if (entry && entry.partNumber === part.partNumber && entry.sha256Hex !== part.sha256Hex) {
        await fs.rm(path.join(dir, name), { force: true })
      }
    }
  }

  private async receiveVerified(
    body: Readable,
    expected: { sha256Hex: string; size: number },
    destination: string,
  ): Promise<void> {
    const temp = this.tempFile()
    try {
      const counter = new HashingCounter(expected.size)
      try {
        await writeFrom(body, counter, temp)
      } catch (error) {
        if (error instanceof SizeExceededError) throw new SizeMismatchError('more bytes than signed for')
        throw error
      }
      if (counter.bytes !== expected.size) throw new SizeMismatchError('fewer bytes than signed for')
      if (counter.digestHex() !== expected.sha256Hex) {
        throw new ChecksumMismatchError('the bytes do not match their SHA-256')
      }
      await fs.mkdir(path.dirname(destination), { recursive: true, mode: PRIVATE_DIR_MODE })
      await fs.rename(temp, destination)
    } finally {
      await fs.rm(temp, { force: true })
    }
  }

  private tempFile(): string {
    return path.join(this.tempDir, `${crypto.randomBytes(16).toString('hex')}.incoming`)
  }

  /** The upload's directory, when the upload exists and belongs to the key. */
  private async openUpload(key: ObjectKey, uploadId: string): Promise<string> {
    assertValidKey(key)
    const dir = this.uploadDir(uploadId)
    let owner: string
    try {
      owner = await fs.readFile(path.join(dir, 'key'), 'utf8')
    } catch (error) {
      if (isMissing(error)) throw new NoSuchUploadError(`no upload ${uploadId}`)
      throw error
    }
    if (owner !== ownerOf(key)) throw new NoSuchUploadError(`upload ${uploadId} is not for this object`)
    return dir
  }

  async createMultipart(key: ObjectKey): Promise<string> {
    assertValidKey(key)
    const uploadId = crypto.randomBytes(16).toString('hex')
    const dir = this.uploadDir(uploadId)
    await fs.mkdir(dir, { mode: PRIVATE_DIR_MODE })
    await fs.writeFile(path.join(dir, 'key'), ownerOf(key), { mode: PRIVATE_FILE_MODE })
    return uploadId
  }

  private async storedParts(dir: string): Promise<Array<StoredPart & { sha256Hex: string; file: string }>> {
    const parts = []
    for (const name of await fs.readdir(dir)) {
      const entry = parsePartEntry(name)
      if (!entry || entry.isRecord) continue
      const file = path.join(dir, name)
      const stat = await fs.stat(file)
      parts.push({ partNumber: entry.partNumber, sha256Hex: entry.sha256Hex, size: stat.size, file })
    }
    return parts.sort((a, b) => a.partNumber - b.partNumber)
  }

  async listParts(key: ObjectKey, uploadId: string): Promise<StoredPart[]> {
    const parts = await this.storedParts(await this.openUpload(key, uploadId))
    // A part's file is named by the digest it was verified against as it arrived (receivePart).
    return parts.map(({ partNumber, size, sha256Hex }) => ({ partNumber, size, sha256Hex }))
  }

  async completeMultipart(
    key: ObjectKey,
    uploadId: string,
    parts: Array<{ partNumber: number; sha256Hex: string; size: number }>,
  ): Promise<void> {
    const dir = await this.openUpload(key, uploadId)
    assertPartList(parts)
    if (compositeSha256Hex(parts.map((part) => part.sha256Hex)) !== key.fileHash) {
      throw new ChecksumMismatchError('the parts do not make up the object’s hash')
    }
    const stored = new Map((await this.storedParts(dir)).map((part) => [part.partNumber, part]))
    const joined = []
    // One part at a time: an upload may have thousands, and each check opens a file.
    for (const part of parts) {
      const found = stored.get(part.partNumber)
      if (!found || found.sha256Hex !== part.sha256Hex || found.size !== part.size) {
        throw new ChecksumMismatchError(`part ${part.partNumber} is missing or differs`)
      }
      const asVerified = await isAsVerified(found.file, path.join(dir, partRecordName(found)))
      joined.push({ ...found, asVerified })
    }

    // The composite hash above was built from the digests the parts were verified against on arrival; a
    // part file changed since, or without a record of its arrival, is hashed again.
    await assertPartsIntact(joined)
    const staging = this.tempFile()
    try {
      await linkParts(joined, staging)
      const destination = this.objectPartsDir(key)
      await fs.mkdir(path.dirname(destination), { recursive: true, mode: PRIVATE_DIR_MODE })
      try {
        await fs.rename(staging, destination)
      } catch (error) {
        // An earlier completion of the same content (cut off before it removed its upload) put it in place.
        const code = (error as NodeJS.ErrnoException).code
        if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error
      }
    } finally {
      await fs.rm(staging, { recursive: true, force: true })
    }
    await fs.rm(dir, { recursive: true, force: true })
  }

  async promote(from: ObjectKey, to: ObjectKey): Promise<void> {
    // Both names lie in one directory: the rename is atomic, and the object was verified on its way in.
    try {
      await fs.rename(this.objectFile(from), this.objectFile(to))
    } catch (error) {
      // Moved already, by the same confirmation sent twice at once.
      if (!isMissing(error) || !(await this.openObject(to))) throw error
    }
  }

  async abortMultipart(key: ObjectKey, uploadId: string): Promise<void> {
    try {
      await fs.rm(await this.openUpload(key, uploadId), { recursive: true, force: true })
    } catch (error) {
      // Aborting an upload that is already gone leaves the same state.
      if (!(error instanceof NoSuchUploadError)) throw error
    }
  }

  async read(key: ObjectKey, start: number, end: number): Promise<Readable | undefined> {
    return (await this.openObject(key))?.read(start, end)
  }

  /** The object's own file when it is one (not joined from parts): the derivative job reads it in place. */
  async singleFile(key: ObjectKey): Promise<string | undefined> {
    const file = this.objectFile(key)
    try {
      await fs.access(file)
      return file
    } catch {
      return undefined
    }
  }

  async put(key: ObjectKey, bytes: Buffer): Promise<void> {
    if (key.derivative === undefined) throw new Error('only thumbnails are written by the server')
    const destination = this.objectFile(key)
    const temp = this.tempFile()
    try {
      await fs.writeFile(temp, bytes, { mode: PRIVATE_FILE_MODE, flag: 'wx' })
      await fs.mkdir(path.dirname(destination), { recursive: true, mode: PRIVATE_DIR_MODE })
      await fs.rename(temp, destination)
    } finally {
      await fs.rm(temp, { force: true })
    }
  }

  async delete(key: ObjectKey): Promise<void> {
    await fs.rm(this.objectFile(key), { force: true })
    await fs.rm(this.objectPartsDir(key), { recursive: true, force: true })
    // Content takes its thumbnails with it.
    if (key.sender === undefined && key.derivative === undefined) {
      for (const size of DERIVATIVE_SIZES)
        await fs.rm(this.objectFile(derivativeKey(key, size)), { force: true })
    }
  }

  async reachable(): Promise<void> {
    for (const dir of [this.objectsDir, this.uploadsDir, this.tempDir]) {
      await fs.access(dir, fs.constants.W_OK | fs.constants.X_OK)
    }
  }

  async close(): Promise<void> {
    await this.temp.close()
  }
}

const ownerOf = (key: ObjectKey) => `${key.orgId}/${key.fileHash}`

/** Whole seconds, so the expiry in the URL is exactly the one signed. */
function expiryOf(expiresInSeconds: number): Date {
  if (!(expiresInSeconds > 0)) throw new Error('a signed URL needs a positive lifetime')
  return new Date((Math.floor(Date.now() / 1000) + Math.ceil(expiresInSeconds)) * 1000)
}

/**
 * Pipes body through counter into a new file. Unlike pipeline(), a refusal does not destroy the body: a
 * request body is then read to its end and dropped, so the connection survives to carry the refusal.
 */
function writeFrom(body: Readable, counter: HashingCounter, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const output = createWriteStream(file, { flags: 'wx', mode: PRIVATE_FILE_MODE })
    let settled = false
    const fail = (error: Error) => {
      if (settled) return
      settled = true
      body.unpipe(counter)
      body.resume()
      counter.destroy()
      output.destroy()
      // The file handle is closed before the caller removes the file.
      if (output.closed) reject(error)
      else output.once('close', () => reject(error))
    }
    body.once('error', fail)
    body.once('close', () => {
      if (!body.readableEnded) fail(new Error('the body ended before its last byte'))
    })
    counter.once('error', fail)
    output.once('error', fail)
    output.once('finish', () => {
      if (settled) return
      settled = true
      resolve()
    })
    body.pipe(counter).pipe(output)
  })
}
