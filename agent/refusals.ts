// The server's refusals of a device (the device, its app, the mount, the container or the volume disabled,
// or a switch turned off), in words a person can act on. A refused call stops a sync pass (sync.ts); login
// and register use the same words where the server gives the same refusal (messages.ts).
import { AgentApiError } from './client.ts'

/** The codes that mean "this device may not do this now": the pass stops and says why. */
export const REFUSAL_CODES = [
  'invalid_device_token',
  'device_not_allowed',
  'device_disabled',
  'app_disabled',
  'mount_disabled',
  'grant_disabled',
  'volume_disabled',
  'upload_not_allowed',
  'download_not_allowed',
] as const
export type RefusalCode = (typeof REFUSAL_CODES)[number]

export const REFUSAL_TEXT: Record<RefusalCode, string> = {
  invalid_device_token:
    "The server does not know this device's token (the device registered again elsewhere under its name, or it was revoked when its user left the organization): register again.",
  device_not_allowed:
    "This device's user does not have Add Devices in the organization now (or is no longer a member). An admin can give it back on the user's page (Users) in the console.",
  device_disabled:
    'This device is disabled. An admin can enable it again on its page (Devices) in the console.',
  app_disabled:
    'The app this device registered through is disabled. An admin can enable it on /org/app in the console.',
  mount_disabled:
    'This mount is disabled for this device. An admin can enable it on the device page in the console.',
  grant_disabled: 'The container of this mount is disabled.',
  volume_disabled: 'The volume of this mount is disabled.',
  upload_not_allowed: 'Uploads are turned off for this device.',
  download_not_allowed: 'Downloads are turned off for this device.',
}

function isRefusalCode(code: string): code is RefusalCode {
  return (REFUSAL_CODES as readonly string[]).includes(code)
}

/** The server refused the device: the pass stopped, its state saved. */
export class SyncRefusedError extends Error {
  override name = 'SyncRefusedError'
  constructor(readonly code: RefusalCode) {
    super(`Refused (${code}): ${REFUSAL_TEXT[code]}`)
  }
}

export function refusalOf(error: unknown): SyncRefusedError | undefined {
  if (error instanceof SyncRefusedError) return error
  if (error instanceof AgentApiError && error.status === 403 && isRefusalCode(error.code)) {
    return new SyncRefusedError(error.code)
  }
  return undefined
}
