// The rules of files: what registering a path does to it, which folders exist, what a listing holds.
import { SHA256_HEX_PATTERN } from '../contract/parts.ts'
import type { DirListResponse, RegisterMediaRequest } from '../contract/media.ts'
import { MEDIA_PATH_PREFIX } from '../contract/limits.ts'
import type { Database } from '../db/index.ts'
import { HttpError } from '../errors.ts'
import type { GrantAccess } from './callers.ts'
import {
  addVersion,
  findListingVersion,
  findMediaAtPathForUpdate,
  insertMedia,
  isFileAtAnyPath,
  listFilesIn,
  listSubdirs,
  lockMediaActivity,
  setDeleted,
  touchDirChain,
  type CountChange,
} from '../repositories/media.ts'
import { findStoredObject } from '../repositories/storedObjects.ts'
import { canReach } from './contentAccess.ts'
import { toJsonBytes, type JsonBytes } from './jsonBytes.ts'
import { listingCacheOf } from './listingCache.ts'
import { dirChain, resolveDir, resolveFile } from './paths.ts'

export function checkHash(fileHash: string): void {
  if (!SHA256_HEX_PATTERN.test(fileHash)) throw new HttpError(400, 'invalid_hash')
}

/** A path's file as the folder counts see it: none, active or deleted. */
export type FileState = 'none' | 'active' | 'deleted'

/**
 * What a file going from one state to another adds to the counts of the directories on its path: a new
 * file counts as active; a delete moves it from active to deleted, an undelete or a new version of a
 * deleted file back; no change of state (a folder made, a retried call, a second delete) changes nothing.
 */
export function countChange(from: FileState, to: FileState): CountChange {
  const weight = (state: FileState, counted: FileState) => (state === counted ? 1 : 0)
  return {
    active: weight(to, 'active') - weight(from, 'active'),
    deleted: weight(to, 'deleted') - weight(from, 'deleted'),
  }
}

/**
 * A directory's files and subdirectories, each subdirectory with its counts of files below it, as the
 * bytes of the answer. A listing this process kept is answered again while the directory's listing version
 * is the one it was read at. A volume's root has no directory row, so no version: its listing (folders and
 * the files at the top) is read each time.
 */
export async function listDir(
  db: Database,
  access: GrantAccess,
  prefixPath: string,
): Promise<JsonBytes<DirListResponse>> {
  const dirPath = resolveDir(access.root, prefixPath)
  const volumeId = access.grant.volume_id
  const cache = listingCacheOf(db)
  const key = `${volumeId}:${dirPath.toLowerCase()}`
  // The version is read before the listing: a change committed in between leaves the listing kept with an
  // older version than the directory's, so it is read again next time, never served stale.
  const version = dirPath === MEDIA_PATH_PREFIX ? undefined : await findListingVersion(db, volumeId, dirPath)
  const kept = version === undefined ? undefined : cache.get(key, version)
  if (kept) return kept
  const [mediaList, dirList] = await Promise.all([
    listFilesIn(db, volumeId, dirPath),
    listSubdirs(db, volumeId, dirPath),
  ])
  const listing = toJsonBytes<DirListResponse>({ media_list: mediaList, dir_list: dirList })
  if (version !== undefined) cache.set(key, version, listing)
  return listing
}

/**
 * Registers content at a path. The same content at an active path is the same file (a retried call
 * answers the same media_id, and counts nothing again); other content at an active path is a different
 * file (409); a deleted file takes the new content as a new version and becomes active again. A file that
 * becomes active counts in every directory of its path (and a deleted one that does so no longer counts as
 * deleted), which registration records.
 */
export async function registerMedia(
  db: Database,
  access: GrantAccess,
  request: RegisterMediaRequest,
): Promise<number> {
  const file = resolveFile(access.root, request.media_path)
  checkHash(request.file_hash)
  const orgId = access.member.org_id
  // Content out of the caller's reach is registered as a file whose bytes have not arrived ('Not
  // Uploaded'), with the size declared, exactly as content the organization does not hold: the answer says
  // nothing of what is stored. Reachable content has its stored size, and no other.
  const [isProven, stored] = await Promise.all([
    canReach(db, access, request.file_hash),
    findStoredObject(db, orgId, request.file_hash),
  ])
  if (isProven && stored?.is_confirmed && stored.file_size !== request.file_size) {
    throw new HttpError(409, 'file_size_mismatch')
  }
  const content = {
    orgId,
    volumeId: access.grant.volume_id,
    ...file,
    fileHash: request.file_hash,
    fileSize: request.file_size,
    isProven,
    ctime: request.ctime ?? null,
    mtime: request.mtime ?? null,
    userId: access.member.user_id,
    deviceId: access.device?.device_id ?? null,
  }
  const dirs = dirChain(file.dirPath)
  // The file's row is locked first (inserted, or read for update), its directories after it, root first:
  // the one order every change of a file takes.
  return db.transaction(async (tx) => {
    const inserted = await insertMedia(tx, content)
    if (inserted !== undefined) {
      await addVersion(tx, inserted, content)
      await touchDirChain(tx, content.orgId, content.volumeId, dirs, countChange('none', 'active'))
      return inserted
    }
    // The path is held (perhaps by a concurrent registration that just committed): decide under its lock.
    const existing = await findMediaAtPathForUpdate(tx, content.volumeId, file.mediaPath)
    if (!existing) throw new Error('a media path conflicted but no file holds it')
    if (!existing.is_deleted) {
      if (existing.file_hash === content.fileHash) return existing.media_id
      if (request.previous_hash !== existing.file_hash) throw new HttpError(409, 'different_file')
      // The caller saw the content being replaced: a new version of an active file counts nothing again.
      await addVersion(tx, existing.media_id, content)
      await touchDirChain(tx, content.orgId, content.volumeId, dirs, countChange('active', 'active'))
      return existing.media_id
    }
    await addVersion(tx, existing.media_id, content)
    await touchDirChain(tx, content.orgId, content.volumeId, dirs, countChange('deleted', 'active'))
    return existing.media_id
  })
}

/**
 * Deletes or undeletes a file and its current version. Only a change of state changes the counts of its
 * directories (deleting a deleted file again counts nothing), but the file's row changes either way (who
 * and when), so its directory's listing does.
 */
export async function setMediaDeleted(
  db: Database,
  access: GrantAccess,
  mediaId: number,
  isDeleted: boolean,
): Promise<void> {
  const orgId = access.member.org_id
  await db.transaction(async (tx) => {
    const current = await lockMediaActivity(tx, orgId, mediaId)
    if (!current) throw new HttpError(404, 'not_found')
    await setDeleted(tx, orgId, mediaId, isDeleted, access.member.user_id)
    const change = countChange(current.is_deleted ? 'deleted' : 'active', isDeleted ? 'deleted' : 'active')
    await touchDirChain(tx, orgId, current.volume_id, dirChain(current.dir_path), change)
  })
}

/**
 * Records a folder and its ancestors, so an empty folder shows in listings (0 files, none deleted: an empty
 * folder, not a deleted one).
 */
export async function createFolder(db: Database, access: GrantAccess, prefixPath: string): Promise<void> {
  const dirPath = resolveDir(access.root, prefixPath)
  // Only folders below the grant's root are new: the root exists by definition.
  const chain = dirChain(dirPath).filter((dir) => dir.dirPath.length > access.root.length)
  if (chain.length === 0) return
  await db.transaction(async (tx) => {
    const asFiles = chain.map((dir) => dir.dirPath.slice(0, -1))
    if (await isFileAtAnyPath(tx, access.grant.volume_id, asFiles))
      throw new HttpError(409, 'used_folder_name')
    await touchDirChain(
      tx,
      access.member.org_id,
      access.grant.volume_id,
      dirChain(dirPath),
      countChange('none', 'none'),
    )
  })
}
