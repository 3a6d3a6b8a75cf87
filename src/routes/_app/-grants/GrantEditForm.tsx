// A container's name and prefix, edited in place on its detail (specification 001, section 4: Save stays
// disabled until something changed; only the changed fields are sent). A new prefix shows the overlap
// preview again, leaving the container itself out. A renamed container's address changes with its name.
import { useRouter } from '@tanstack/react-router'
import { useMemo, useState, type FormEvent } from 'react'
import { useUpdateGrant, type MediaGrant } from '../../../api/mediaGrants.ts'
import { changedFields, useDraft } from '../../../lib/draft.ts'
import { storedPrefix } from '../../../lib/grants.ts'
import { messageFor } from '../../../lib/messages.ts'
import { TextField } from '../../../ui/Field.tsx'
import { FormError } from '../../../ui/FormError.tsx'
import { SaveButton } from '../../../ui/SaveButton.tsx'
import { OverlapPreview } from './OverlapPreview.tsx'

export function GrantEditForm({ orgId, grant }: { orgId: number; grant: MediaGrant }) {
  const router = useRouter()
  const update = useUpdateGrant(orgId, grant.media_grant_id)
  const saved = useMemo(
    () => ({ grant_name: grant.grant_name, prefix_path: grant.prefix_path }),
    [grant.grant_name, grant.prefix_path],
  )
  const { draft, set } = useDraft(saved)
  const [error, setError] = useState<string>()
  // What would be sent: the name without surrounding spaces, the prefix as the server stores it.
  const grantName = draft.grant_name.trim()
  const prefixPath = draft.prefix_path.trim()
  const changes = changedFields(saved, {
    grant_name: grantName,
    prefix_path: prefixPath === '' ? '' : storedPrefix(prefixPath),
  })
  const changed = Object.keys(changes).length > 0
  const valid = grantName !== '' && prefixPath !== ''

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!changed || !valid) return
    setError(undefined)
    update.mutate(changes, {
      onSuccess: () => {
        if (changes.grant_name === undefined) return
        // The old address names no container any more: the new one takes its place in the history.
        void router.navigate({
          to: '/volume/$volumeId/grant/$grantName',
          params: { volumeId: String(grant.volume_id), grantName: changes.grant_name },
          replace: true,
        })
      },
      onError: (failure) => setError(messageFor('grant_update', failure)),
    })
  }

  return (
    <form className="form" onSubmit={submit}>
      <TextField
        label="Container Name"
        name="grant_name"
        autoComplete="off"
        value={draft.grant_name}
        onChange={(value) => {
          set('grant_name', value)
          setError(undefined)
        }}
      />
      <TextField
        label="Prefix Path"
        name="prefix_path"
        autoComplete="off"
        value={draft.prefix_path}
        onChange={(value) => {
          set('prefix_path', value)
          setError(undefined)
        }}
      />
      <OverlapPreview
        orgId={orgId}
        volumeId={grant.volume_id}
        prefixPath={changes.prefix_path === undefined ? '' : prefixPath}
        mediaGrantId={grant.media_grant_id}
      />
      <FormError message={error} />
      <SaveButton changed={changed} valid={valid} pending={update.isPending} />
    </form>
  )
}
