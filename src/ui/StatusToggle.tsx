// Enabled or Disabled, with the one of Enable and Disable the state allows (specification 001, section 4:
// Enable only when disabled, Disable only when enabled). The screen gives the words of the state and what
// a change does; apps and network stores use it.
export interface StatusToggleProps {
  /** The state in words: 'Enabled', 'Disabled', or more. */
  statusText: string
  isDisabled: boolean
  pending: boolean
  /** Asked to disable (true) or enable (false). */
  onChange: (disable: boolean) => void
  testId?: string
}

export function StatusToggle({ statusText, isDisabled, pending, onChange, testId }: StatusToggleProps) {
  return (
    <>
      <dl className="properties">
        <div>
          <dt>Status</dt>
          <dd data-testid={testId}>{statusText}</dd>
        </div>
      </dl>
      <div className="form-actions grant-actions">
        <button
          type="button"
          className="button secondary"
          disabled={pending}
          aria-busy={pending}
          onClick={() => onChange(!isDisabled)}
        >
          {isDisabled ? 'Enable' : 'Disable'}
        </button>
      </div>
    </>
  )
}
