// What an admin does to one of a device's mounts (specification 001, sections 2 and 4): Enable or Disable
// (only the one its state allows), Delete after a confirmation (a mount the device has synced can only be
// disabled: the server answers 409), and Get Volume Key.
import { useChangeMount, useVolumeKey, type DeviceMount, type MountAction } from '../../../api/devices.ts'
import { showAlert } from '../../../app/dialogs.tsx'
import { messageFor, type Operation } from '../../../lib/messages.ts'
import { ConfirmAction } from '../../../ui/ConfirmAction.tsx'

const OPERATIONS: Record<MountAction, Operation> = {
  add: 'device_mount_add',
  enable: 'device_mount_enable',
  disable: 'device_mount_disable',
  delete: 'device_mount_delete',
}

export interface MountActionsProps {
  orgId: number
  deviceId: number
  mount: DeviceMount
  /** The key of the mount's volume, once fetched: the page shows it once. */
  onKey: (mount: DeviceMount, key: string) => void
}

export function MountActions({ orgId, deviceId, mount, onKey }: MountActionsProps) {
  const change = useChangeMount(orgId, deviceId)
  const volumeKey = useVolumeKey(orgId, deviceId)
  const busy = change.isPending || volumeKey.isPending
  const run = (action: MountAction) =>
    change.mutate(
      { grantId: mount.media_grant_id, action },
      { onError: (failure) => showAlert(messageFor(OPERATIONS[action], failure)) },
    )
  const name = <span className="visually-hidden"> {mount.grant_name}</span>
  return (
    <>
      {mount.is_disabled ? (
        <button type="button" className="button secondary" disabled={busy} onClick={() => run('enable')}>
          Enable{name}
        </button>
      ) : (
        <button type="button" className="button secondary" disabled={busy} onClick={() => run('disable')}>
          Disable{name}
        </button>
      )}
      <button
        type="button"
        className="button secondary"
        disabled={busy}
        aria-busy={volumeKey.isPending}
        onClick={() =>
          volumeKey.mutate(mount.media_grant_id, {
            onSuccess: (key) => onKey(mount, key),
            onError: (failure) => showAlert(messageFor('device_volume_key', failure)),
          })
        }
      >
        Get Volume Key{name}
      </button>
      <ConfirmAction
        disabled={busy}
        confirm={{
          text: `Delete the mount of ${mount.grant_name} from this device?`,
          positive: 'Delete',
        }}
        onConfirm={() => run('delete')}
      >
        Delete{name}
      </ConfirmAction>
    </>
  )
}
