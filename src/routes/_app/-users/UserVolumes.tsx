// Whole volumes on a user's detail (specification 001, section 7: POST, DELETE .../user/{id}/volume/{id}):
// giving a volume adds the user to its root container ('/'), made when the volume has none; a user's
// volume_list names the volumes whose root container they hold.
import { useSuspenseQuery } from '@tanstack/react-query'
import type { OrgUser } from '../../../api/orgUsers.ts'
import { useSetUserVolume } from '../../../api/orgUsers.ts'
import { volumeQueries, type Volume } from '../../../api/volumes.ts'
import { showAlert } from '../../../app/dialogs.tsx'
import { messageFor } from '../../../lib/messages.ts'
import { actionsColumn, Table, type Column } from '../../../ui/Table.tsx'

interface Props {
  orgId: number
  user: OrgUser
  readOnly: boolean
}

export function UserVolumes({ orgId, user, readOnly }: Props) {
  const { data: volumes } = useSuspenseQuery(volumeQueries.list(orgId))
  const setVolume = useSetUserVolume(orgId, user.user_id)
  const whole = new Set(user.volume_list.map((volume) => volume.volume_id))
  function toggle(volume: Volume) {
    const holds = !whole.has(volume.volume_id)
    setVolume.mutate(
      { volumeId: volume.volume_id, holds },
      {
        onError: (failure) =>
          showAlert(messageFor(holds ? 'user_volume_add' : 'user_volume_remove', failure)),
      },
    )
  }
  const columns: ReadonlyArray<Column<Volume>> = [
    { key: 'name', header: 'Volume', rowHeader: true, render: (volume) => volume.volume_name },
    {
      key: 'whole',
      header: 'Whole Volume',
      render: (volume) => (whole.has(volume.volume_id) ? 'Held' : 'Not held'),
    },
    actionsColumn((volume) => (
      <button
        type="button"
        className="button secondary"
        disabled={readOnly || setVolume.isPending}
        onClick={() => toggle(volume)}
      >
        {whole.has(volume.volume_id) ? 'Remove' : 'Add'}
        <span className="visually-hidden"> {volume.volume_name}</span>
      </button>
    )),
  ]
  return (
    <section className="panel" aria-labelledby="volumes-heading">
      <h2 id="volumes-heading">Volumes</h2>
      <p className="hint">A whole volume is its root container (/), made when the volume has none.</p>
      <Table
        label="Volumes"
        columns={columns}
        rows={volumes}
        rowKey={(volume) => volume.volume_id}
        empty="The organization has no volumes."
      />
    </section>
  )
}
