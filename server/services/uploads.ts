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
import type { StoreSet } from '../storage/networkStores.ts'
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

export function toSignedOpts(signed: SignedRequest): SignedOpts {
  return {
    method: signed.method,
    url: signed.url,
    headers: signed.headers,
    expires_at: signed.expiresAt.toISOString(),
  }
}

/**
 * The store a client names must be the one its upload was placed in (400 invalid_s3_bucket); one that is
 * neither the service's store nor one of the organization's names nothing of theirs (404).
 */
async function checkStore(stores: StoreSet, orgId: number, given: number, placed: number): Promise<void> {
  if (given === placed) return
  if (!(await stores.isStoreOf(orgId, given))) throw new HttpError(404, 'not_found')
  throw new HttpError(400, 'invalid_s3_bucket')
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

/**
 * Signs the uploads of small files. Each goes to the store placement picks (the organization's first
 * enabled network store by priority that admits its size and answers, else the service's own); content
 * already stored is skipped and named with the store that holds it.
 */
export async function signUploads(
  db: Database,
  stores: StoreSet,
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
    const item = { file_hash: file.file_hash, file_size: file.file_size }
    if (stored?.is_confirmed) {
      items.push({ ...item, s3_bucket_id: stored.store_id, skip_upload: true, signed_opts: null })
      continue
    }
    const { storeId, store } = await stores.place(orgId, file.file_size)
    await recordPending(db, {
      orgId,
      fileHash: file.file_hash,
      fileSize: file.file_size,
      partSize: null,
      uploadId: null,
      storeId,
    })
    const signed = await store.signPut(
      { orgId, fileHash: file.file_hash },
      { sha256Hex: file.file_hash, size: file.file_size },
      UPLOAD_URL_SECONDS,
    )
    items.push({ ...item, s3_bucket_id: storeId, skip_upload: false, signed_opts: toSignedOpts(signed) })
  }
  return items
}

/** Confirms a single-part upload once the store shows the object with the announced size. */
export async function confirmObject(
  db: Database,
  stores: StoreSet,
  orgId: number,
  request: { s3_bucket_id: number; file_hash: string; file_size: number },
): Promise<void> {
  if (!(await stores.isStoreOf(orgId, request.s3_bucket_id))) throw new HttpError(404, 'not_found')
  checkHash(request.file_hash)
  const storeId = (await findStoredObject(db, orgId, request.file_hash))?.store_id ?? 0
  await checkStore(stores, orgId, request.s3_bucket_id, storeId)
  const store = await stores.holding(orgId, storeId)
  const info = await stores.call(storeId, () => store.head({ orgId, fileHash: request.file_hash }))
  if (!info || info.size !== request.file_size) throw new HttpError(412, 'object_missing')
  if (await confirm(db, orgId, request.file_hash, request.file_size, storeId)) {
    await stores.placed(storeId, request.file_size)
  }
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
 * The upload to send parts to: the pending one when its store still knows it (a resumed upload, or a plan of
 * the same file made at the same moment by another client), else a new one in the store placement picks.
 * Plans that arrive together each open an upload, one claims the row, and the others drop theirs and take its
 * upload: one file, one upload, and no database lock held while the store is asked. A store that fails to
 * open an upload is marked down, so the next round places the file in the next store.
 */
async function openUpload(
  db: Database,
  stores: StoreSet,
  key: ObjectKey,
  fileSize: number,
): Promise<{ uploadId: string; storeId: number; store: ObjectStore; stored: StoredPart[] } | 'stored'> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await findStoredObject(db, key.orgId, key.fileHash)
    if (row?.is_confirmed) return 'stored'
    if (row?.upload_id && row.file_size === fileSize) {
      const pending = await stores.holding(key.orgId, row.store_id).catch(() => undefined)
      const stored = pending && (await storedParts(pending, key, row.upload_id))
      if (pending && stored) return { uploadId: row.upload_id, storeId: row.store_id, store: pending, stored }
    }
    const { storeId, store } = await stores.place(key.orgId, fileSize)
    let uploadId: string
    try {
      uploadId = await stores.call(storeId, () => store.createMultipart(key))
    } catch (error) {
      if (storeId !== 0 && attempt < 2) continue
      throw error
    }
    const claim = {
      ...key,
      fileSize,
      partSize: partSizeFor(fileSize),
      uploadId,
      replacing: row?.upload_id ?? null,
      storeId,
    }
    if (await claimUpload(db, claim)) return { uploadId, storeId, store, stored: [] }
    await store.abortMultipart(key, uploadId)
  }
  // Three rounds lost to other plans of the same file: let the client ask again.
  throw new HttpError(409, 'upload_in_progress')
}

export async function planMultipart(
  db: Database,
  stores: StoreSet,
  orgId: number,
  request: MultipartRequest,
): Promise<MultipartResponse> {
  checkParts(request.file_hash, request.file_size, request.part_list)
  const key = { orgId, fileHash: request.file_hash }
  const skipped = (storeId: number) => ({
    upload_id: '',
    s3_bucket_id: storeId,
    skip_upload: true,
    upload_list: [],
  })
  const existing = await findStoredObject(db, orgId, request.file_hash)
  if (existing?.is_confirmed) return skipped(existing.store_id)
  const upload = await openUpload(db, stores, key, request.file_size)
  if (upload === 'stored') {
    return skipped((await findStoredObject(db, orgId, request.file_hash))?.store_id ?? 0)
  }
  const storedSizes = new Map(upload.stored.map((part) => [part.partNumber, part.size]))
  const uploadList = []
  for (const part of request.part_list) {
    if (storedSizes.get(part.part_num) === part.part_size) {
      uploadList.push({ part_num: part.part_num, skip_upload: true, signed_opts: null })
      continue
    }
    const signed = await upload.store.signPartPut(
      key,
      upload.uploadId,
      { partNumber: part.part_num, sha256Hex: part.part_hash, size: part.part_size },
      UPLOAD_URL_SECONDS,
    )
    uploadList.push({ part_num: part.part_num, skip_upload: false, signed_opts: toSignedOpts(signed) })
  }
  return {
    upload_id: upload.uploadId,
    s3_bucket_id: upload.storeId,
    skip_upload: false,
    upload_list: uploadList,
  }
}

export async function completeMultipart(
  db: Database,
  stores: StoreSet,
  orgId: number,
  request: MultipartCompleteRequest,
): Promise<void> {
  if (!(await stores.isStoreOf(orgId, request.s3_bucket_id))) throw new HttpError(404, 'not_found')
  checkParts(request.file_hash, request.file_size, request.part_list)
  const key = { orgId, fileHash: request.file_hash }
  const object = await findStoredObject(db, orgId, request.file_hash)
  await checkStore(stores, orgId, request.s3_bucket_id, object?.store_id ?? 0)
  if (object?.is_confirmed) return
  // Only the upload this organization opened for this content can complete it.
  if (object?.upload_id !== request.upload_id) throw new HttpError(404, 'unknown_upload')
  const storeId = object.store_id
  const store = await stores.holding(orgId, storeId)
  // A store that cannot list its parts leaves the question to completeMultipart, which verifies the
  // joined bytes against the hash before anything is confirmed.
  const listed = await stores.call(storeId, () => store.listParts(key, request.upload_id))
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
    await stores.call(
      storeId,
      () => store.completeMultipart(key, request.upload_id, parts),
      (error) => error instanceof ChecksumMismatchError,
    )
  } catch (error) {
    if (!(error instanceof ChecksumMismatchError)) throw error
    await store.abortMultipart(key, request.upload_id)
    await clearUpload(db, orgId, request.file_hash)
    throw new HttpError(409, 'checksum_mismatch')
  }
  if (await confirm(db, orgId, request.file_hash, request.file_size, storeId)) {
    await stores.placed(storeId, request.file_size)
  }
}
