// The rules of moving content into the store: which files need bytes at all, how a part list must look,
// and when content counts as stored. Content is confirmed only after the store itself shows it (head, or
// a completed multipart upload the store checked against the composite hash), never on the client's word.
import type {
  MultipartCompleteRequest,
  MultipartRequest,
  MultipartResponse,
  PartRef,
  SignedOpts,
  UploadItem,
  UploadRequest,
} from '../contract/media.ts'
import { MAX_FILE_BYTES, SINGLE_PART_MAX_BYTES, isMultipart, partSizeFor } from '../contract/parts.ts'
import type { Database } from '../db/index.ts'
import { HttpError } from '../http/errors.ts'
import { compositeSha256Hex } from '../storage/checksums.ts'
import { UPLOAD_URL_SECONDS } from '../storage/urlLifetimes.ts'
import {
  ChecksumMismatchError,
  type ObjectKey,
  type ObjectStore,
  type SignedRequest,
  type StoredPart,
} from '../storage/store.ts'
import {
  claimUpload,
  clearUpload,
  confirm,
  findStoredObject,
  recordPending,
} from '../repositories/storedObjects.ts'
import { checkHash } from './media.ts'

/** Only the product's default store (0) exists for now; organizations' own stores come later. */
const DEFAULT_STORE_ID = 0

export function toSignedOpts(signed: SignedRequest): SignedOpts {
  return {
    method: signed.method,
    url: signed.url,
    headers: signed.headers,
    expires_at: signed.expiresAt.toISOString(),
  }
}

function checkStore(storeId: number): void {
  if (storeId !== DEFAULT_STORE_ID) throw new HttpError(400, 'invalid_s3_bucket')
}

/**
 * A part list is valid when it is exactly the plan for the file's size (same numbers, same sizes, in
 * order), every part hash is a SHA-256, and the file hash is their composite. A file small enough for one
 * PUT has a plain SHA-256 of its bytes, so it has no part list. The count is compared first, so the work
 * is bounded by the list the request carries (at most MAX_PARTS), never by the size it claims.
 */
function checkParts(fileHash: string, fileSize: number, partList: readonly PartRef[]): void {
  checkHash(fileHash)
  if (!isMultipart(fileSize) || fileSize > MAX_FILE_BYTES) throw new HttpError(400, 'invalid_parts')
  const partSize = partSizeFor(fileSize)
  if (partList.length !== Math.ceil(fileSize / partSize)) throw new HttpError(400, 'invalid_parts')
  partList.forEach((part, index) => {
    const expectedSize = Math.min(partSize, fileSize - index * partSize)
    if (part.part_num !== index + 1 || part.part_size !== expectedSize)
      throw new HttpError(400, 'invalid_parts')
    checkHash(part.part_hash)
  })
  if (compositeSha256Hex(partList.map((part) => part.part_hash)) !== fileHash)
    throw new HttpError(400, 'invalid_hash')
}

export async function signUploads(
  db: Database,
  store: ObjectStore,
  orgId: number,
  request: UploadRequest,
): Promise<UploadItem[]> {
  for (const file of request.file_list) {
    checkHash(file.file_hash)
    if (file.file_size > SINGLE_PART_MAX_BYTES) throw new HttpError(400, 'multipart_required')
  }
  const items: UploadItem[] = []
  for (const file of request.file_list) {
    const stored = await findStoredObject(db, orgId, file.file_hash)
    const item = { file_hash: file.file_hash, file_size: file.file_size, s3_bucket_id: DEFAULT_STORE_ID }
    if (stored?.is_confirmed) {
      items.push({ ...item, skip_upload: true, signed_opts: null })
      continue
    }
    await recordPending(db, {
      orgId,
      fileHash: file.file_hash,
      fileSize: file.file_size,
      partSize: null,
      uploadId: null,
    })
    const signed = await store.signPut(
      { orgId, fileHash: file.file_hash },
      { sha256Hex: file.file_hash, size: file.file_size },
      UPLOAD_URL_SECONDS,
    )
    items.push({ ...item, skip_upload: false, signed_opts: toSignedOpts(signed) })
  }
  return items
}

/** Confirms a single-part upload once the store shows the object with the announced size. */
export async function confirmObject(
  db: Database,
  store: ObjectStore,
  orgId: number,
  request: { s3_bucket_id: number; file_hash: string; file_size: number },
): Promise<void> {
  checkHash(request.file_hash)
  checkStore(request.s3_bucket_id)
  const info = await store.head({ orgId, fileHash: request.file_hash })
  if (!info || info.size !== request.file_size) throw new HttpError(412, 'object_missing')
  await confirm(db, orgId, request.file_hash, request.file_size)
}

/** The parts the store holds of an upload; undefined when the store forgot it (expired or aborted). */
async function storedParts(store: ObjectStore, key: ObjectKey, uploadId: string) {
  try {
    // A store that cannot list parts has every part sent again.
    return (await store.listParts(key, uploadId)) ?? []
  } catch {
    return undefined
  }
}

/**
 * The upload to send parts to: the pending one when the store still knows it (a resumed upload, or a plan of
 * the same file made at the same moment by another client), else a new one. Plans that arrive together
 * each open an upload, one claims the row, and the others drop theirs and take its upload: one file, one
 * upload, and no database lock held while the store is asked.
 */
async function openUpload(
  db: Database,
  store: ObjectStore,
  key: ObjectKey,
  fileSize: number,
): Promise<{ uploadId: string; stored: StoredPart[] } | 'stored'> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await findStoredObject(db, key.orgId, key.fileHash)
    if (row?.is_confirmed) return 'stored'
    if (row?.upload_id && row.file_size === fileSize) {
      const stored = await storedParts(store, key, row.upload_id)
      if (stored) return { uploadId: row.upload_id, stored }
    }
    const uploadId = await store.createMultipart(key)
    const claim = {
      ...key,
      fileSize,
      partSize: partSizeFor(fileSize),
      uploadId,
      replacing: row?.upload_id ?? null,
    }
    if (await claimUpload(db, claim)) return { uploadId, stored: [] }
    await store.abortMultipart(key, uploadId)
  }
  // Three rounds lost to other plans of the same file: let the client ask again.
  throw new HttpError(409, 'upload_in_progress')
}

export async function planMultipart(
  db: Database,
  store: ObjectStore,
  orgId: number,
  request: MultipartRequest,
): Promise<MultipartResponse> {
  checkParts(request.file_hash, request.file_size, request.part_list)
  const key = { orgId, fileHash: request.file_hash }
  const skipped = { upload_id: '', s3_bucket_id: DEFAULT_STORE_ID, skip_upload: true, upload_list: [] }
  if ((await findStoredObject(db, orgId, request.file_hash))?.is_confirmed) return skipped
  const upload = await openUpload(db, store, key, request.file_size)
  if (upload === 'stored') return skipped
  const storedSizes = new Map(upload.stored.map((part) => [part.partNumber, part.size]))
  const uploadList = []
  for (const part of request.part_list) {
    if (storedSizes.get(part.part_num) === part.part_size) {
      uploadList.push({ part_num: part.part_num, skip_upload: true, signed_opts: null })
      continue
    }
    const signed = await store.signPartPut(
      key,
      upload.uploadId,
      { partNumber: part.part_num, sha256Hex: part.part_hash, size: part.part_size },
      UPLOAD_URL_SECONDS,
    )
    uploadList.push({ part_num: part.part_num, skip_upload: false, signed_opts: toSignedOpts(signed) })
  }
  return {
    upload_id: upload.uploadId,
    s3_bucket_id: DEFAULT_STORE_ID,
    skip_upload: false,
    upload_list: uploadList,
  }
}

export async function completeMultipart(
  db: Database,
  store: ObjectStore,
  orgId: number,
  request: MultipartCompleteRequest,
): Promise<void> {
  checkParts(request.file_hash, request.file_size, request.part_list)
  checkStore(request.s3_bucket_id)
  const key = { orgId, fileHash: request.file_hash }
  const object = await findStoredObject(db, orgId, request.file_hash)
  if (object?.is_confirmed) return
  // Only the upload this organization opened for this content can complete it.
  if (object?.upload_id !== request.upload_id) throw new HttpError(404, 'unknown_upload')
  // A store that cannot list its parts leaves the question to completeMultipart, which verifies the
  // joined bytes against the hash before anything is confirmed.
  const listed = await store.listParts(key, request.upload_id)
  const stored = new Map(listed?.map((part) => [part.partNumber, part.size]))
  if (listed && request.part_list.some((part) => stored.get(part.part_num) !== part.part_size)) {
    throw new HttpError(412, 'parts_missing')
  }
  const parts = request.part_list.map((part) => ({
    partNumber: part.part_num,
    sha256Hex: part.part_hash,
    size: part.part_size,
  }))
  try {
    await store.completeMultipart(key, request.upload_id, parts)
  } catch (error) {
    if (!(error instanceof ChecksumMismatchError)) throw error
    await store.abortMultipart(key, request.upload_id)
    await clearUpload(db, orgId, request.file_hash)
    throw new HttpError(409, 'checksum_mismatch')
  }
  await confirm(db, orgId, request.file_hash, request.file_size)
}
