// An app's name (specification 001, sections 2 and 5): Save stays disabled until the name changed and is not
// empty; a name another app has is refused with the catalogue's message.
import { useMemo, useState, type FormEvent } from 'react'
import { useUpdateApp, type App } from '../../../api/apps.ts'
import { useDraft } from '../../../lib/draft.ts'
import { messageFor } from '../../../lib/messages.ts'
import { TextField } from '../../../ui/Field.tsx'
import { FormError } from '../../../ui/FormError.tsx'
import { SaveButton } from '../../../ui/SaveButton.tsx'
import { APP_NAME_MAX } from './appText.ts'

export function AppNameForm({ orgId, app }: { orgId: number; app: App }) {
  const saved = useMemo(() => ({ app_name: app.app_name }), [app.app_name])
  const { draft, set } = useDraft(saved)
  const update = useUpdateApp(orgId, app.app_id)
  const [error, setError] = useState<string>()
  const [status, setStatus] = useState<string>()
  const name = draft.app_name.trim()
  const changed = name !== saved.app_name
  function submit(event: FormEvent) {
    event.preventDefault()
    if (!changed || name === '') return
    setError(undefined)
    setStatus(undefined)
    update.mutate(
      { app_name: name },
      {
        onSuccess: () => setStatus('App saved.'),
        onError: (failure) => setError(messageFor('app_update', failure)),
      },
    )
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
          setStatus(undefined)
          set('app_name', value)
        }}
      />
      <FormError message={error} />
      <p className="form-status" role="status">
        {status ?? ''}
      </p>
      <SaveButton changed={changed} valid={name !== ''} pending={update.isPending} />
    </form>
  )
}
