// How long signed transfer URLs live: long enough for a large file on a slow link, and no longer.
export const UPLOAD_URL_SECONDS = 6 * 60 * 60
export const DOWNLOAD_URL_SECONDS = 6 * 60 * 60
