// The volume settings form as data (specification 001, sections 2, 4 and 5): what the form edits, how its
// text reads back into settings, which fields are missing or invalid, and how expiration reads in a list.
// Pure, so the rules are tested without rendering; the settings screen and the volume list use it.
import type { Volume } from '../../../../server/contract/volume.ts'
import { EXPIRE_DAYS_MAX, EXPIRE_DAYS_MIN } from '../../../../server/contract/limits.ts'
import { INVALID_VOLUME_NAME_MESSAGE, isValidVolumeName } from '../../../lib/validation.ts'
import { INVALID_SIZE_MESSAGE, parseSize } from '../../../lib/sizeInput.ts'

export { EXPIRE_DAYS_MAX, EXPIRE_DAYS_MIN }

/** The settings a volume has and the form may change: the fields of an update (001 section 7). */
export type VolumeSettings = Pick<
  Volume,
  'volume_name' | 'is_disabled' | 'min_expire_size' | 'live_expire_days' | 'dead_expire_days'
>

/**
 * What the form holds. Numbers are held as typed (an empty field is not 0), and each expiration is a
 * choice, Off or Expire, beside its days: turning it off sends 0 (001 section 5).
 */
export interface VolumeSettingsForm {
  volume_name: string
  is_disabled: boolean
  min_expire_size: string
  live_expire: boolean
  live_expire_days: string
  dead_expire: boolean
  dead_expire_days: string
}

export type ExpireKind = 'live' | 'dead'

export const INVALID_EXPIRE_DAYS_MESSAGE = `Enter a number of days from ${EXPIRE_DAYS_MIN} to ${EXPIRE_DAYS_MAX}.`
export const INVALID_MIN_EXPIRE_SIZE_MESSAGE = INVALID_SIZE_MESSAGE

export function settingsOfVolume(volume: Volume): VolumeSettings {
  const { volume_name, is_disabled, min_expire_size, live_expire_days, dead_expire_days } = volume
  return { volume_name, is_disabled, min_expire_size, live_expire_days, dead_expire_days }
}

export function formOfSettings(settings: VolumeSettings): VolumeSettingsForm {
  const days = (value: number) => (value === 0 ? '' : String(value))
  return {
    volume_name: settings.volume_name,
    is_disabled: settings.is_disabled,
    min_expire_size: String(settings.min_expire_size),
    live_expire: settings.live_expire_days !== 0,
    live_expire_days: days(settings.live_expire_days),
    dead_expire: settings.dead_expire_days !== 0,
    dead_expire_days: days(settings.dead_expire_days),
  }
}

/** The form's fields of each expiration. */
export const EXPIRE_FIELDS = {
  live: { expire: 'live_expire', days: 'live_expire_days' },
  dead: { expire: 'dead_expire', days: 'dead_expire_days' },
} as const

/** Turning an expiration on or off: on, the days start at the plan's default unless some are typed. */
export function setExpire(
  form: VolumeSettingsForm,
  kind: ExpireKind,
  expire: boolean,
  planDefault: number | null,
): Partial<VolumeSettingsForm> {
  const fields = EXPIRE_FIELDS[kind]
  const typed = form[fields.days]
  const patch: Partial<VolumeSettingsForm> = {}
  patch[fields.expire] = expire
  patch[fields.days] = !expire ? '' : typed !== '' ? typed : planDefault === null ? '' : String(planDefault)
  return patch
}

/** A whole number written in digits only (no sign, exponent or decimals), within `max`. */
function wholeNumber(text: string, max: number): number | undefined {
  if (!/^[0-9]{1,16}$/.test(text.trim())) return undefined
  const value = Number(text.trim())
  return value <= max ? value : undefined
}

export type VolumeSettingsErrors = Partial<
  Record<'volume_name' | 'min_expire_size' | 'live_expire_days' | 'dead_expire_days', string>
>

export interface ReadForm {
  /** The settings the form says, or undefined while a field is missing or invalid. */
  settings: VolumeSettings | undefined
  errors: VolumeSettingsErrors
}

/**
 * The form read back into settings. The name is held to the rule only when it changed: a volume named
 * before the rule was enforced can still have its other settings saved, since only changed fields are sent.
 * Plan maximums are the server's to refuse (it quotes them), so 1 to 365 is all that is checked here.
 */
export function readForm(form: VolumeSettingsForm, saved: VolumeSettings): ReadForm {
  const errors: VolumeSettingsErrors = {}
  if (form.volume_name !== saved.volume_name && !isValidVolumeName(form.volume_name))
    errors.volume_name = INVALID_VOLUME_NAME_MESSAGE
  // A size with its unit (4 GB) or in bytes, as the size field reads it (src/lib/sizeInput.ts).
  const sizeReading = parseSize(form.min_expire_size)
  const minExpireSize = sizeReading.state === 'valid' ? sizeReading.bytes : undefined
  if (minExpireSize === undefined)
    errors.min_expire_size =
      sizeReading.state === 'invalid' ? sizeReading.message : INVALID_MIN_EXPIRE_SIZE_MESSAGE
  const days = (kind: ExpireKind): number | undefined => {
    const fields = EXPIRE_FIELDS[kind]
    if (!form[fields.expire]) return 0
    const value = wholeNumber(form[fields.days], EXPIRE_DAYS_MAX)
    if (value === undefined || value < EXPIRE_DAYS_MIN) {
      errors[fields.days] = INVALID_EXPIRE_DAYS_MESSAGE
      return undefined
    }
    return value
  }
  const live = days('live')
  const dead = days('dead')
  if (
    Object.keys(errors).length > 0 ||
    minExpireSize === undefined ||
    live === undefined ||
    dead === undefined
  )
    return { settings: undefined, errors }
  return {
    settings: {
      volume_name: form.volume_name,
      is_disabled: form.is_disabled,
      min_expire_size: minExpireSize,
      live_expire_days: live,
      dead_expire_days: dead,
    },
    errors,
  }
}

/** Expiration as a list shows it: the days, or 'Off' where the files do not expire (0). */
export function expirationText(days: number): string {
  if (days === 0) return 'Off'
  return days === 1 ? '1 day' : `${days} days`
}
