// A size typed with its unit (src/lib/sizeInput.ts): "4 TB", "500 MB" or plain bytes. Under it the field
// says what it read in bytes, or why it cannot read it; the form sends the bytes.
import type { ReactNode } from 'react'
import { bytesText, parseSize } from '../lib/sizeInput.ts'
import { TextField } from './Field.tsx'

export interface SizeFieldProps {
  label: ReactNode
  name: string
  /** The text as typed. */
  value: string
  onChange: (value: string) => void
  /** Said before the bytes read, e.g. the plan's limit. */
  hint?: ReactNode
  /** A message from the form about the size read (too large for the plan, say). */
  error?: string | undefined
  disabled?: boolean
}

export function SizeField({ label, name, value, onChange, hint, error, disabled }: SizeFieldProps) {
  const reading = parseSize(value)
  const read =
    reading.state === 'valid'
      ? `= ${bytesText(reading.bytes)}`
      : 'KB, MB, GB or TB (1 KB = 1024 bytes), or bytes.'
  return (
    <TextField
      label={label}
      name={name}
      value={value}
      onChange={onChange}
      autoComplete="off"
      spellCheck={false}
      disabled={disabled}
      maxLength={32}
      hint={
        <>
          {hint ? <>{hint} </> : null}
          <span data-testid="size-bytes">{read}</span>
        </>
      }
      error={reading.state === 'invalid' ? reading.message : error}
    />
  )
}
