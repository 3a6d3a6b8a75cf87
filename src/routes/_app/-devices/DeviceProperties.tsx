// The device's details box as a list of values (specification 001, section 2): what every viewer reads
// (its app, when it was last seen and its version) and, for a member, who may not edit them, the values an
// admin edits.
import type { ReactNode } from 'react'
import type { Device } from '../../../api/devices.ts'
import { DateTime } from '../../../ui/DateTime.tsx'
import { statusWord } from './deviceStatus.ts'

function Property({ name, children, testId }: { name: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <dt>{name}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  )
}

/** App, Last Seen and Version: what the device reports, never edited. */
export function DeviceFacts({ device }: { device: Device }) {
  return (
    <dl className="properties">
      <Property name="App">{device.app_name ?? ''}</Property>
      <Property name="Last Seen">
        <DateTime value={device.last_seen} long empty="Never" />
      </Property>
      <Property name="Version">{device.last_version ?? ''}</Property>
    </dl>
  )
}

/** The editable values, read-only. */
export function DeviceProperties({ device }: { device: Device }) {
  return (
    <dl className="properties" aria-label="Device details">
      <Property name="Device Name">{device.device_name}</Property>
      <Property name="Status" testId="device-status">
        {statusWord(device.is_disabled)}
      </Property>
      <Property name="Upload">{statusWord(device.is_upload_disabled)}</Property>
      <Property name="Download">{statusWord(device.is_download_disabled)}</Property>
      <Property name="Upload Priority">{String(device.upload_priority)}</Property>
      <Property name="User">{device.user_name ?? device.email ?? ''}</Property>
      <Property name="Avid">{statusWord(!device.is_avid_enabled)}</Property>
    </dl>
  )
}
