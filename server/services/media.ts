// The rules of files: what registering a path does to it, which folders exist, what a listing holds.
import { SHA256_HEX_PATTERN } from '../contract/parts.ts'
import type { DirListResponse, RegisterMediaRequest } from '../contract/media.ts'
import type { Database } from '../db/index.ts'
import { HttpError } from '../http/errors.ts'
import type { GrantAccess } from '../http/grantAccess.ts'
import {
  addVersion,
  findMediaAtPathForUpdate,
  insertDirs,
  insertMedia,
  isFileAtAnyPath,
  listFilesIn,
  listSubdirs,
} from '../repositories/media.ts'
import { dirChain, resolveDir, resolveFile, subtreeBound } from './paths.ts'

export function checkHash(fileHash: string): void {
  if (!SHA256_HEX_PATTERN.test(fileHash)) throw new HttpError(400, 'invalid_hash')
}

export async function listDir(
  db: Database,
  access: GrantAccess,
  prefixPath: string,
): Promise<DirListResponse> {
  const dirPath = resolveDir(access.root, prefixPath)
  const lowerDirPath = dirPath.toLowerCase()
  const [mediaList, dirList] = await Promise.all([
    listFilesIn(db, access.grant.volume_id, dirPath),
    listSubdirs(db, access.grant.volume_id, lowerDirPath, subtreeBound(lowerDirPath)),
  ])
  return { media_list: mediaList, dir_list: dirList }
}

/**
 * Registers content at a path. The same content at an active path is the same file (a retried call
 * answers the same media_id); other content at an active path is a different file (409); a deleted file
 * takes the new content as a new version and becomes active again.
 */
export async function registerMedia(
  db: Database,
  access: GrantAccess,
  request: RegisterMediaRequest,
): Promise<number> {
  const file = resolveFile(access.root, request.media_path)
  checkHash(request.file_hash)
  const content = {
    orgId: access.member.org_id,
    volumeId: access.grant.volume_id,
    ...file,
    fileHash: request.file_hash,
    fileSize: request.file_size,
    ctime: request.ctime ?? null,
    mtime: request.mtime ?? null,
    userId: access.member.user_id,
  }
  return db.transaction(async (tx) => {
    await insertDirs(tx, content.orgId, content.volumeId, dirChain(file.dirPath))
    const inserted = await insertMedia(tx, content)
    if (inserted !== undefined) {
      await addVersion(tx, inserted, content)
      return inserted
    }
    // The path is held (perhaps by a concurrent registration that just committed): decide under its lock.
    const existing = await findMediaAtPathForUpdate(tx, content.volumeId, file.mediaPath)
    if (!existing) throw new Error('a media path conflicted but no file holds it')
    if (!existing.is_deleted) {
      if (existing.file_hash === content.fileHash) return existing.media_id
      throw new HttpError(409, 'different_file')
    }
    await addVersion(tx, existing.media_id, content)
    return existing.media_id
  })
}

/** Records a folder and its ancestors, so an empty folder shows in listings. */
export async function createFolder(db: Database, access: GrantAccess, prefixPath: string): Promise<void> {
  const dirPath = resolveDir(access.root, prefixPath)
  // Only folders below the grant's root are new: the root exists by definition.
  const chain = dirChain(dirPath).filter((dir) => dir.dirPath.length > access.root.length)
  if (chain.length === 0) return
  await db.transaction(async (tx) => {
    const asFiles = chain.map((dir) => dir.dirPath.slice(0, -1))
    if (await isFileAtAnyPath(tx, access.grant.volume_id, asFiles))
      throw new HttpError(409, 'used_folder_name')
    await insertDirs(tx, access.member.org_id, access.grant.volume_id, dirChain(dirPath))
  })
}
