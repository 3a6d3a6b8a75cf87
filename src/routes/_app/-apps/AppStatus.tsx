// An app's state (specification 001, sections 2 and 4): Enabled or Disabled, with Enable or Disable, the one
// its state allows. A disabled app's devices are refused on their next call.
import { useUpdateApp, type App } from '../../../api/apps.ts'
import { showAlert } from '../../../app/dialogs.tsx'
import { messageFor } from '../../../lib/messages.ts'
import { appStatusText } from './appText.ts'

export function AppStatus({ orgId, app }: { orgId: number; app: App }) {
  const update = useUpdateApp(orgId, app.app_id)
  const disable = !app.is_disabled
  return (
    <>
      <dl className="properties">
        <div>
          <dt>Status</dt>
          <dd data-testid="app-status">{appStatusText(app)}</dd>
        </div>
      </dl>
      <div className="form-actions grant-actions">
        <button
          type="button"
          className="button secondary"
          disabled={update.isPending}
          aria-busy={update.isPending}
          onClick={() =>
            update.mutate(
              { is_disabled: disable ? 1 : 0 },
              { onError: (failure) => showAlert(messageFor('app_update', failure)) },
            )
          }
        >
          {disable ? 'Disable' : 'Enable'}
        </button>
      </div>
    </>
  )
}
