// The one-field "add by name" form of the admin lists (Add Volume, Add App): the name, a submit button that
// stays disabled while the name is empty or the call runs (001 section 5), the failure in the catalogue's
// words (only the latest: an edit or a new submit clears it), and a toast saying what was added. A screen
// gives the words, the check made before the call, the call itself and the sentence of success.
import { useState, type FormEvent } from 'react'
import { TextField } from './Field.tsx'
import { FormError } from './FormError.tsx'
import { showToast } from './toasts.tsx'

export interface CreateByNameFormProps {
  label: string
  name: string
  submitLabel: string
  hint?: string
  maxLength?: number
  /** The value sent, from the name as typed (trimmed, or as typed where spaces matter). */
  prepare?: (typed: string) => string
  /** Why the value cannot be sent, checked on submit; undefined when it can. */
  check?: (value: string) => string | undefined
  /** The call; its rejection is shown through `failed`. */
  create: (value: string) => Promise<unknown>
  pending: boolean
  added: (value: string) => string
  failed: (failure: unknown) => string
}

export function CreateByNameForm(props: CreateByNameFormProps) {
  const { label, name, submitLabel, hint, maxLength, pending } = props
  const [typed, setTyped] = useState('')
  const [error, setError] = useState<string>()
  const value = props.prepare ? props.prepare(typed) : typed
  function submit(event: FormEvent) {
    event.preventDefault()
    if (value === '') return
    const refusal = props.check?.(value)
    if (refusal) return setError(refusal)
    setError(undefined)
    props.create(value).then(
      () => {
        showToast(props.added(value))
        setTyped('')
      },
      (failure: unknown) => setError(props.failed(failure)),
    )
  }
  return (
    <form className="form" onSubmit={submit}>
      <TextField
        label={label}
        name={name}
        autoComplete="off"
        {...(maxLength === undefined ? {} : { maxLength })}
        {...(hint === undefined ? {} : { hint })}
        value={typed}
        onChange={(next) => {
          setTyped(next)
          setError(undefined)
        }}
      />
      <FormError message={error} />
      <button type="submit" className="button" disabled={value === '' || pending} aria-busy={pending}>
        {submitLabel}
      </button>
    </form>
  )
}
