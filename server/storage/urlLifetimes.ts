// How long signed transfer URLs live. An upload URL: long enough for a large part on a slow link (the
// content is checked against its hash, so a late PUT can only store what was asked). A download URL: the
// wire's DOWNLOAD_URL_SECONDS (15 minutes), shared with the console, which asks again for an older one.
export { DOWNLOAD_URL_SECONDS } from '../contract/limits.ts'

export const UPLOAD_URL_SECONDS = 6 * 60 * 60

/**
 * A thumbnail's URL: short, since the console asks the API for each image it shows (the API answers a
 * redirect the browser caches for a little less than this).
 */
export const THUMBNAIL_URL_SECONDS = 5 * 60
