// What every form that saves through a mutation hook of src/api shares (specification 001, section 4): the
// submit sends the values, the button is busy while the call runs, a failure shows in the catalogue's words
// (src/lib/messages.ts), and where the form says what it saved, its status line says so until the next
// edit. The draft of what is edited is src/lib/draft.ts's; the button is SaveButton.
import type { UseMutationResult } from '@tanstack/react-query'
import { useState } from 'react'
import { FormError } from './FormError.tsx'

export interface SaveFormOptions<Values, Answer> {
  /** The catalogue's words for a failure. */
  failed: (failure: unknown) => string
  /** The status line once saved ('Device saved.'); a form without it has no status line. */
  saved?: string | ((values: Values, answer: Answer) => string)
  /** What follows a save: a field emptied, another screen. */
  onSaved?: (answer: Answer, values: Values) => void
}

export interface SaveForm<Values> {
  /** Sends the values; the error and the status line are cleared first. */
  save: (values: Values) => void
  pending: boolean
  error: string | undefined
  /** A refusal found before the call (a rule checked here first), or undefined to clear the error. */
  setError: (message: string | undefined) => void
  status: string | undefined
  /** The user changed something: the status line no longer describes the form. */
  edited: () => void
  /** Whether the form has a status line (it says what it saved). */
  says: boolean
}

export function useSaveForm<Values, Answer>(
  mutation: UseMutationResult<Answer, unknown, Values, unknown>,
  options: SaveFormOptions<Values, Answer>,
): SaveForm<Values> {
  const [error, setError] = useState<string>()
  const [status, setStatus] = useState<string>()
  const { saved, failed, onSaved } = options
  return {
    save: (values) => {
      setError(undefined)
      setStatus(undefined)
      mutation.mutate(values, {
        onSuccess: (answer) => {
          if (saved !== undefined) setStatus(typeof saved === 'string' ? saved : saved(values, answer))
          onSaved?.(answer, values)
        },
        onError: (failure) => setError(failed(failure)),
      })
    },
    pending: mutation.isPending,
    error,
    setError,
    status,
    edited: () => setStatus(undefined),
    says: saved !== undefined,
  }
}

/** The form's error, announced as it appears, and its status line where it has one. */
export function SaveFormMessages({ form }: { form: Pick<SaveForm<never>, 'error' | 'status' | 'says'> }) {
  return (
    <>
      <FormError message={form.error} />
      {form.says ? (
        <p className="form-status" role="status">
          {form.status ?? ''}
        </p>
      ) : null}
    </>
  )
}
