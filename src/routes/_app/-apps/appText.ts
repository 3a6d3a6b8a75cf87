// How apps read (specification 001, sections 2 and 4): Enabled or Disabled, whether a key is set, and what
// the key button says and asks before it replaces a key. Pure, so the words are tested without rendering.
import { APP_NAME_MAX } from '../../../../server/contract/limits.ts'
import type { AppListItem } from '../../../api/apps.ts'
import type { ConfirmRequest } from '../../../app/dialogs.tsx'

export { APP_NAME_MAX }

export function appStatusText(app: Pick<AppListItem, 'is_disabled'>): 'Enabled' | 'Disabled' {
  return app.is_disabled ? 'Disabled' : 'Enabled'
}

/** New Key for an app without one, Regenerate Key once it has one. */
export function keyButtonText(app: Pick<AppListItem, 'has_key'>): 'New Key' | 'Regenerate Key' {
  return app.has_key ? 'Regenerate Key' : 'New Key'
}

export function keyStateText(app: Pick<AppListItem, 'has_key'>): string {
  return app.has_key ? 'Set (it was shown once, when it was made)' : 'Not set'
}

/** The confirmation before a key is made (section 5: key regeneration needs one). */
export function keyConfirm(app: Pick<AppListItem, 'app_name' | 'has_key'>): ConfirmRequest {
  return app.has_key
    ? {
        text: `Regenerate the secret key of ${app.app_name}? The old key stops working for new registrations; devices already registered keep working.`,
        positive: 'Regenerate Key',
      }
    : { text: `Make a secret key for ${app.app_name}? It is shown once.`, positive: 'New Key' }
}

export const KEY_SHOWN_ONCE_HINT = 'Copy it now: it will not be shown again.'
