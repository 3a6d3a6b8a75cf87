// The device details form as data (specification 001, sections 2, 4, 5 and 7): what an admin may change,
// how the form's text reads back, which fields are invalid, and the update that sends changed fields only.
// Pure, so the rules are tested without rendering.
import type { UpdateDeviceRequest } from '../../../../server/contract/device.ts'
import { DEVICE_NAME_MAX, UPLOAD_PRIORITY_MAX } from '../../../../server/contract/limits.ts'
import type { Device } from '../../../api/devices.ts'
import { changedFields } from '../../../lib/draft.ts'

export { DEVICE_NAME_MAX, UPLOAD_PRIORITY_MAX }

export const INVALID_DEVICE_NAME_MESSAGE = `Enter a device name of 1 to ${DEVICE_NAME_MAX} characters.`
export const INVALID_UPLOAD_PRIORITY_MESSAGE = `Enter a priority from 0 to ${UPLOAD_PRIORITY_MAX}, a whole number.`

/** What the details box shows and an admin may change, in the form's order. */
const SETTINGS = [
  'device_name',
  'is_disabled',
  'is_upload_disabled',
  'is_download_disabled',
  'upload_priority',
  'user_id',
  'is_avid_enabled',
] as const

export type DeviceSettings = Pick<Device, (typeof SETTINGS)[number]>

/** What the form holds: numbers as typed, the user as the select's value ('' for none). */
export interface DeviceForm {
  device_name: string
  is_disabled: boolean
  is_upload_disabled: boolean
  is_download_disabled: boolean
  upload_priority: string
  user_id: string
  is_avid_enabled: boolean
}

export type DeviceFormErrors = Partial<Record<'device_name' | 'upload_priority', string>>

export function settingsOfDevice(device: Device): DeviceSettings {
  return Object.fromEntries(SETTINGS.map((key) => [key, device[key]])) as DeviceSettings
}

export function formOfSettings(settings: DeviceSettings): DeviceForm {
  return {
    ...settings,
    upload_priority: String(settings.upload_priority),
    user_id: settings.user_id === null ? '' : String(settings.user_id),
  }
}

export interface ReadDeviceForm {
  /** The settings the form says, or undefined while a field is invalid. */
  settings: DeviceSettings | undefined
  errors: DeviceFormErrors
}

/** The form read back: the name trimmed, 1 to 64 characters; the priority a whole number, 0 to 1000. */
export function readDeviceForm(form: DeviceForm, saved: DeviceSettings): ReadDeviceForm {
  const errors: DeviceFormErrors = {}
  const name = form.device_name.trim()
  if (name === '' || name.length > DEVICE_NAME_MAX) errors.device_name = INVALID_DEVICE_NAME_MESSAGE
  const priorityText = form.upload_priority.trim()
  const priority = /^[0-9]{1,4}$/.test(priorityText) ? Number(priorityText) : undefined
  if (priority === undefined || priority > UPLOAD_PRIORITY_MAX)
    errors.upload_priority = INVALID_UPLOAD_PRIORITY_MESSAGE
  if (Object.keys(errors).length > 0 || priority === undefined) return { settings: undefined, errors }
  return {
    settings: {
      device_name: name,
      is_disabled: form.is_disabled,
      is_upload_disabled: form.is_upload_disabled,
      is_download_disabled: form.is_download_disabled,
      upload_priority: priority,
      user_id: form.user_id === '' ? saved.user_id : Number(form.user_id),
      is_avid_enabled: form.is_avid_enabled,
    },
    errors,
  }
}

/** The update to send: the fields that differ from the saved ones (a device's user is never unset). */
export function deviceChanges(saved: DeviceSettings, settings: DeviceSettings): UpdateDeviceRequest {
  const { user_id, ...rest } = changedFields(saved, settings)
  return user_id === undefined || user_id === null ? rest : { ...rest, user_id }
}
