// Add one of the organization's containers to a device (Add Mount) or a user (Add Grant), specification 001,
// section 2: the choice lists the containers not mounted or held yet; the screen's mutation hook adds the one
// chosen, and the choice empties once it is added.
import type { UseMutationResult } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import type { MediaGrant } from '../../../api/mediaGrants.ts'
import { SelectField } from '../../../ui/Field.tsx'
import { SaveFormMessages, useSaveForm } from '../../../ui/SaveForm.tsx'

export interface PickGrantFormProps<Values> {
  /** The containers that may be added. */
  choices: readonly MediaGrant[]
  /** Said instead of the form when there is none. */
  noChoice: string
  mutation: UseMutationResult<unknown, unknown, Values, unknown>
  /** What the mutation is given for the container chosen. */
  values: (grantId: number) => Values
  failed: (failure: unknown) => string
  submitLabel: string
  label?: string
  /** Nothing may be changed. */
  readOnly?: boolean
}

export function PickGrantForm<Values>(props: PickGrantFormProps<Values>) {
  const { choices, readOnly = false } = props
  const [chosen, setChosen] = useState('')
  const form = useSaveForm(props.mutation, { failed: props.failed, onSaved: () => setChosen('') })
  const stillThere = choices.some((grant) => String(grant.media_grant_id) === chosen)
  function submit(event: FormEvent) {
    event.preventDefault()
    if (!stillThere) return
    form.save(props.values(Number(chosen)))
  }
  if (choices.length === 0) return <p className="hint">{props.noChoice}</p>
  return (
    <form className="form" onSubmit={submit} aria-label={props.label}>
      <SelectField
        label="Container"
        name="media_grant_id"
        value={stillThere ? chosen : ''}
        disabled={readOnly}
        onChange={(value) => {
          setChosen(value)
          form.setError(undefined)
        }}
        options={[
          { value: '', label: 'Choose a container', disabled: true },
          ...choices.map((grant) => ({
            value: String(grant.media_grant_id),
            label: `${grant.grant_name} (${grant.volume_name} ${grant.prefix_path})`,
          })),
        ]}
      />
      <SaveFormMessages form={form} />
      <button
        type="submit"
        className="button"
        disabled={readOnly || !stillThere || form.pending}
        aria-busy={form.pending}
      >
        {props.submitLabel}
      </button>
    </form>
  )
}
