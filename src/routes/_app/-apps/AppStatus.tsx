// An app's state (specification 001, sections 2 and 4): Enabled or Disabled, with Enable or Disable, the one
// its state allows. A disabled app's devices are refused on their next call.
import { useUpdateApp, type App } from '../../../api/apps.ts'
import { showAlert } from '../../../app/dialogs.tsx'
import { messageFor } from '../../../lib/messages.ts'
import { StatusToggle } from '../../../ui/StatusToggle.tsx'
import { appStatusText } from './appText.ts'

export function AppStatus({ orgId, app }: { orgId: number; app: App }) {
  const update = useUpdateApp(orgId, app.app_id)
  return (
    <StatusToggle
      statusText={appStatusText(app)}
      testId="app-status"
      isDisabled={app.is_disabled}
      pending={update.isPending}
      onChange={(disable) =>
        update.mutate(
          { is_disabled: disable ? 1 : 0 },
          { onError: (failure) => showAlert(messageFor('app_update', failure)) },
        )
      }
    />
  )
}
