// An app's secret key (specification 001, sections 2 and 5): whether one is set, and New Key (or Regenerate
// Key once one is) after a confirmation. The answer is the only time the key is shown: the server keeps its
// hash, so it is shown here once, in a field to copy.
import { useState } from 'react'
import { useNewAppKey, type App } from '../../../api/apps.ts'
import { messageFor } from '../../../lib/messages.ts'
import { ConfirmAction } from '../../../ui/ConfirmAction.tsx'
import { CopyField } from '../../../ui/CopyField.tsx'
import { FormError } from '../../../ui/FormError.tsx'
import { KEY_SHOWN_ONCE_HINT, keyButtonText, keyConfirm, keyStateText } from './appText.ts'

export function AppKey({ orgId, app }: { orgId: number; app: App }) {
  const newKey = useNewAppKey(orgId, app.app_id)
  const [secret, setSecret] = useState<string>()
  const [error, setError] = useState<string>()
  return (
    <section className="panel" aria-labelledby="app-key-heading">
      <h2 id="app-key-heading">Secret Key</h2>
      <dl className="properties">
        <div>
          <dt>App ID</dt>
          <dd data-testid="app-id">{app.app_id}</dd>
        </div>
        <div>
          <dt>Secret Key</dt>
          <dd data-testid="app-key-state">{keyStateText(app)}</dd>
        </div>
      </dl>
      {secret ? <CopyField label="New Secret Key" value={secret} hint={KEY_SHOWN_ONCE_HINT} /> : null}
      <FormError message={error} />
      <div className="form-actions grant-actions">
        <ConfirmAction
          className="button"
          disabled={newKey.isPending}
          confirm={() => keyConfirm(app)}
          onConfirm={() => {
            setError(undefined)
            setSecret(undefined)
            newKey.mutate(undefined, {
              onSuccess: setSecret,
              onError: (failure) => setError(messageFor('app_key', failure)),
            })
          }}
        >
          {keyButtonText(app)}
        </ConfirmAction>
      </div>
    </section>
  )
}
