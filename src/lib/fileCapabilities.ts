// Which capability each file action needs (specification 000, section 6), decided in one place for every
// file screen: a member without it is told so with the specification's words before any call is made,
// rather than after a call the server refuses ('… failed, please try again.'). The server checks the same
// (server/contract/endpointSchemas.ts: capability per endpoint).
import { NO_DOWNLOAD_PERMISSION_MESSAGE, NO_UPLOAD_PERMISSION_MESSAGE } from './messages.ts'

export interface FileCapabilities {
  cap_web_upload: boolean
  cap_web_download: boolean
}

export type FileAction =
  'createFolder' | 'upload' | 'delete' | 'undelete' | 'restore' | 'download' | 'open' | 'share'

/**
 * Changing what a container holds is uploading to it; reading a file's content out is downloading, and so is
 * handing it to others through a share link (the server refuses a link to a member without the right).
 */
const NEEDS: Record<FileAction, keyof FileCapabilities> = {
  createFolder: 'cap_web_upload',
  upload: 'cap_web_upload',
  delete: 'cap_web_upload',
  undelete: 'cap_web_upload',
  restore: 'cap_web_upload',
  download: 'cap_web_download',
  open: 'cap_web_download',
  share: 'cap_web_download',
}

const REFUSALS: Record<keyof FileCapabilities, string> = {
  cap_web_upload: NO_UPLOAD_PERMISSION_MESSAGE,
  cap_web_download: NO_DOWNLOAD_PERMISSION_MESSAGE,
}

/** The message that refuses the action to a user with these capabilities; undefined when it is allowed. */
export function refusalOf(caps: FileCapabilities, action: FileAction): string | undefined {
  const needed = NEEDS[action]
  return caps[needed] ? undefined : REFUSALS[needed]
}
