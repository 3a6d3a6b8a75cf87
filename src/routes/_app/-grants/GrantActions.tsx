// A container's Enable, Disable and Delete (specification 001, section 4: each of Enable and Disable only
// from the other state). Delete asks first (./grantDelete.ts): a container that devices mount cannot be
// deleted, so its Delete says so and offers Disable instead.
import { useUpdateGrant, type MediaGrant } from '../../../api/mediaGrants.ts'
import { showAlert, showConfirm } from '../../../app/dialogs.tsx'
import { messageFor } from '../../../lib/messages.ts'
import { grantDeleteAsk } from './grantDelete.ts'

export function GrantActions({
  orgId,
  grant,
  onDelete,
  deleting,
}: {
  orgId: number
  grant: MediaGrant
  onDelete: () => void
  deleting: boolean
}) {
  const update = useUpdateGrant(orgId, grant.media_grant_id)
  const setDisabled = (disabled: boolean) =>
    update.mutate(
      { is_disabled: disabled ? 1 : 0 },
      { onError: (failure) => showAlert(messageFor(disabled ? 'grant_disable' : 'grant_enable', failure)) },
    )
  const busy = update.isPending || deleting
  function askDelete() {
    const ask = grantDeleteAsk(grant)
    if (ask.kind === 'explain') return showAlert(ask.text)
    showConfirm(ask.request, (positive) => {
      if (!positive) return
      if (ask.kind === 'delete') onDelete()
      else setDisabled(true)
    })
  }
  return (
    <div className="form-actions grant-actions">
      <button
        type="button"
        className="button secondary"
        disabled={!grant.is_disabled || busy}
        onClick={() => setDisabled(false)}
      >
        Enable
      </button>
      <button
        type="button"
        className="button secondary"
        disabled={Boolean(grant.is_disabled) || busy}
        onClick={() => setDisabled(true)}
      >
        Disable
      </button>
      <button type="button" className="button danger" disabled={busy} onClick={askDelete}>
        Delete
      </button>
    </div>
  )
}
