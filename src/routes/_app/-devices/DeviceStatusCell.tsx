// The Status cell of the device list: Enabled or Disabled, then, as hints, why the device's user stops it
// (removed, or without Add Devices) and when a refused device last tried.
import type { DeviceListItem } from '../../../api/devices.ts'
import { deviceStatus } from './deviceStatus.ts'

export function DeviceStatusCell({ device, now }: { device: DeviceListItem; now?: Date }) {
  const { status, reason, refused } = deviceStatus(device, now)
  return (
    <>
      {status}
      {reason ? <span className="hint"> {reason}</span> : null}
      {refused ? <span className="hint"> {refused}</span> : null}
    </>
  )
}
