// A labelled form control: the label names the control (htmlFor), a hint and an error describe it
// (aria-describedby), and an error marks it invalid and is announced as it appears. Field takes any
// control through a render function; TextField, SelectField and RadioGroup are the common ones.
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react'

/** What a control needs to be tied to its label, hint and error. */
export interface ControlProps {
  id: string
  'aria-describedby': string | undefined
  'aria-invalid': true | undefined
}

export interface FieldChrome {
  label: ReactNode
  hint?: ReactNode
  /** A message about this field's value; the control is marked invalid while there is one. */
  error?: string | undefined
}

export interface FieldProps extends FieldChrome {
  children: (control: ControlProps) => ReactNode
}

export function Field({ label, hint, error, children }: FieldProps) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const described = [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(' ')
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        'aria-describedby': described === '' ? undefined : described,
        'aria-invalid': error ? true : undefined,
      })}
      {hint ? (
        <p id={hintId} className="hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}

export type TextFieldProps = FieldChrome &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'children'> & {
    value: string
    onChange: (value: string) => void
  }

export function TextField({ label, hint, error, value, onChange, ...input }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <input {...input} {...control} value={value} onChange={(event) => onChange(event.target.value)} />
      )}
    </Field>
  )
}

export interface SelectOption {
  value: string
  label: string
  disabled?: boolean
}

export type SelectFieldProps = FieldChrome &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'value' | 'onChange' | 'children'> & {
    value: string
    options: readonly SelectOption[]
    onChange: (value: string) => void
  }

export function SelectField({ label, hint, error, value, options, onChange, ...select }: SelectFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <select {...select} {...control} value={value} onChange={(event) => onChange(event.target.value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}

export interface RadioOption<V> {
  value: V
  label: string
}

export interface RadioGroupProps<V> {
  /** The fieldset's legend, naming the group. */
  legend: ReactNode
  options: ReadonlyArray<RadioOption<V>>
  value: V
  onChange: (value: V) => void
  disabled?: boolean
  hint?: ReactNode
  /** The radios' name; a unique one by default. */
  name?: string
}

/** One choice of a few (Enabled or Disabled; Org Admin or Member), as radios in a fieldset. */
export function RadioGroup<V extends string | number | boolean>({
  legend,
  options,
  value,
  onChange,
  disabled = false,
  hint,
  name,
}: RadioGroupProps<V>) {
  const id = useId()
  const hintId = `${id}-hint`
  return (
    <fieldset className="radio-group" disabled={disabled} aria-describedby={hint ? hintId : undefined}>
      <legend>{legend}</legend>
      <div className="radio-options">
        {options.map((option, index) => (
          <label key={String(option.value)}>
            <input
              type="radio"
              name={name ?? id}
              value={index}
              checked={Object.is(option.value, value)}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
      {hint ? (
        <p id={hintId} className="hint">
          {hint}
        </p>
      ) : null}
    </fieldset>
  )
}
