// What a device holds, for offboarding (issue 11): how many files it reports holding, the mounts still
// enabled, the volume keys handed out for it, and when it was last refused after being disabled.
import type { Device, VolumeKeyEvent } from '../../../api/devices.ts'
import { holderName } from '../../../lib/grants.ts'
import { DateTime } from '../../../ui/DateTime.tsx'
import { Table, type Column } from '../../../ui/Table.tsx'
import { lastRefusedText } from './deviceStatus.ts'

const KEY_COLUMNS: ReadonlyArray<Column<VolumeKeyEvent>> = [
  { key: 'volume', header: 'Volume', rowHeader: true, render: (event) => event.volume_name ?? '' },
  {
    key: 'by',
    header: 'Handed To',
    render: (event) =>
      event.email === null
        ? (event.user_name ?? '')
        : holderName({ user_name: event.user_name, email: event.email }),
  },
  { key: 'when', header: 'When', render: (event) => <DateTime value={event.create_time} /> },
]

/** The keys handed out are an admin's to see (the server lists them to admins only). */
export function DeviceOffboarding({ device, isAdmin }: { device: Device; isAdmin: boolean }) {
  const enabledMounts = device.media_grant_list.filter((mount) => !mount.is_disabled).length
  return (
    <section className="panel" aria-labelledby="offboarding-heading">
      <h2 id="offboarding-heading">What It Holds</h2>
      <dl className="properties">
        <div>
          <dt>Files Held</dt>
          <dd data-testid="device-held-count">{device.held_count.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>Mounts Enabled</dt>
          <dd>
            {enabledMounts} of {device.media_grant_list.length}
          </dd>
        </div>
        <div>
          <dt>Last Refused</dt>
          <dd data-testid="device-last-refused">{lastRefusedText(device.last_refused_at)}</dd>
        </div>
      </dl>
      {isAdmin ? (
        <>
          <h3>Volume Keys Handed Out</h3>
          <Table
            label="Volume Keys Handed Out"
            columns={KEY_COLUMNS}
            rows={device.volume_key_list}
            rowKey={(event, index) => `${event.create_time}-${index}`}
            empty="No volume keys were handed out for this device."
          />
        </>
      ) : null}
    </section>
  )
}
