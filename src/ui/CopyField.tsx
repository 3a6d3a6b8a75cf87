// A secret shown once (an app's secret key, a volume's key): a read-only field that selects its text on
// focus, a Copy button, and a note that says it will not be shown again.
import { useState, type ReactNode } from 'react'
import { Field } from './Field.tsx'

export interface CopyFieldProps {
  label: string
  value: string
  /** Shown under the field, e.g. that the value will not be shown again. */
  hint?: string
  /** More buttons beside Copy (e.g. Hide). */
  actions?: ReactNode
  /**
   * Shows the whole value, wrapped over lines (a link someone will read back or check), rather than one
   * line that scrolls: a phone's field shows a link's host and little of its token.
   */
  wrap?: boolean
}

export function CopyField({ label, value, hint, actions, wrap = false }: CopyFieldProps) {
  const [copied, setCopied] = useState<string>()
  async function copy() {
    try {
      await navigator.clipboard.writeText(value)
      setCopied('Copied.')
    } catch {
      setCopied('Copy failed: select the text and copy it.')
    }
  }
  return (
    <div className="copy-field">
      <Field label={label} hint={hint}>
        {(control) =>
          wrap ? (
            <textarea
              {...control}
              className="copy-field-wrapped"
              readOnly
              rows={2}
              value={value}
              spellCheck={false}
              autoComplete="off"
              onFocus={(event) => event.currentTarget.select()}
            />
          ) : (
            <input
              {...control}
              readOnly
              value={value}
              spellCheck={false}
              autoComplete="off"
              onFocus={(event) => event.currentTarget.select()}
            />
          )
        }
      </Field>
      <div className="form-actions">
        <button type="button" className="button secondary" onClick={() => void copy()}>
          Copy<span className="visually-hidden"> {label}</span>
        </button>
        {actions}
        <span className="form-status" role="status">
          {copied ?? ''}
        </span>
      </div>
    </div>
  )
}
