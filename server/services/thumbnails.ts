// A file's thumbnails (services/derivatives.ts makes them): a short-lived signed URL of the small or the
// large WebP, from the store that holds the content, for whoever may download the file. Only a file whose
// content can be read (stored, and proven for its current version) has one: a hash names nothing by itself.
// Not recorded in the audit trail: a thumbnail is not the file.
import type { ThumbnailSize } from '../contract/media.ts'
import type { Queryable } from '../db/index.ts'
import { HttpError } from '../errors.ts'
import { findDerivative } from '../repositories/derivatives.ts'
import type { MediaRow } from '../repositories/media.ts'
import { derivativeKey, shardOfHash } from '../storage/store.ts'
import { THUMBNAIL_URL_SECONDS } from '../storage/urlLifetimes.ts'
import type { GrantAccess } from './callers.ts'
import type { StoreSet } from './placement.ts'

export async function signThumbnail(
  db: Queryable,
  stores: StoreSet,
  access: GrantAccess,
  media: MediaRow,
  size: ThumbnailSize,
): Promise<{ url: string; maxAgeSeconds: number }> {
  const orgId = access.member.org_id
  // has_thumbnail: the derivatives are ready and the file's content is readable.
  if (!media.has_thumbnail) throw new HttpError(404, 'no_thumbnail')
  const derivative = await findDerivative(db, orgId, media.file_hash)
  if (derivative?.state !== 'ready') throw new HttpError(404, 'no_thumbnail')
  // From the store that holds the content (and so its thumbnails); one that is down answers 503.
  const store = await stores.holding(orgId, derivative.store_id)
  const signed = await store.signGet(derivativeKey({ orgId, fileHash: media.file_hash }, size), {
    fileName: `thumbnail-${size}.webp`,
    inline: true,
    expiresInSeconds: THUMBNAIL_URL_SECONDS,
    // A grid asks for dozens at once: over every host the store has, not six connections to its first.
    shard: shardOfHash(media.file_hash),
  })
  // The browser keeps the redirect a little less long than the URL lives.
  return { url: signed.url, maxAgeSeconds: THUMBNAIL_URL_SECONDS - 60 }
}
