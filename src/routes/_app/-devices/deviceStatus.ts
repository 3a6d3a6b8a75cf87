// How devices and their mounts read in the console (specification 001, sections 2 and 4): Enabled or
// Disabled, when a disabled device was last refused, a mount stopped by its container or volume, and
// when something was last seen. Pure, so the words are tested without rendering.
import { formatDistance } from 'date-fns'
import type { DeviceListItem, DeviceMount } from '../../../api/devices.ts'
import { formatLongTime, formatSimpleTime, parseDate, type DateInput } from '../../../lib/format.ts'

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

export interface DeviceStatus {
  status: StatusWord
  /** When the device last called while disabled: shown for a disabled device only. */
  refused: string | undefined
}

export function deviceStatus(
  device: Pick<DeviceListItem, 'is_disabled' | 'last_refused_at'>,
  now: Date = new Date(),
): DeviceStatus {
  return {
    status: statusWord(device.is_disabled),
    refused: device.is_disabled ? refusedText(device.last_refused_at, now) : undefined,
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

/** Last Seen in a table: the short time, or Never. */
export function lastSeenText(lastSeen: DateInput, now: Date = new Date()): string {
  return formatSimpleTime(lastSeen, now) || 'Never'
}
