// Add Mount (specification 001, section 2): an admin mounts one of the organization's containers that the
// device does not mount yet.
import { useSuspenseQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useChangeMount, type Device } from '../../../api/devices.ts'
import { mediaGrantQueries } from '../../../api/mediaGrants.ts'
import { messageFor } from '../../../lib/messages.ts'
import { SelectField } from '../../../ui/Field.tsx'
import { FormError } from '../../../ui/FormError.tsx'

export function AddMountForm({ orgId, device }: { orgId: number; device: Device }) {
  const { data: every } = useSuspenseQuery(mediaGrantQueries.adminList(orgId))
  const mounted = new Set(device.media_grant_list.map((mount) => mount.media_grant_id))
  const choices = every.filter((grant) => !mounted.has(grant.media_grant_id))
  const [chosen, setChosen] = useState('')
  const [error, setError] = useState<string>()
  const add = useChangeMount(orgId, device.device_id)
  const stillThere = choices.some((grant) => String(grant.media_grant_id) === chosen)
  function submit(event: FormEvent) {
    event.preventDefault()
    if (!stillThere) return
    setError(undefined)
    add.mutate(
      { grantId: Number(chosen), action: 'add' },
      {
        onSuccess: () => setChosen(''),
        onError: (failure) => setError(messageFor('device_mount_add', failure)),
      },
    )
  }
  if (choices.length === 0)
    return <p className="hint">The device mounts every container of the organization.</p>
  return (
    <form className="form" onSubmit={submit} aria-label="Add Mount">
      <SelectField
        label="Container"
        name="media_grant_id"
        value={stillThere ? chosen : ''}
        onChange={(value) => {
          setChosen(value)
          setError(undefined)
        }}
        options={[
          { value: '', label: 'Choose a container', disabled: true },
          ...choices.map((grant) => ({
            value: String(grant.media_grant_id),
            label: `${grant.grant_name} (${grant.volume_name} ${grant.prefix_path})`,
          })),
        ]}
      />
      <FormError message={error} />
      <button
        type="submit"
        className="button"
        disabled={!stillThere || add.isPending}
        aria-busy={add.isPending}
      >
        Add Mount
      </button>
    </form>
  )
}
