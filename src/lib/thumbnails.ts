// What the console shows of a file's pictures (the derivatives the server makes: a small one for the grid,
// a large one for the viewer and the file screen), and when a listing is read again while they are being
// made. One place for the rules the grid, the viewer and the listing's polling share.
import type { Media, ThumbnailSize, ThumbnailState } from '../../server/contract/media.ts'
import { fileKindOf, type FileKind } from './fileKinds.ts'

export type { ThumbnailSize, ThumbnailState }

/**
 * The derivative fields of a listing's entry. Optional: a listing cached by the service worker or the
 * browser before the server had them has none, and then shows icons.
 */
export type MediaPictures = Pick<Media, 'media_path'> &
  Partial<Pick<Media, 'media_kind' | 'thumbnail_state' | 'has_thumbnail'>>

export const thumbnailStateOf = (media: MediaPictures): ThumbnailState => media.thumbnail_state ?? 'none'
export const hasThumbnail = (media: MediaPictures): boolean =>
  media.has_thumbnail ?? media.thumbnail_state === 'ready'
export const kindOfMedia = (media: MediaPictures): FileKind =>
  media.media_kind ?? fileKindOf(media.media_path)

/** How often a listing with pictures still being made is read again. */
export const PENDING_REFETCH_MS = 3000
/** How long it keeps being read: a job that takes longer shows its picture on the next visit. */
export const PENDING_REFETCH_FOR_MS = 120_000

/**
 * The refetch interval of a listing (TanStack Query's refetchInterval): every few seconds while any shown
 * file's pictures are pending, and only for a while after the first pending answer; false otherwise.
 * `pendingSince` is when the listing was first seen with a pending file (undefined: not yet).
 */
export function pendingRefetchInterval(
  files: readonly MediaPictures[],
  pendingSince: number | undefined,
  now: number,
): number | false {
  if (!files.some((media) => thumbnailStateOf(media) === 'pending')) return false
  if (pendingSince !== undefined && now - pendingSince >= PENDING_REFETCH_FOR_MS) return false
  return PENDING_REFETCH_MS
}
