// What a pass tells: an event as each step is done, and at the end its report and the report in one line.
import type { DeviceMount, DeviceSelf } from '../../server/contract/device.ts'
import { AgentApiError } from '../client.ts'
import type { SkippedEntry } from '../walk.ts'

export type SyncEvent =
  | { type: 'heartbeat'; device: DeviceSelf }
  | { type: 'hashed'; path: string }
  | { type: 'part_sent'; path: string; part_num: number }
  | { type: 'uploaded'; path: string; size: number }
  | { type: 'downloaded'; path: string; size: number }
  | { type: 'holding'; added: number; removed: number; held: number }

export interface SyncReport {
  mount: DeviceMount
  folder: string
  /** Files in the folder that may be synced. */
  files: number
  skipped: SkippedEntry[]
  hashed: number
  uploaded: number
  uploaded_bytes: number
  /** Uploads whose content the organization already stored: registered without sending a byte. */
  already_stored: number
  parts_sent: number
  /** Parts an interrupted upload had stored already, not sent again. */
  parts_skipped: number
  downloaded: number
  downloaded_bytes: number
  /** Paths where the folder and the mount hold different content, neither seen by the other. */
  conflicts: string[]
  /** Files of the mount whose content is not in the store yet (nothing to download). */
  not_in_store: number
  /** Files here that the mount deleted: left here, not uploaded again. */
  deleted_in_mount: number
  /** Uploads or downloads the switches of the device turned off for this pass. */
  upload_off: number
  download_off: number
  held: number
  held_added: number
  held_removed: number
  failures: Array<{ path: string; error: string }>
}

export function emptyReport(mount: DeviceMount, folder: string): SyncReport {
  return {
    mount,
    folder,
    files: 0,
    skipped: [],
    hashed: 0,
    uploaded: 0,
    uploaded_bytes: 0,
    already_stored: 0,
    parts_sent: 0,
    parts_skipped: 0,
    downloaded: 0,
    downloaded_bytes: 0,
    conflicts: [],
    not_in_store: 0,
    deleted_in_mount: 0,
    upload_off: 0,
    download_off: 0,
    held: 0,
    held_added: 0,
    held_removed: 0,
    failures: [],
  }
}

/** A size for people: 1.5 MiB. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return unit === 0 ? `${bytes} B` : `${value.toFixed(1)} ${units[unit]}`
}

/** What went wrong, in the words a failure line or the pass's outcome gives. */
export function describeError(error: unknown): string {
  if (error instanceof AgentApiError) return error.message
  return error instanceof Error ? error.message : String(error)
}

/** The pass in one line. */
export function summaryLine(report: SyncReport): string {
  const parts = [
    `${report.uploaded} uploaded (${formatBytes(report.uploaded_bytes)} sent${
      report.parts_skipped ? `, ${report.parts_skipped} parts stored before` : ''
    })`,
    `${report.downloaded} downloaded (${formatBytes(report.downloaded_bytes)})`,
    `${report.files} files here`,
  ]
  if (report.skipped.length) parts.push(`${report.skipped.length} skipped`)
  if (report.conflicts.length) parts.push(`${report.conflicts.length} conflicts`)
  if (report.deleted_in_mount) parts.push(`${report.deleted_in_mount} deleted in the mount (kept here)`)
  if (report.not_in_store) parts.push(`${report.not_in_store} in the mount not uploaded yet`)
  if (report.failures.length) parts.push(`${report.failures.length} failed`)
  return `done: ${parts.join(', ')}`
}
