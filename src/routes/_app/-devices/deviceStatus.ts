// How devices and their mounts read in the console (specification 001, sections 2 and 4): Enabled or
// Disabled, why a device's user stops it (removed, or without Add Devices), when a refused device last
// tried, and a mount stopped by its container or volume (when one was last seen is src/ui/DateTime.tsx's).
// Pure, so the words are tested without rendering.
import { formatDistance } from 'date-fns'
import type { DeviceListItem, DeviceMount, UserRefusal } from '../../../api/devices.ts'
import { formatLongTime, parseDate, type DateInput } from '../../../lib/format.ts'

export type StatusWord = 'Enabled' | 'Disabled'

export function statusWord(isDisabled: boolean): StatusWord {
  return isDisabled ? 'Disabled' : 'Enabled'
}

/** 'Refused 5 minutes ago': a time in the future (another clock) counts as now. */
export function refusedText(refusedAt: DateInput, now: Date = new Date()): string | undefined {
  const date = parseDate(refusedAt)
  if (!date) return undefined
  const when = date.getTime() > now.getTime() ? now : date
  return `Refused ${formatDistance(when, now, { addSuffix: true })}`
}

/** For offboarding: 'Refused 5 minutes ago (11/25/26 2:03:04 PM)', or that it never was. */
export function lastRefusedText(refusedAt: DateInput, now: Date = new Date()): string {
  const refused = refusedText(refusedAt, now)
  return refused ? `${refused} (${formatLongTime(refusedAt)})` : 'Never refused'
}

/** Why a device's user stops it, in the list's few words. */
export const USER_REFUSAL_WORDS: Readonly<Record<UserRefusal, string>> = {
  not_a_member: 'User no longer a member',
  add_device_off: 'User lacks Add Devices',
}

/** What the device's page says about a refusal by its user, and what brings the device back. */
export function userRefusalNotice(refusal: UserRefusal): string {
  return refusal === 'add_device_off'
    ? "This device's user does not have Add Devices: every call of the device is refused until an admin " +
        'gives it back.'
    : "This device's user is no longer a member of the organization: the device was revoked. Its token no " +
        'longer works; enabled again, it must be registered again.'
}

export interface DeviceStatus {
  status: StatusWord
  /** Why its user stops the device, whatever its own switch. */
  reason: string | undefined
  /** When the device last called while refused: shown only while it is (disabled, or stopped by its user). */
  refused: string | undefined
}

export function deviceStatus(
  device: Pick<DeviceListItem, 'is_disabled' | 'last_refused_at' | 'user_refusal'>,
  now: Date = new Date(),
): DeviceStatus {
  const refusedNow = device.is_disabled || device.user_refusal !== null
  return {
    status: statusWord(device.is_disabled),
    reason: device.user_refusal === null ? undefined : USER_REFUSAL_WORDS[device.user_refusal],
    refused: refusedNow ? refusedText(device.last_refused_at, now) : undefined,
  }
}

/**
 * A mount's status: its own switch, and, when that is on, whether its volume or container stops it
 * anyway (either one disabled stops the mount too).
 */
export function mountStatusText(
  mount: Pick<DeviceMount, 'is_disabled' | 'grant_is_disabled' | 'volume_is_disabled'>,
): string {
  if (mount.is_disabled) return 'Disabled'
  if (mount.volume_is_disabled) return 'Enabled (volume disabled)'
  if (mount.grant_is_disabled) return 'Enabled (container disabled)'
  return 'Enabled'
}
