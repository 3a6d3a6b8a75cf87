// The installed app in the phone's share sheet (Web Share Target level 2, the manifest's share_target):
// photos, videos and recordings shared from another app are posted as multipart form data to SHARE_ACTION,
// where the service worker receives them (shareTarget.ts). vite.config.ts writes this into the manifest.

/** The share target's URL: the POST of a share, then the screen that lists what it brought. */
export const SHARE_ACTION = '/share'
/** The form field of the shared files. */
export const SHARE_FILES_FIELD = 'files'

interface ShareTarget {
  action: string
  method: 'POST'
  enctype: 'multipart/form-data'
  params: { files: Array<{ name: string; accept: string[] }> }
}

export const SHARE_TARGET: ShareTarget = {
  action: SHARE_ACTION,
  method: 'POST',
  enctype: 'multipart/form-data',
  params: { files: [{ name: SHARE_FILES_FIELD, accept: ['image/*', 'video/*', 'audio/*'] }] },
}
