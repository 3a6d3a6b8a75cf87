// A device's mounts (specification 001, section 2): Container Name, Volume Name, Prefix Path, Status and
// Last Seen, 'No Device Mounts.' when there are none. An admin also enables, disables, deletes and adds
// mounts, and gets a mount's volume key, shown once here in a field to copy.
import { useState } from 'react'
import type { Device, DeviceMount } from '../../../api/devices.ts'
import { NO_DEVICE_MOUNTS_MESSAGE } from '../../../lib/messages.ts'
import { CopyField } from '../../../ui/CopyField.tsx'
import { DateTime } from '../../../ui/DateTime.tsx'
import { RouteLink } from '../../../ui/RouteLink.tsx'
import { actionsColumn, Table, type Column } from '../../../ui/Table.tsx'
import { AddMountForm } from './AddMountForm.tsx'
import { mountStatusText } from './deviceStatus.ts'
import { MountActions } from './MountActions.tsx'

interface ShownKey {
  volumeName: string
  grantName: string
  key: string
}

function mountColumns(isAdmin: boolean): Array<Column<DeviceMount>> {
  return [
    {
      key: 'name',
      header: 'Container Name',
      rowHeader: true,
      // The container's detail is an admin screen: a member reads the name only.
      render: (mount) =>
        isAdmin ? (
          <RouteLink
            to="/volume/$volumeId/grant/$grantName"
            params={{ volumeId: String(mount.volume_id), grantName: mount.grant_name }}
          >
            {mount.grant_name}
          </RouteLink>
        ) : (
          mount.grant_name
        ),
    },
    { key: 'volume', header: 'Volume Name', phone: 'hidden', render: (mount) => mount.volume_name },
    {
      key: 'prefix',
      header: 'Prefix Path',
      className: 'cell-path',
      ellipsis: true,
      render: (mount) => mount.prefix_path,
    },
    { key: 'status', header: 'Status', render: mountStatusText },
    {
      key: 'seen',
      header: 'Last Seen',
      render: (mount) => <DateTime value={mount.last_seen} empty="Never" />,
    },
  ]
}

export function DeviceMounts({
  orgId,
  device,
  isAdmin,
}: {
  orgId: number
  device: Device
  isAdmin: boolean
}) {
  const [shownKey, setShownKey] = useState<ShownKey>()
  const columns = mountColumns(isAdmin)
  if (isAdmin)
    columns.push(
      actionsColumn((mount) => (
        <MountActions
          orgId={orgId}
          deviceId={device.device_id}
          mount={mount}
          onKey={(keyMount, key) =>
            setShownKey({ volumeName: keyMount.volume_name, grantName: keyMount.grant_name, key })
          }
        />
      )),
    )
  return (
    <section className="panel" aria-labelledby="mounts-heading">
      <h2 id="mounts-heading">Mounts</h2>
      <Table
        label="Mounts"
        columns={columns}
        rows={device.media_grant_list}
        rowKey={(mount) => mount.media_grant_id}
        rowData={(mount) => ({ 'data-status': mount.is_disabled ? 'disabled' : 'enabled' })}
        empty={NO_DEVICE_MOUNTS_MESSAGE}
      />
      {shownKey ? (
        <div className="panel" aria-label="Volume Key" role="region">
          <CopyField
            label={`Volume key of ${shownKey.volumeName} (${shownKey.grantName})`}
            value={shownKey.key}
            hint="Keep it safe: it is not shown again here. Each retrieval is recorded."
            actions={
              <button type="button" className="button secondary" onClick={() => setShownKey(undefined)}>
                Hide Key
              </button>
            }
          />
        </div>
      ) : null}
      {isAdmin ? (
        <>
          <h3>Add Mount</h3>
          <AddMountForm orgId={orgId} device={device} />
        </>
      ) : null}
    </section>
  )
}
