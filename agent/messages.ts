// What the agent tells a person when the server refuses a call of login or register. The refusals of the
// device itself (a sync's) are in refusals.ts (REFUSAL_TEXT).
import { AgentApiError } from './client.ts'
import { REFUSAL_TEXT, refusalOf } from './refusals.ts'

const CODE_TEXT: Record<string, string> = {
  invalid_email: 'That e-mail address is not valid.',
  invalid_code: 'That code is not right, or it expired. Ask for a new one with login.',
  too_many_codes: 'Too many codes were asked for. Wait a few minutes, then try again.',
  too_many_tries: 'Too many wrong codes. Ask for a new one with login.',
  user_not_found: 'No account has that e-mail address.',
  not_a_member: 'That account is not a member of an organization on this site.',
  invalid_session: 'The session ended. Sign in again with login.',
  not_found: 'The server does not know that (or it is not yours to see).',
  max_device_count: 'Sorry, your plan limit for devices has been reached.',
  device_not_allowed:
    'Your account may not add devices in this organization (an admin can allow it: Add Devices).',
  invalid_app_key:
    'That app id and secret key do not match. An admin can make a new key on /org/app in the console.',
  app_disabled: REFUSAL_TEXT.app_disabled,
  invalid_device_name: 'That device name cannot be used (1 to 64 characters).',
}

/** What register's refusal of the caller means: the user may not add devices (not a device refused). */
export const MAY_NOT_ADD_DEVICES =
  'Your account may not add devices in this organization (an admin can allow it: Add Devices).'

/** A line for a failed call: the refusal's text, the code's, or what went wrong on the way. */
export function explain(error: unknown): string {
  const refusal = refusalOf(error)
  if (refusal) return refusal.message
  if (error instanceof AgentApiError) {
    if (error.status === undefined) {
      return `The server did not answer (${error.code}${error.body?.message ? `: ${error.body.message}` : ''}).`
    }
    const text = CODE_TEXT[error.code]
    return text
      ? `${text} (${error.status} ${error.code})`
      : `The server answered ${error.status} ${error.code}.`
  }
  return error instanceof Error ? error.message : String(error)
}
