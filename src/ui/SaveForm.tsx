// What every form that saves through a mutation hook of src/api shares (specification 001, section 4): the
// submit sends the values, the button is busy while the call runs, a failure shows in the catalogue's words
// (src/lib/messages.ts) under the form, and where the form says what it saved, a toast says so. The form
// shows only its latest error: a new submit or an edit clears it, so an old failure never stands beside a
// field's new message. The draft of what is edited is src/lib/draft.ts's; the button is SaveButton.
import type { UseMutationResult } from '@tanstack/react-query'
import { useState } from 'react'
import { FormError } from './FormError.tsx'
import { showToast } from './toasts.tsx'

export interface SaveFormOptions<Values, Answer> {
  /** The catalogue's words for a failure. */
  failed: (failure: unknown) => string
  /** The toast once saved ('Device saved.'); a form without it says nothing on success. */
  saved?: string | ((values: Values, answer: Answer) => string)
  /** What follows a save: a field emptied, another screen. */
  onSaved?: (answer: Answer, values: Values) => void
}

export interface SaveForm<Values> {
  /** Sends the values; the error is cleared first. */
  save: (values: Values) => void
  pending: boolean
  error: string | undefined
  /** A refusal found before the call (a rule checked here first), or undefined to clear the error. */
  setError: (message: string | undefined) => void
  /** The user changed something: the error no longer describes the form. */
  edited: () => void
}

export function useSaveForm<Values, Answer>(
  mutation: UseMutationResult<Answer, unknown, Values, unknown>,
  options: SaveFormOptions<Values, Answer>,
): SaveForm<Values> {
  const [error, setError] = useState<string>()
  const { saved, failed, onSaved } = options
  return {
    save: (values) => {
      setError(undefined)
      mutation.mutate(values, {
        onSuccess: (answer) => {
          if (saved !== undefined) showToast(typeof saved === 'string' ? saved : saved(values, answer))
          onSaved?.(answer, values)
        },
        onError: (failure) => setError(failed(failure)),
      })
    },
    pending: mutation.isPending,
    error,
    setError,
    edited: () => setError(undefined),
  }
}

/** The form's error, announced as it appears. */
export function SaveFormMessages({ form }: { form: Pick<SaveForm<never>, 'error'> }) {
  return <FormError message={form.error} />
}
