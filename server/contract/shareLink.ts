// Wire types of share links: a member sends a file or a folder of a container they hold to people outside the
// organization. The organization's calls (create, list, revoke, settings) sit under /api/1/org/…/share_link;
// the visitor's calls sit under the public /s/1/:share_token, with no session: the token (a long random
// string, answered once at creation, kept by the server as its SHA-256 only) is the only key, and a link
// session (answered by shareOpen, or by the passphrase check when the link has one) names the visit.
import { Type, type Static } from 'typebox'
import { MAX_LINK_DAYS, PASSPHRASE_MAX_LENGTH, LABEL_MAX_LENGTH } from './limits.ts'
import { NameText, Nullable } from './wireValues.ts'

const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })

// --- The organization's calls -------------------------------------------------------------------------------

/**
 * POST /api/1/org/:org_id/share_link/media_grant/:media_grant_id: a link to one file (media_id) or one
 * folder (folder_path, relative to the container's root; '' is the whole container), exactly one of them.
 */
export const CreateShareLinkRequest = Type.Object(
  {
    media_id: Type.Optional(Id),
    folder_path: Type.Optional(Type.String({ maxLength: 4096 })),
    /** Shown to the visitor and in the audit trail ('Link: Client review'); 1-128 characters. */
    label: NameText(LABEL_MAX_LENGTH),
    /** Days until the link expires: default DEFAULT_LINK_DAYS, at most the organization's max_link_days. */
    expire_days: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LINK_DAYS })),
    /** Asked of the visitor before anything of the target is shown; 8-256 characters. */
    passphrase: Type.Optional(Type.String({ maxLength: PASSPHRASE_MAX_LENGTH })),
    /** Files the link may give out in all (each file once per link session); absent: no limit. */
    download_limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    /** Thumbnails, previews and playback only: no download_url except an inline one (a player's source). */
    view_only: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type CreateShareLinkRequest = Static<typeof CreateShareLinkRequest>

export const ShareLinkState = Type.Union([
  Type.Literal('active'),
  Type.Literal('expired'),
  Type.Literal('used_up'),
  Type.Literal('revoked'),
  /** Stopped by the organization: links turned off, creator removed, container or volume disabled, target deleted. */
  Type.Literal('stopped'),
])
export type ShareLinkState = Static<typeof ShareLinkState>

export const ShareLink = Type.Object({
  share_link_id: Type.Integer(),
  label: Type.String(),
  user_id: Nullable(Type.Integer()),
  /** The creator's e-mail and user name, for the admin's list. */
  email: Nullable(Type.String()),
  user_name: Nullable(Type.String()),
  media_grant_id: Type.Integer(),
  grant_name: Type.String(),
  /** The shared file, or null for a folder. */
  media_id: Nullable(Type.Integer()),
  /** The folder (ends in '/', '' for the whole container) or the file, relative to the container's root. */
  target_path: Type.String(),
  target_kind: Type.Union([Type.Literal('file'), Type.Literal('folder')]),
  create_time: Type.String(),
  expires_at: Type.String(),
  has_passphrase: Type.Boolean(),
  download_limit: Nullable(Type.Integer()),
  download_count: Type.Integer(),
  view_only: Type.Boolean(),
  last_used: Nullable(Type.String()),
  revoked_at: Nullable(Type.String()),
  state: ShareLinkState,
})
export type ShareLink = Static<typeof ShareLink>

export const CreateShareLinkResponse = Type.Object({
  share_link: ShareLink,
  /** The token, answered this once: the server keeps only its hash. */
  share_token: Type.String(),
  /** The public page's path, '/s/<token>', for the copy button. */
  share_path: Type.String(),
})
export type CreateShareLinkResponse = Static<typeof CreateShareLinkResponse>

/** GET /api/1/org/:org_id/share_link: an admin sees every link of the organization, a member their own. */
export const ShareLinkListQuery = Type.Object({
  /** Only links of this state. */
  state: Type.Optional(ShareLinkState),
})
export type ShareLinkListQuery = Static<typeof ShareLinkListQuery>

export const ShareLinkListResponse = Type.Object({ share_link_list: Type.Array(ShareLink) })
export type ShareLinkListResponse = Static<typeof ShareLinkListResponse>

export const ShareLinkResponse = Type.Object({ share_link: ShareLink })
export type ShareLinkResponse = Static<typeof ShareLinkResponse>

/** GET (member) and POST (admin) /api/1/org/:org_id/share_link_settings. */
export const ShareLinkSettings = Type.Object({
  /** Members may create links and links work; off stops every link of the organization at once. */
  share_links_enabled: Type.Boolean(),
  /** The longest lifetime a new link may have, in days (1-MAX_LINK_DAYS). */
  max_link_days: Type.Integer({ minimum: 1, maximum: MAX_LINK_DAYS }),
  /** Active links the plan allows the organization at once; null: no limit. */
  max_active_links: Nullable(Type.Integer()),
})
export type ShareLinkSettings = Static<typeof ShareLinkSettings>

export const ShareLinkSettingsResponse = Type.Object({ settings: ShareLinkSettings })
export type ShareLinkSettingsResponse = Static<typeof ShareLinkSettingsResponse>

export const UpdateShareLinkSettingsRequest = Type.Object(
  {
    share_links_enabled: Type.Optional(Type.Boolean()),
    max_link_days: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LINK_DAYS })),
  },
  { additionalProperties: false },
)
export type UpdateShareLinkSettingsRequest = Static<typeof UpdateShareLinkSettingsRequest>

// --- The visitor's calls (/s/1/:share_token, public) ---------------------------------------------------------
//
// A link that is unknown, revoked or stopped answers 404 unknown_link, all alike, so tokens cannot be
// probed; an expired one 410 link_expired; a used-up one 410 link_used_up (on open and on download_url).

/** A link session: HMAC-signed by the server, short-lived, carried as the query parameter link_session. */
export const LinkSessionQuery = Type.Object({
  link_session: Type.Optional(Type.String({ maxLength: 512 })),
})
export type LinkSessionQuery = Static<typeof LinkSessionQuery>

/** GET /s/1/:share_token: the page. path: a folder below a folder link's root ('' or absent: its root). */
export const ShareOpenQuery = Type.Object({
  link_session: Type.Optional(Type.String({ maxLength: 512 })),
  path: Type.Optional(Type.String({ maxLength: 4096 })),
})
export type ShareOpenQuery = Static<typeof ShareOpenQuery>

/** A file as a visitor sees it: its name relative to the link's folder, nothing of the paths above. */
export const SharedMedia = Type.Object({
  media_id: Type.Integer(),
  /** The file's name, relative to the folder listed. */
  name: Type.String(),
  file_size: Type.Integer(),
  /**
   * The content's SHA-256 (hex), as the console's listing gives it: the download queue checks the bytes
   * it saved against it, and fetches files of one content once.
   */
  file_hash: Type.String(),
  mtime: Nullable(Type.String()),
  media_kind: Type.Union([
    Type.Literal('image'),
    Type.Literal('video'),
    Type.Literal('audio'),
    Type.Literal('document'),
    Type.Literal('other'),
  ]),
  thumbnail_state: Type.Union([Type.Literal('ready'), Type.Literal('pending'), Type.Literal('none')]),
})
export type SharedMedia = Static<typeof SharedMedia>

export const SharedDir = Type.Object({
  dir_name: Type.String(),
  file_count: Type.Integer(),
})
export type SharedDir = Static<typeof SharedDir>

export const ShareOpenResponse = Type.Object({
  org_name: Type.String(),
  label: Type.String(),
  target_kind: Type.Union([Type.Literal('file'), Type.Literal('folder')]),
  expires_at: Type.String(),
  view_only: Type.Boolean(),
  /** Files the link may still give out; null: no limit. */
  downloads_left: Nullable(Type.Integer()),
  /** The link has a passphrase and no valid link_session was sent: nothing of the target is answered. */
  needs_passphrase: Type.Boolean(),
  /** The visit's session (null while needs_passphrase): send it with every further call of the link. */
  link_session: Nullable(Type.String()),
  link_session_expires_at: Nullable(Type.String()),
  /** The folder listed, relative to the link's folder ('' at its root); '' for a file link. */
  path: Type.String(),
  /** A file link: the one file. A folder link: the files directly in `path`, as the folder is now. */
  media_list: Type.Array(SharedMedia),
  dir_list: Type.Array(SharedDir),
})
export type ShareOpenResponse = Static<typeof ShareOpenResponse>

/** POST /s/1/:share_token/passphrase: a wrong one is 403 wrong_passphrase; too many, 429 too_many_tries. */
export const SharePassphraseRequest = Type.Object({ passphrase: Type.String({ maxLength: 256 }) })
export type SharePassphraseRequest = Static<typeof SharePassphraseRequest>

export const SharePassphraseResponse = Type.Object({
  link_session: Type.String(),
  link_session_expires_at: Type.String(),
})
export type SharePassphraseResponse = Static<typeof SharePassphraseResponse>

/**
 * GET /s/1/:share_token/media/:media_id/download_url: the link_session is required (401 passphrase_required
 * without a valid one). inline: for a player's source; the only form a view-only link answers
 * (403 view_only otherwise). A file counts against download_limit once per link session, when its first
 * non-inline URL is issued.
 */
export const ShareDownloadUrlQuery = Type.Object({
  link_session: Type.Optional(Type.String({ maxLength: 512 })),
  inline: Type.Optional(Type.Union([Type.Boolean(), Type.String({ maxLength: 8 })])),
})
export type ShareDownloadUrlQuery = Static<typeof ShareDownloadUrlQuery>

/** GET /s/1/:share_token/media/:media_id/thumbnail: 302 to a signed WebP (large: the preview), or 404. */
export const ShareThumbnailQuery = Type.Object({
  link_session: Type.Optional(Type.String({ maxLength: 512 })),
  size: Type.Optional(Type.Union([Type.Literal('small'), Type.Literal('large')])),
  v: Type.Optional(Type.String({ maxLength: 64 })),
})
export type ShareThumbnailQuery = Static<typeof ShareThumbnailQuery>
