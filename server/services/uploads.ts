// The rules of moving content into the store: which files need bytes at all, how a part list must look,
// and when content counts as stored. Content is confirmed only after the store itself shows it (head, or
// a completed multipart upload the store checked against the composite hash), never on the client's word.
// A hash names content only for those who can reach it (contentAccess.ts): anyone else sends the bytes, to
// their own copy (a single PUT) or their own multipart upload, and so proves they hold them. Sizes are the
// stored object's: a size that differs from it is refused, and files registered before the bytes arrived
// take the stored size once they do.
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
import { HttpError } from '../errors.ts'
import type { GrantAccess } from './callers.ts'
import {
  claimContentUpload,
  clearContentUpload,
  findContentUpload,
  isSender,
} from '../repositories/contentProof.ts'
import { findStoredObject, recordPending, type StoredObject } from '../repositories/storedObjects.ts'
import { compositeSha256Hex } from '../storage/checksums.ts'
import type { StoreSet } from './placement.ts'
import { confirmContent, type DerivativeJobs } from './derivatives.ts'
import { nextShard } from '../storage/shardTurns.ts'
import { UPLOAD_URL_SECONDS } from '../storage/urlLifetimes.ts'
import {
  ChecksumMismatchError,
  senderKey,
  type ObjectKey,
  type ObjectStore,
  type SignedRequest,
  type StoredPart,
} from '../storage/store.ts'
import { canReach, proveSent } from './contentAccess.ts'
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

/** Content the caller may skip sending: stored, and reachable by them; its stored size must be theirs. */
async function reachableStored(
  db: Database,
  access: GrantAccess,
  file: { file_hash: string; file_size: number },
): Promise<StoredObject | undefined> {
  // Both questions are asked whatever the answer to the first, so the time taken tells nothing either.
  const [stored, reachable] = await Promise.all([
    findStoredObject(db, access.member.org_id, file.file_hash),
    canReach(db, access, file.file_hash),
  ])
  if (!stored?.is_confirmed || !reachable) return undefined
  if (stored.file_size !== file.file_size) throw new HttpError(409, 'file_size_mismatch')
  return stored
}

/**
 * Signs the uploads of small files. Each goes to the store placement picks (the organization's first
 * enabled network store by priority that admits its size and answers, else the service's own), to the
 * caller's own copy of the content; content already stored that the caller can reach is skipped and named
 * with the store that holds it. Content stored but out of the caller's reach is answered exactly as new
 * content is, so the answer tells nothing of what the organization holds.
 */
export async function signUploads(
  db: Database,
  stores: StoreSet,
  access: GrantAccess,
  request: UploadRequest,
): Promise<UploadItem[]> {
  const orgId = access.member.org_id
  for (const file of request.file_list) {
    checkHash(file.file_hash)
    if (file.file_size > SINGLE_PART_MAX_BYTES) throw new HttpError(400, 'multipart_required')
  }
  // Every refusal comes before anything is recorded or signed.
  const skipped = await Promise.all(request.file_list.map((file) => reachableStored(db, access, file)))
  const items: UploadItem[] = []
  for (const [index, file] of request.file_list.entries()) {
    const item = { file_hash: file.file_hash, file_size: file.file_size }
    const stored = skipped[index]
    if (stored) {
      items.push({ ...item, s3_bucket_id: stored.store_id, skip_upload: true, signed_opts: null })
      continue
    }
    const { storeId, store } = await stores.place(orgId, file.file_size)
    await recordPending(db, { orgId, fileHash: file.file_hash, fileSize: file.file_size, storeId })
    // Single PUTs take the store's hosts in turn (the console offers its files one at a time): a browser
    // counts its connections per host.
    const signed = await store.signPut(
      senderKey({ orgId, fileHash: file.file_hash }, access.member.user_id),
      { sha256Hex: file.file_hash, size: file.file_size },
      UPLOAD_URL_SECONDS,
      { shard: nextShard() },
    )
    items.push({ ...item, s3_bucket_id: storeId, skip_upload: false, signed_opts: toSignedOpts(signed) })
  }
  return items
}

/**
 * Whether a confirmation or completion is one sent again after it succeeded: the content is confirmed and
 * the caller is recorded as having sent it. Its size must be the one they sent (409 otherwise).
 */
async function wasSentBy(
  db: Database,
  stored: StoredObject | undefined,
  key: ObjectKey,
  userId: number,
  fileSize: number,
): Promise<boolean> {
  if (!stored?.is_confirmed || !(await isSender(db, key.orgId, key.fileHash, userId))) return false
  if (stored.file_size !== fileSize) throw new HttpError(409, 'file_size_mismatch')
  return true
}

/**
 * Once content is confirmed, a copy of it in another store than the one that holds it is not wanted: two
 * senders that finished in different stores at once leave one such copy behind.
 */
async function dropSecondCopy(db: Database, stores: StoreSet, key: ObjectKey, storeId: number) {
  const row = await findStoredObject(db, key.orgId, key.fileHash)
  if (row?.is_confirmed && row.store_id !== storeId) {
    const store = await stores.holding(key.orgId, storeId)
    await stores.call(storeId, () => store.delete(key))
  }
}

/**
 * Confirms a single-part upload once the store shows the caller's copy with the announced size: the copy
 * becomes the content (or is dropped when the content is stored already), and the caller is recorded as
 * having sent it. A confirmation sent again after it succeeded answers the same.
 */
export async function confirmObject(
  db: Database,
  stores: StoreSet,
  derivatives: DerivativeJobs,
  access: GrantAccess,
  request: { s3_bucket_id: number; file_hash: string; file_size: number },
): Promise<void> {
  const orgId = access.member.org_id
  const storeId = request.s3_bucket_id
  if (!(await stores.isStoreOf(orgId, storeId))) throw new HttpError(404, 'not_found')
  checkHash(request.file_hash)
  const key = { orgId, fileHash: request.file_hash }
  // Only the caller's own copy is looked for, in the store they name: whatever the organization holds
  // elsewhere changes nothing in the answer (a copy in another store is simply not there, 412).
  const before = await findStoredObject(db, orgId, request.file_hash)
  const own = senderKey(key, access.member.user_id)
  const store = await stores.holding(orgId, storeId)
  const info = await stores.call(storeId, () => store.head(own))
  if (!info) {
    if (await wasSentBy(db, before, key, access.member.user_id, request.file_size)) return
    throw new HttpError(412, 'object_missing')
  }
  if (info.size !== request.file_size) throw new HttpError(412, 'object_missing')
  if (before?.is_confirmed) {
    // The content is in place already: this copy only proved that the caller holds the bytes.
    await stores.call(storeId, () => store.delete(own))
  } else {
    await stores.call(storeId, () => store.promote(own, key))
    if (await confirmContent(db, derivatives, key, info.size, storeId))
      await stores.placed(storeId, info.size)
    await dropSecondCopy(db, stores, key, storeId)
  }
  await proveSent(db, access, request.file_hash, info.size)
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
 * The caller's upload to send parts to: their pending one when its store still knows it (a resumed upload,
 * or a plan of the same file made at the same moment by another of their clients), else a new one in the
 * store placement picks. Each person has their own upload of a content (content_upload), so only bytes they
 * sent complete it. Plans that arrive together each open an upload, one claims the row, and the others drop
 * theirs and take its upload: one upload per person and file, and no database lock held while the store is
 * asked. A store that fails to open an upload is marked down, so the next round places the file in the next
 * store.
 */
async function openUpload(
  db: Database,
  stores: StoreSet,
  key: ObjectKey,
  userId: number,
  fileSize: number,
): Promise<{ uploadId: string; storeId: number; store: ObjectStore; stored: StoredPart[] }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await findContentUpload(db, key.orgId, key.fileHash, userId)
    if (row && row.file_size === fileSize) {
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
    const claim = { ...key, userId, storeId, uploadId, fileSize, replacing: row?.upload_id ?? null }
    if (await claimContentUpload(db, claim)) {
      await recordPending(db, { ...key, fileSize, storeId })
      return { uploadId, storeId, store, stored: [] }
    }
    await store.abortMultipart(key, uploadId)
  }
  // Three rounds lost to other plans of the same file: let the client ask again.
  throw new HttpError(409, 'upload_in_progress')
}

export async function planMultipart(
  db: Database,
  stores: StoreSet,
  access: GrantAccess,
  request: MultipartRequest,
): Promise<MultipartResponse> {
  checkParts(request.file_hash, request.file_size, request.part_list)
  const key = { orgId: access.member.org_id, fileHash: request.file_hash }
  const stored = await reachableStored(db, access, request)
  if (stored) return { upload_id: '', s3_bucket_id: stored.store_id, skip_upload: true, upload_list: [] }
  const upload = await openUpload(db, stores, key, access.member.user_id, request.file_size)
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
      // Consecutive parts go to different hosts of the store.
      { shard: part.part_num - 1 },
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
  derivatives: DerivativeJobs,
  access: GrantAccess,
  request: MultipartCompleteRequest,
): Promise<void> {
  const orgId = access.member.org_id
  const userId = access.member.user_id
  if (!(await stores.isStoreOf(orgId, request.s3_bucket_id))) throw new HttpError(404, 'not_found')
  checkParts(request.file_hash, request.file_size, request.part_list)
  const key = { orgId, fileHash: request.file_hash }
  const upload = await findContentUpload(db, orgId, request.file_hash, userId)
  // Only the caller's own upload of this content can complete it.
  if (upload?.upload_id !== request.upload_id) {
    const object = await findStoredObject(db, orgId, request.file_hash)
    if (await wasSentBy(db, object, key, userId, request.file_size)) return
    throw new HttpError(404, 'unknown_upload')
  }
  if (request.s3_bucket_id !== upload.store_id) throw new HttpError(400, 'invalid_s3_bucket')
  const storeId = upload.store_id
  const store = await stores.holding(orgId, storeId)
  // A store that cannot list its parts leaves the question to completeMultipart, which verifies the
  // joined bytes against the hash before anything is confirmed.
  const listed = await stores.call(storeId, () => store.listParts(key, request.upload_id))
  const stored = new Map(listed?.map((part) => [part.partNumber, part]))
  const isSent = (part: PartRef) => {
    const found = stored.get(part.part_num)
    return (
      found?.size === part.part_size && (found.sha256Hex === undefined || found.sha256Hex === part.part_hash)
    )
  }
  if (listed && !request.part_list.every(isSent)) throw new HttpError(412, 'parts_missing')
  if ((await findStoredObject(db, orgId, request.file_hash))?.is_confirmed) {
    // The content is in place already: the caller's upload only proves that they hold the bytes, which
    // needs every part stored with the digest it was verified against. It is dropped, not completed: joining
    // it would write over the content, and a store that checks nothing would then hold whatever was sent.
    const verified = listed?.every((part) => part.sha256Hex !== undefined) && request.part_list.every(isSent)
    if (!verified) throw new HttpError(412, 'parts_missing')
    await store.abortMultipart(key, request.upload_id)
    await clearContentUpload(db, orgId, request.file_hash, userId)
    await proveSent(db, access, request.file_hash, request.file_size)
    return
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
    await clearContentUpload(db, orgId, request.file_hash, userId)
    throw new HttpError(409, 'checksum_mismatch')
  }
  await clearContentUpload(db, orgId, request.file_hash, userId)
  if (await confirmContent(db, derivatives, key, request.file_size, storeId)) {
    await stores.placed(storeId, request.file_size)
  }
  await dropSecondCopy(db, stores, key, storeId)
  await proveSent(db, access, request.file_hash, request.file_size)
}
