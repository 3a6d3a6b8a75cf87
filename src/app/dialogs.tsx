// The alert and confirm dialogs of specification 000, section 2. One dialog at a time lives in a small
// store outside React, so that any code (a route's effect, a mutation's callback) can raise one; the host
// at the root renders it as a modal <dialog>.
import { useEffect, useRef, useSyncExternalStore } from 'react'

export interface DialogState {
  type: 'alert' | 'confirm'
  text: string
  positive: string
  /** Confirm only. */
  negative?: string
  /** Confirm only: a list shown under the text (e.g. what a user holds before removing them). */
  details?: string[]
  /** Confirm only: the positive answer destroys or takes away something (delete, disable, remove), so its
   *  button is red like the one that opened the question. */
  destructive?: boolean
  /** Gets true for the positive button, false for the negative one or a dismissal. */
  callback?: (positive: boolean) => void
}

export function alertDialog(text: string, callback?: () => void): DialogState {
  return { type: 'alert', text, positive: 'Done', ...(callback ? { callback: () => callback() } : {}) }
}

export interface ConfirmRequest {
  text: string
  positive?: string
  negative?: string
  /** Lines listed under the text; an empty list shows nothing. */
  details?: string[]
  /** The positive answer deletes, disables or removes something: its button is the destructive one. */
  destructive?: boolean
}

export function confirmDialog(
  { text, positive = 'OK', negative = 'Cancel', details, destructive }: ConfirmRequest,
  callback: (positive: boolean) => void,
): DialogState {
  return {
    type: 'confirm',
    text,
    positive,
    negative,
    callback,
    ...(details?.length ? { details } : {}),
    ...(destructive ? { destructive } : {}),
  }
}

export function createDialogStore() {
  let current: DialogState | undefined
  const listeners = new Set<() => void>()
  const notify = () => {
    for (const listener of listeners) listener()
  }
  return {
    get: () => current,
    show(dialog: DialogState) {
      current = dialog
      notify()
    },
    /** Clears the dialog first, so that the callback may open another one. */
    close(positive: boolean) {
      const closing = current
      current = undefined
      notify()
      closing?.callback?.(positive)
    },
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

export const dialogs = createDialogStore()

export function showAlert(text: string, callback?: () => void): void {
  dialogs.show(alertDialog(text, callback))
}

export function showConfirm(request: ConfirmRequest, callback: (positive: boolean) => void): void {
  dialogs.show(confirmDialog(request, callback))
}

export function DialogView({
  dialog,
  onClose,
}: {
  dialog: DialogState
  onClose: (positive: boolean) => void
}) {
  return (
    <div className="dialog-body">
      <p id="dialog-text">{dialog.text}</p>
      {dialog.details?.length ? (
        <ul id="dialog-details" className="dialog-details">
          {dialog.details.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      ) : null}
      <div className="dialog-actions">
        {dialog.type === 'confirm' ? (
          <button type="button" className="button secondary" onClick={() => onClose(false)}>
            {dialog.negative}
          </button>
        ) : null}
        <button
          type="button"
          className={dialog.type === 'confirm' && dialog.destructive ? 'button danger' : 'button'}
          onClick={() => onClose(true)}
          autoFocus
        >
          {dialog.positive}
        </button>
      </div>
    </div>
  )
}

export function DialogHost() {
  const dialog = useSyncExternalStore(dialogs.subscribe, dialogs.get)
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const element = ref.current
    if (!element) return
    if (dialog && !element.open) element.showModal()
    if (!dialog && element.open) element.close()
  }, [dialog])
  return (
    <dialog
      ref={ref}
      className="dialog"
      role={dialog?.type === 'confirm' ? 'alertdialog' : 'dialog'}
      aria-labelledby="dialog-text"
      aria-describedby={dialog?.details?.length ? 'dialog-details' : undefined}
      // Escape dismisses: the dialog clears and the callback hears a dismissal.
      onCancel={(event) => {
        event.preventDefault()
        dialogs.close(false)
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) dialogs.close(false) // a click on the backdrop
      }}
    >
      {dialog ? <DialogView dialog={dialog} onClose={(positive) => dialogs.close(positive)} /> : null}
    </dialog>
  )
}
