// On a device's page, a notice when its user stops the device (removed from the organization, or without
// Add Devices): its own switch may read Enabled while every call it makes is refused, so the page says why.
import type { DeviceListItem } from '../../../api/devices.ts'
import { userRefusalNotice } from './deviceStatus.ts'

export function UserRefusalNotice({ device }: { device: Pick<DeviceListItem, 'user_refusal'> }) {
  if (device.user_refusal === null) return null
  return (
    <p className="notice" role="status" data-testid="device-user-refusal">
      {userRefusalNotice(device.user_refusal)}
    </p>
  )
}
