// A button whose action needs a yes first (specification 001, section 5: plan change, key regeneration,
// user removal, grant deletion). It asks through the app's one dialog store, so it looks and behaves like
// every other confirmation. A red button opens a question whose yes is red too: what the user pressed to
// delete or remove is what they confirm.
import type { ReactNode } from 'react'
import { showConfirm, type ConfirmRequest } from '../app/dialogs.tsx'

export interface ConfirmActionProps {
  /** The button's text. */
  children: ReactNode
  /** The question, or a function that builds it when the button is pressed (so details are current). */
  confirm: ConfirmRequest | (() => ConfirmRequest)
  /** Runs after the user said yes. */
  onConfirm: () => void
  disabled?: boolean
  /** 'button danger' by default. */
  className?: string
  /** Whether the yes deletes, disables or removes; by default, whether the button itself is a danger one. */
  destructive?: boolean
}

export function ConfirmAction({
  children,
  confirm,
  onConfirm,
  disabled = false,
  className = 'button danger',
  destructive = className.split(/\s+/).includes('danger'),
}: ConfirmActionProps) {
  return (
    <button
      type="button"
      className={className}
      disabled={disabled}
      onClick={() =>
        showConfirm({ destructive, ...(typeof confirm === 'function' ? confirm() : confirm) }, (positive) => {
          if (positive) onConfirm()
        })
      }
    >
      {children}
    </button>
  )
}
