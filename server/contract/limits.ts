// The contract's plain values: the limits, patterns and defaults that the server's schemas and services
// enforce and the console checks before it sends. Plain data, no schemas: the console imports them from here
// and its bundle carries these values only (the schemas beside them would bring TypeBox).

// Network stores
/** Default max object size of a network store (001 sections 5 and 9): 4 TiB. */
export const DEFAULT_STORE_MAX_SIZE = 4398046511104
/** What a stored secret reads as; sent back on edit, or left blank, it keeps the stored one. */
export const SECRET_MASK = '****'
/** How many endpoint aliases a network store may have. */
export const MAX_ENDPOINT_ALIASES = 8

// Files
export const MEDIA_PATH_PREFIX = '/media/'
/**
 * How long a download address lives (the web's download_url calls and the devices' alike): long enough to
 * start a fetch, since each is asked for right before it is followed (a fetch that started in time may
 * run longer), and short, since an address works for anyone who holds it until it expires, whether or not
 * its person still has access. The console asks again for one older than this (src/transfers/limits.ts).
 */
export const DOWNLOAD_URL_SECONDS = 15 * 60

// Apps
export const APP_NAME_MAX = 64

// Devices
/** Upload priority (001 section 9): 0 to 1000; a new device starts in the middle. */
export const UPLOAD_PRIORITY_MAX = 1000
/** A device name: what a person reads in the list, 1-64 characters after trimming. */
export const DEVICE_NAME_MAX = 64

// Users
/** Username rule (specification 000, section 5): 4 to 32 letters, numbers, dash, underscore. */
export const USER_NAME_PATTERN = /^[A-Za-z0-9_-]{4,32}$/

// Volumes
/** Expiration in days (001 section 5): 1 to 365, or 0 for "does not expire" (the schema's 0-365 is the rule). */
export const EXPIRE_DAYS_MIN = 1
export const EXPIRE_DAYS_MAX = 365
/** Volume name rule (specification 000, section 5): 3-64 characters, a letter or digit at each end. */
export const VOLUME_NAME_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9 _-]{1,62})[A-Za-z0-9]$/

// Organizations
/** Days a released prefix stays with its organization: its host redirects to the organization's new one,
 * and no other organization may take it meanwhile. */
export const DOMAIN_PREFIX_HOLD_DAYS = 30

// An organization's users
/** A new member's capabilities when the request names none (issue contract: upload and download). */
export const NEW_MEMBER_CAPABILITIES = {
  cap_add_device: false,
  cap_web_download: true,
  cap_web_upload: true,
} as const

// Files at risk
/** The days after which a device that has not been seen no longer counts as holding a copy. */
export const AT_RISK_DEFAULT_DAYS = 7

// Usage metrics
/** The metrics ranges (001 section 9) and the days each covers, the last ended UTC day included. */
export const USAGE_RANGES = ['1w', '2w', '30d', '90d'] as const
export type UsageRange = (typeof USAGE_RANGES)[number]
export const USAGE_RANGE_DAYS: Readonly<Record<UsageRange, number>> = {
  '1w': 7,
  '2w': 14,
  '30d': 30,
  '90d': 90,
}
export const DEFAULT_USAGE_RANGE: UsageRange = '1w'

// Share links (shareLink.ts): plain values, so that the console's bundle, which checks them before a call,
// carries no TypeBox.

/** A link's token: 32 random bytes, base64url without padding (43 characters). */
export const SHARE_TOKEN_PATTERN = '^[A-Za-z0-9_-]{43}$'

/** Days a link lives when its creator names none, unless the organization allows fewer. */
export const DEFAULT_LINK_DAYS = 7
/** The longest lifetime an organization may allow. */
export const MAX_LINK_DAYS = 365
/** A passphrase's length: the console checks it before the call, the server again. */
export const PASSPHRASE_MIN_LENGTH = 8
export const PASSPHRASE_MAX_LENGTH = 256
/** A label's longest length. */
export const LABEL_MAX_LENGTH = 128
/** How long a link session lasts: a visitor opening the page again gets a new one. */
export const LINK_SESSION_MINUTES = 60
