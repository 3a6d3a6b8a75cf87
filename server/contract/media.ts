// Wire types of files: listing, detail, versions, audit, registration, uploads and downloads
// (specification 000, sections 3 and 7). Times in answers are ISO 8601 strings in UTC; ctime and mtime in a
// registration are epoch milliseconds, as File.lastModified gives them.
import { Type, type Static } from 'typebox'
import { Nullable } from './wireValues.ts'
import { MAX_FILE_BYTES, MAX_PART_BYTES, MAX_PARTS } from './parts.ts'

// Bounds of what a request may claim, checked by the schema before any work: sizes no file can have, times
// outside years 1-9999 and ids past PostgreSQL's integer are refused with 400 instead of reaching the database.
const FileSize = (minimum: number) => Type.Integer({ minimum, maximum: MAX_FILE_BYTES })
/** Epoch milliseconds from 0001-01-01 to 9999-12-31, as File.lastModified gives them. */
const EpochMs = Type.Integer({ minimum: -62_135_596_800_000, maximum: 253_402_300_799_999 })
const StoreId = Type.Integer({ minimum: 0, maximum: 2_147_483_647 })
/** A SHA-256 in hex; its form (64 lower-case hex digits) is checked by the service, answering invalid_hash. */
const Sha256Hex = Type.String({ maxLength: 64 })

export const Media = Type.Object({
  media_id: Type.Integer(),
  /** The full path, under MEDIA_PATH_PREFIX. */
  media_path: Type.String(),
  file_size: Type.Integer(),
  file_hash: Type.String(),
  ctime: Nullable(Type.String()),
  mtime: Nullable(Type.String()),
  is_deleted: Type.Boolean(),
  media_version_id: Type.Integer(),
  last_updated: Type.String(),
  last_update_user_id: Nullable(Type.Integer()),
  last_update_device_id: Nullable(Type.Integer()),
  /** What the file holds, by its name's extension (contract/mediaKinds.ts, MEDIA_KINDS). */
  media_kind: Type.Union([
    Type.Literal('image'),
    Type.Literal('video'),
    Type.Literal('audio'),
    Type.Literal('document'),
    Type.Literal('other'),
  ]),
  /**
   * ready: the thumbnails exist (mediaThumbnail answers them); pending: a job is making them; none: nothing
   * to show (not a picture or a video, content that could not be decoded, or content not uploaded).
   */
  thumbnail_state: Type.Union([Type.Literal('ready'), Type.Literal('pending'), Type.Literal('none')]),
  /** thumbnail_state is ready. */
  has_thumbnail: Type.Boolean(),
})
export type Media = Static<typeof Media>

export type ThumbnailState = Media['thumbnail_state']

/** What the server read of a picture's, a clip's or a sound's content (sharp, ffprobe). */
export const MediaInfo = Type.Object({
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
  duration_seconds: Nullable(Type.Number()),
  video_codec: Nullable(Type.String()),
  audio_codec: Nullable(Type.String()),
  /** The container or image format, as the decoder names it (jpeg, png, mov,mp4,m4a,3gp,3g2,mj2, …). */
  format: Nullable(Type.String()),
})
export type MediaInfo = Static<typeof MediaInfo>

export const DirEntry = Type.Object({
  dir_name: Type.String(),
  /** Active files anywhere below the directory. */
  file_count: Type.Integer(),
  /**
   * Deleted files anywhere below the directory. A directory whose file_count is 0 is deleted when it holds
   * deleted files; with none (a folder just made, or only empty folders below) it is an empty folder.
   */
  deleted_count: Type.Integer(),
})
export type DirEntry = Static<typeof DirEntry>

export const DirListQuery = Type.Object({
  prefix_path: Type.String({ maxLength: 4096 }),
  media_grant_id: Type.Optional(Type.String({ maxLength: 32 })),
})
export type DirListQuery = Static<typeof DirListQuery>

export const DirListResponse = Type.Object({ media_list: Type.Array(Media), dir_list: Type.Array(DirEntry) })
export type DirListResponse = Static<typeof DirListResponse>

export const MediaVersion = Type.Object({
  media_version_id: Type.Integer(),
  file_hash: Type.String(),
  file_size: Type.Integer(),
  create_time: Type.String(),
  is_deleted: Type.Boolean(),
  user_name: Nullable(Type.String()),
  /** The e-mail of the user who made the version: shown where the user has no user name. */
  email: Nullable(Type.String()),
  device_name: Nullable(Type.String()),
})
export type MediaVersion = Static<typeof MediaVersion>

export const HashContainer = Type.Object({ device_name: Type.String(), last_seen: Nullable(Type.String()) })
export type HashContainer = Static<typeof HashContainer>

export const MediaDetail = Type.Intersect([
  Media,
  Type.Object({
    version_list: Type.Array(MediaVersion),
    hash_containers: Type.Array(HashContainer),
    /** The current content is stored in the cloud (shown as In Cloud / Not Uploaded). */
    in_s3: Type.Boolean(),
    last_update_user_name: Nullable(Type.String()),
    /** The e-mail of the last user to change the file: shown where the user has no user name. */
    last_update_user_email: Nullable(Type.String()),
    last_update_device_name: Nullable(Type.String()),
    /** What the content is, once the derivative job read it; null before, or when it is not media. */
    media_info: Nullable(MediaInfo),
  }),
])
export type MediaDetail = Static<typeof MediaDetail>

export const MediaDetailResponse = Type.Object({ media: MediaDetail })
export type MediaDetailResponse = Static<typeof MediaDetailResponse>

export const RegisterMediaRequest = Type.Object({
  media_path: Type.String({ maxLength: 4096 }),
  file_size: FileSize(0),
  file_hash: Sha256Hex,
  ctime: Type.Optional(Nullable(EpochMs)),
  mtime: Type.Optional(Nullable(EpochMs)),
  /**
   * The content the caller last saw at the path: when the path holds it, the new content becomes the
   * file's next version (a device syncing a changed file). Without it, other content at the path is 409
   * different_file, so no one overwrites a change they did not see.
   */
  previous_hash: Type.Optional(Sha256Hex),
})
export type RegisterMediaRequest = Static<typeof RegisterMediaRequest>

export const RegisterMediaResponse = Type.Object({ media_id: Type.Integer() })
export type RegisterMediaResponse = Static<typeof RegisterMediaResponse>

/** What the client follows to move bytes: it never knows which store it talks to. */
export const SignedOpts = Type.Object({
  method: Type.Union([Type.Literal('PUT'), Type.Literal('GET')]),
  url: Type.String(),
  headers: Type.Record(Type.String(), Type.String()),
  expires_at: Type.String(),
})
export type SignedOpts = Static<typeof SignedOpts>

export const FileRef = Type.Object({
  file_hash: Sha256Hex,
  file_size: FileSize(0),
})

export const UploadRequest = Type.Object({ file_list: Type.Array(FileRef, { minItems: 1, maxItems: 1000 }) })
export type UploadRequest = Static<typeof UploadRequest>

export const UploadItem = Type.Object({
  file_hash: Type.String(),
  file_size: Type.Integer(),
  /** The store the object goes to: 0 is the product's default store. */
  s3_bucket_id: Type.Integer(),
  /** The content is already stored for this organization: nothing to send. */
  skip_upload: Type.Boolean(),
  signed_opts: Nullable(SignedOpts),
})
export type UploadItem = Static<typeof UploadItem>

export const UploadResponse = Type.Object({ upload_list: Type.Array(UploadItem) })
export type UploadResponse = Static<typeof UploadResponse>

export const S3ObjectRequest = Type.Object({
  s3_bucket_id: StoreId,
  file_hash: Sha256Hex,
  file_size: FileSize(0),
})
export type S3ObjectRequest = Static<typeof S3ObjectRequest>

export const PartRef = Type.Object({
  part_num: Type.Integer({ minimum: 1, maximum: MAX_PARTS }),
  /** SHA-256 hex of the part's bytes. */
  part_hash: Sha256Hex,
  part_size: Type.Integer({ minimum: 1, maximum: MAX_PART_BYTES }),
})
export type PartRef = Static<typeof PartRef>

export const MultipartRequest = Type.Object({
  file_hash: Sha256Hex,
  file_size: FileSize(1),
  part_list: Type.Array(PartRef, { minItems: 1, maxItems: MAX_PARTS }),
})
export type MultipartRequest = Static<typeof MultipartRequest>

export const MultipartItem = Type.Object({
  part_num: Type.Integer(),
  /** This part is stored already (a resumed upload): nothing to send. */
  skip_upload: Type.Boolean(),
  signed_opts: Nullable(SignedOpts),
})
export type MultipartItem = Static<typeof MultipartItem>

export const MultipartResponse = Type.Object({
  upload_id: Type.String(),
  s3_bucket_id: Type.Integer(),
  /** The whole file is stored already: nothing to send, nothing to complete. */
  skip_upload: Type.Boolean(),
  upload_list: Type.Array(MultipartItem),
})
export type MultipartResponse = Static<typeof MultipartResponse>

export const MultipartCompleteRequest = Type.Object({
  file_hash: Sha256Hex,
  file_size: FileSize(1),
  part_list: Type.Array(PartRef, { minItems: 1, maxItems: MAX_PARTS }),
  upload_id: Type.String({ maxLength: 1024 }),
  s3_bucket_id: StoreId,
})
export type MultipartCompleteRequest = Static<typeof MultipartCompleteRequest>

export const DownloadUrlQuery = Type.Object({
  inline: Type.Optional(Type.Union([Type.Boolean(), Type.String({ maxLength: 8 })])),
})

export const DownloadUrlResponse = Type.Object({
  /** A signed URL of the content: one of urls, a different one from call to call. */
  url: Type.String(),
  /**
   * The same content signed for each host of the store, in the store's order (one when it has one host):
   * a client spreads its ranged requests over them, since a browser opens at most 6 connections per host.
   */
  urls: Type.Array(Type.String(), { minItems: 1 }),
})
export type DownloadUrlResponse = Static<typeof DownloadUrlResponse>

/** small: about 256 px on the long side; large: about 1280 px. Both WebP. */
export const THUMBNAIL_SIZES = ['small', 'large'] as const
export type ThumbnailSize = (typeof THUMBNAIL_SIZES)[number]

export const ThumbnailQuery = Type.Object({
  size: Type.Optional(Type.Union([Type.Literal('small'), Type.Literal('large')])),
  /**
   * Not read by the server: the console puts the content's hash here, so that a file's new version has a new
   * address and the browser does not show the picture it kept of the old one (answers may be kept a while).
   */
  v: Type.Optional(Type.String({ maxLength: 64 })),
})
export type ThumbnailQuery = Static<typeof ThumbnailQuery>

export const AuditEvent = Type.Object({
  create_time: Type.String(),
  device_name: Nullable(Type.String()),
  user_name: Nullable(Type.String()),
  email: Nullable(Type.String()),
  /** Where the file went; null for a web download. */
  dest_path: Nullable(Type.String()),
  media_path: Type.String(),
  device_id: Nullable(Type.Integer()),
  user_id: Nullable(Type.Integer()),
  /** A share link's visitor, by address (the Destination is then 'Link: <label>'); null otherwise. */
  visitor_address: Nullable(Type.String()),
})
export type AuditEvent = Static<typeof AuditEvent>

export const AuditListResponse = Type.Object({ audit_list: Type.Array(AuditEvent) })
export type AuditListResponse = Static<typeof AuditListResponse>

/** Creates a folder (and its ancestors) so that it shows in listings while empty. */
export const CreateDirRequest = Type.Object({ prefix_path: Type.String({ maxLength: 4096 }) })
export type CreateDirRequest = Static<typeof CreateDirRequest>
