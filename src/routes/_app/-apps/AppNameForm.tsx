// An app's name (specification 001, sections 2 and 5): Save stays disabled until the name changed and is not
// empty; a name another app has is refused with the catalogue's message.
import { useMemo, type FormEvent } from 'react'
import { useUpdateApp, type App } from '../../../api/apps.ts'
import { useDraft } from '../../../lib/draft.ts'
import { messageFor } from '../../../lib/messages.ts'
import { TextField } from '../../../ui/Field.tsx'
import { SaveButton } from '../../../ui/SaveButton.tsx'
import { SaveFormMessages, useSaveForm } from '../../../ui/SaveForm.tsx'
import { APP_NAME_MAX } from './appText.ts'

export function AppNameForm({ orgId, app }: { orgId: number; app: App }) {
  const saved = useMemo(() => ({ app_name: app.app_name }), [app.app_name])
  const { draft, set } = useDraft(saved)
  const form = useSaveForm(useUpdateApp(orgId, app.app_id), {
    saved: 'App saved.',
    failed: (failure) => messageFor('app_update', failure),
  })
  const name = draft.app_name.trim()
  const changed = name !== saved.app_name
  function submit(event: FormEvent) {
    event.preventDefault()
    if (!changed || name === '') return
    form.save({ app_name: name })
  }
  return (
    <form className="form" onSubmit={submit} aria-label="App name">
      <TextField
        label="App Name"
        name="app_name"
        autoComplete="off"
        maxLength={APP_NAME_MAX}
        value={draft.app_name}
        onChange={(value) => {
          form.edited()
          set('app_name', value)
        }}
      />
      <SaveFormMessages form={form} />
      <SaveButton changed={changed} valid={name !== ''} pending={form.pending} />
    </form>
  )
}
