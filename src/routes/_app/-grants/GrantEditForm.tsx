// A container's name and prefix, edited in place on its detail (specification 001, section 4: Save stays
// disabled until something changed; only the changed fields are sent). A new prefix shows the overlap
// preview again, leaving the container itself out. A renamed container's address changes with its name.
import { useRouter } from '@tanstack/react-router'
import { useMemo, type FormEvent } from 'react'
import { useUpdateGrant, type MediaGrant } from '../../../api/mediaGrants.ts'
import { changedFields, useDraft } from '../../../lib/draft.ts'
import { storedPrefix } from '../../../lib/grants.ts'
import { messageFor } from '../../../lib/messages.ts'
import { TextField } from '../../../ui/Field.tsx'
import { SaveButton } from '../../../ui/SaveButton.tsx'
import { SaveFormMessages, useSaveForm } from '../../../ui/SaveForm.tsx'
import { OverlapPreview } from './OverlapPreview.tsx'

export function GrantEditForm({ orgId, grant }: { orgId: number; grant: MediaGrant }) {
  const router = useRouter()
  const saved = useMemo(
    () => ({ grant_name: grant.grant_name, prefix_path: grant.prefix_path }),
    [grant.grant_name, grant.prefix_path],
  )
  const { draft, set } = useDraft(saved)
  // What would be sent: the name without surrounding spaces, the prefix as the server stores it.
  const grantName = draft.grant_name.trim()
  const prefixPath = draft.prefix_path.trim()
  const changes = changedFields(saved, {
    grant_name: grantName,
    prefix_path: prefixPath === '' ? '' : storedPrefix(prefixPath),
  })
  const changed = Object.keys(changes).length > 0
  const valid = grantName !== '' && prefixPath !== ''
  const form = useSaveForm(useUpdateGrant(orgId, grant.media_grant_id), {
    failed: (failure) => messageFor('grant_update', failure),
    onSaved: (_, sent) => {
      if (sent.grant_name === undefined) return
      // The old address names no container any more: the new one takes its place in the history.
      void router.navigate({
        to: '/volume/$volumeId/grant/$grantName',
        params: { volumeId: String(grant.volume_id), grantName: sent.grant_name },
        replace: true,
      })
    },
  })

  function edit(key: keyof typeof saved, value: string) {
    set(key, value)
    form.setError(undefined)
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!changed || !valid) return
    form.save(changes)
  }

  return (
    <form className="form" onSubmit={submit}>
      <TextField
        label="Container Name"
        name="grant_name"
        autoComplete="off"
        value={draft.grant_name}
        onChange={(value) => edit('grant_name', value)}
      />
      <TextField
        label="Prefix Path"
        name="prefix_path"
        autoComplete="off"
        value={draft.prefix_path}
        onChange={(value) => edit('prefix_path', value)}
      />
      <OverlapPreview
        orgId={orgId}
        volumeId={grant.volume_id}
        prefixPath={changes.prefix_path === undefined ? '' : prefixPath}
        mediaGrantId={grant.media_grant_id}
      />
      <SaveFormMessages form={form} />
      <SaveButton changed={changed} valid={valid} pending={form.pending} />
    </form>
  )
}
