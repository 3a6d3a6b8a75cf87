// Share: a modal dialog that makes a link to one file or folder of a container. The form (Label, Expires in
// days up to the organization's longest, an optional passphrase and download limit, View only) is checked
// here first with the server's limits (src/lib/shareLinks.ts), a refusal of the server shows in the
// catalogue's words; once made, what it allows and the link's full address (whole, wrapped) show this once, with a Copy button: the server
// keeps only its hash, so it cannot be shown again.
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react'
import { useCreateShareLink } from '../../../api/shareLinks.ts'
import { messageFor } from '../../../lib/messages.ts'
import {
  newShareForm,
  shareLinkRequest,
  shareSummaryText,
  shareUrl,
  type ShareForm,
  type ShareFormErrors,
  type ShareTarget,
} from '../../../lib/shareLinks.ts'
import {
  LABEL_MAX_LENGTH,
  PASSPHRASE_MAX_LENGTH,
  PASSPHRASE_MIN_LENGTH,
} from '../../../../server/contract/limits.ts'
import { CopyField } from '../../../ui/CopyField.tsx'
import { TextField } from '../../../ui/Field.tsx'
import { FormError } from '../../../ui/FormError.tsx'

export interface ShareDialogProps {
  orgId: number
  mediaGrantId: number
  target: ShareTarget
  /** The organization's longest lifetime, in days. */
  maxDays: number
  onClose: () => void
}

export function ShareDialog({ orgId, mediaGrantId, target, maxDays, onClose }: ShareDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const create = useCreateShareLink(orgId, mediaGrantId)
  const [form, setForm] = useState<ShareForm>(() => newShareForm(maxDays))
  const [errors, setErrors] = useState<ShareFormErrors>({})
  const [failure, setFailure] = useState<string>()
  const [made, setMade] = useState<{ url: string; summary: string }>()

  // Open as a modal on mount (focus goes to its first field); on unmount, focus goes back to the opener.
  useLayoutEffect(() => {
    const element = dialog.current
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (element && !element.open) element.showModal()
    return () => {
      if (element?.open) element.close()
      if (opener?.isConnected) opener.focus()
    }
  }, [])

  function edit<K extends keyof ShareForm>(key: K, value: ShareForm[K]) {
    setForm((previous) => ({ ...previous, [key]: value }))
    setFailure(undefined)
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const checked = shareLinkRequest(form, target, maxDays)
    if ('errors' in checked) {
      setErrors(checked.errors)
      return
    }
    setErrors({})
    setFailure(undefined)
    create.mutate(checked.request, {
      onSuccess: (answer) =>
        setMade({
          url: shareUrl(window.location.origin, answer.share_path),
          summary: shareSummaryText(answer.share_link),
        }),
      onError: (error) => setFailure(messageFor('share_link_create', error)),
    })
  }

  const title = `Share ${target.name}`
  return (
    <dialog
      ref={dialog}
      className="dialog share-dialog"
      aria-labelledby="share-title"
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
    >
      <h2 id="share-title" className="dialog-title">
        {title}
      </h2>
      {made ? (
        <div className="dialog-body">
          <p className="share-summary">{made.summary}</p>
          <CopyField
            label="Link"
            value={made.url}
            wrap
            hint="Copy the link now: it will not be shown again."
          />
          <div className="dialog-actions">
            <button type="button" className="button" onClick={onClose} autoFocus>
              Done
            </button>
          </div>
        </div>
      ) : (
        <form className="form dialog-body" onSubmit={submit} noValidate aria-label={title}>
          <TextField
            label="Label"
            name="label"
            autoComplete="off"
            required
            maxLength={LABEL_MAX_LENGTH}
            hint="Shown to whoever opens the link, and in the audit trail."
            value={form.label}
            error={errors.label}
            onChange={(value) => edit('label', value)}
            autoFocus
          />
          <TextField
            label="Expires in days"
            name="expire_days"
            inputMode="numeric"
            autoComplete="off"
            hint={`At most ${maxDays}.`}
            value={form.expireDays}
            error={errors.expireDays}
            onChange={(value) => edit('expireDays', value)}
          />
          <TextField
            label="Passphrase (optional)"
            name="passphrase"
            type="password"
            autoComplete="new-password"
            maxLength={PASSPHRASE_MAX_LENGTH}
            hint={`Asked before anything is shown; ${PASSPHRASE_MIN_LENGTH} to ${PASSPHRASE_MAX_LENGTH} characters.`}
            value={form.passphrase}
            error={errors.passphrase}
            onChange={(value) => edit('passphrase', value)}
          />
          <TextField
            label="Download limit (optional)"
            name="download_limit"
            inputMode="numeric"
            autoComplete="off"
            hint="Files the link may give out in all."
            value={form.downloadLimit}
            error={errors.downloadLimit}
            onChange={(value) => edit('downloadLimit', value)}
          />
          <label className="checkbox">
            <input
              type="checkbox"
              name="view_only"
              checked={form.viewOnly}
              onChange={(event) => edit('viewOnly', event.currentTarget.checked)}
            />
            View only (previews and playback, no download)
          </label>
          <FormError message={failure} />
          <div className="dialog-actions">
            <button type="button" className="button secondary" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="button" disabled={create.isPending} aria-busy={create.isPending}>
              Create Link
            </button>
          </div>
        </form>
      )}
    </dialog>
  )
}
