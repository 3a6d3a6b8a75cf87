// The Status cell of the device list: Enabled or Disabled, then, as hints, why the device's user stops it
// (removed, or without Add Devices) and when a refused device last tried, each on a line of its own.
import type { DeviceListItem } from '../../../api/devices.ts'
import { deviceStatus } from './deviceStatus.ts'

export function DeviceStatusCell({ device, now }: { device: DeviceListItem; now?: Date }) {
  const { status, reason, refused } = deviceStatus(device, now)
  return (
    <>
      {status}
      {reason ? <span className="hint cell-line"> {reason}</span> : null}
      {refused ? <span className="hint cell-line"> {refused}</span> : null}
    </>
  )
}
