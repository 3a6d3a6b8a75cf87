// Add Grant (specification 001, sections 2 and 5): a container needs a name and a prefix path; the
// prefix gets its trailing '/' here when it lacks one (the server appends it too). On the all-containers
// screen the admin also chooses the volume. While the prefix is typed, the overlap preview shows what it
// would overlap. Once added, the new container's detail opens, to give it users.
import { useRouter } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { useCreateGrant } from '../../../api/mediaGrants.ts'
import type { Volume } from '../../../api/volumes.ts'
import { navigateRemembering } from '../../../app/navigation.ts'
import { withTrailingSlash } from '../../../lib/grants.ts'
import { messageFor } from '../../../lib/messages.ts'
import { SelectField, TextField } from '../../../ui/Field.tsx'
import { SaveFormMessages, useSaveForm } from '../../../ui/SaveForm.tsx'
import { OverlapPreview } from './OverlapPreview.tsx'

export type AddGrantFormProps = { orgId: number } & (
  | { /** The volume of the screen. */ volumeId: number; volumes?: undefined }
  | { /** The volumes to choose from. */ volumes: readonly Volume[]; volumeId?: undefined }
)

export function AddGrantForm({ orgId, volumeId, volumes }: AddGrantFormProps) {
  const router = useRouter()
  const [chosenVolume, setChosenVolume] = useState(() => String(volumes?.[0]?.volume_id ?? ''))
  const [name, setName] = useState('')
  const [prefix, setPrefix] = useState('')
  const targetVolumeId = volumeId ?? (chosenVolume === '' ? undefined : Number(chosenVolume))
  const grantName = name.trim()
  const prefixPath = prefix.trim()
  const ready = targetVolumeId !== undefined && grantName !== '' && prefixPath !== ''
  const form = useSaveForm(useCreateGrant(orgId), {
    failed: (failure) => messageFor('grant_create', failure),
    onSaved: (_, request) =>
      navigateRemembering(
        router,
        router.buildLocation({
          to: '/volume/$volumeId/grant/$grantName',
          params: { volumeId: String(request.volume_id), grantName: request.grant_name },
        }).href,
      ),
  })

  function edited<T>(set: (value: T) => void) {
    return (value: T) => {
      set(value)
      form.setError(undefined)
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!ready) return
    form.save({
      volume_id: targetVolumeId,
      grant_name: grantName,
      prefix_path: withTrailingSlash(prefixPath),
    })
  }

  return (
    <form className="form" onSubmit={submit}>
      {volumes === undefined ? null : (
        <SelectField
          label="Volume"
          name="volume_id"
          value={chosenVolume}
          onChange={edited(setChosenVolume)}
          options={
            volumes.length === 0
              ? [{ value: '', label: 'No volumes yet' }]
              : volumes.map((volume) => ({
                  value: String(volume.volume_id),
                  label: volume.is_disabled ? `${volume.volume_name} (Disabled)` : volume.volume_name,
                }))
          }
        />
      )}
      <TextField
        label="Container Name"
        name="grant_name"
        autoComplete="off"
        value={name}
        onChange={edited(setName)}
      />
      <TextField
        label="Prefix Path"
        name="prefix_path"
        autoComplete="off"
        value={prefix}
        onChange={edited(setPrefix)}
        hint="The folder of the volume the container shows, such as projects/ or /clients/acme/."
      />
      <OverlapPreview orgId={orgId} volumeId={targetVolumeId} prefixPath={prefixPath} />
      <SaveFormMessages form={form} />
      <button type="submit" className="button" disabled={!ready || form.pending} aria-busy={form.pending}>
        Add Grant
      </button>
    </form>
  )
}
