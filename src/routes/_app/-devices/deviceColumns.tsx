// The first column of every table of devices (the devices list, an app's devices): the device's name as a
// link to its detail, /device/{device_id} (specification 001, section 2).
import { RouteLink } from '../../../ui/RouteLink.tsx'
import type { Column } from '../../../ui/Table.tsx'

export function deviceNameColumn<Row extends { device_id: number; device_name: string }>(): Column<Row> {
  return {
    key: 'name',
    header: 'Device Name',
    rowHeader: true,
    render: (device) => (
      <RouteLink to="/device/$deviceId" params={{ deviceId: String(device.device_id) }}>
        {device.device_name}
      </RouteLink>
    ),
  }
}
