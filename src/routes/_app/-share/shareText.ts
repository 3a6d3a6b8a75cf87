// What the share screen says when it has no files to offer.

/** The screen opened without a share, or after the share was queued, discarded or had waited a day. */
export const SHARE_MISSING_MESSAGE =
  'There are no shared files waiting here. Shared files wait a day to be uploaded; please share them again.'

/** The service worker could not keep the shared files (most likely, the device is out of space). */
export const SHARE_FAILED_MESSAGE =
  'The shared files could not be kept on this device. Please share them again.'
