// Download addresses: a signed, expiring URL of a file's or a version's content, only for content the
// store holds (the store it was placed in: the service's own or one of the organization's network
// stores); every address handed out is recorded in the volume's audit trail (the trail cannot see whether
// it was followed, so handing it out counts as the download).
//
// The address is signed once for each host of the store (urls, in the store's host order); url is one of
// them, turned per call, so files downloaded at once go to different hosts (a browser opens at most 6
// connections to one): a client that reads only url still spreads its downloads.
import type { DownloadUrlResponse } from '../contract/media.ts'
import type { Queryable } from '../db/index.ts'
import { HttpError } from '../errors.ts'
import type { GrantAccess } from './callers.ts'
import { findVersion, findVersionState, insertAuditEvent, type MediaRow } from '../repositories/media.ts'
import { findStoredObject } from '../repositories/storedObjects.ts'
import type { StoreSet } from './placement.ts'
import { nextShard } from '../storage/shardTurns.ts'
import { DOWNLOAD_URL_SECONDS } from '../storage/urlLifetimes.ts'
import { fileNameOf, isUnder } from './paths.ts'

export interface DownloadContent {
  mediaId: number
  /** The version whose content is read (a file's current one). */
  versionId: number
  mediaPath: string
  fileHash: string
}

export async function signDownload(
  db: Queryable,
  stores: StoreSet,
  access: GrantAccess,
  content: DownloadContent,
  inline: boolean,
  /** Where a device writes the file (the audit trail's Destination); undefined for the web. */
  destPath?: string,
  /** A share link's visitor, by address: the trail's Destination is then the link. */
  visitorAddress?: string,
): Promise<DownloadUrlResponse> {
  const orgId = access.member.org_id
  const object = await findStoredObject(db, orgId, content.fileHash)
  // Stored content that the version never proved is 'Not Uploaded' to it (services/contentAccess.ts).
  if (!object?.is_confirmed || !(await findVersionState(db, orgId, content.versionId)).is_readable) {
    throw new HttpError(404, 'not_uploaded')
  }
  // From the store that holds it, enabled or not; a network store that is down answers 503, never 404.
  const store = await stores.holding(orgId, object.store_id)
  const urls = await Promise.all(
    store.origins.map(async (_origin, shard) => {
      const signed = await store.signGet(
        { orgId, fileHash: content.fileHash },
        { fileName: fileNameOf(content.mediaPath), inline, expiresInSeconds: DOWNLOAD_URL_SECONDS, shard },
      )
      return signed.url
    }),
  )
  const shard = nextShard()
  await insertAuditEvent(db, {
    orgId,
    volumeId: access.grant.volume_id,
    mediaId: content.mediaId,
    mediaPath: content.mediaPath,
    userId: access.member.user_id,
    deviceId: access.device?.device_id ?? null,
    destPath: destPath ?? null,
    visitorAddress: visitorAddress ?? null,
  })
  return { url: urls[shard % urls.length] as string, urls }
}

/** A file's current content, as its download reads it. */
export function currentContent(media: MediaRow): DownloadContent {
  return {
    mediaId: media.media_id,
    versionId: media.media_version_id,
    mediaPath: media.media_path,
    fileHash: media.file_hash,
  }
}

/** A version of a file under the container's root; any other (or another tenant's) is not found. */
export async function versionContent(
  db: Queryable,
  access: GrantAccess,
  versionId: number,
): Promise<DownloadContent> {
  const version = await findVersion(db, access.member.org_id, versionId)
  if (!version || version.volume_id !== access.grant.volume_id || !isUnder(version.media_path, access.root)) {
    throw new HttpError(404, 'not_found')
  }
  return {
    mediaId: version.media_id,
    versionId: version.media_version_id,
    mediaPath: version.media_path,
    fileHash: version.file_hash,
  }
}
