// The submit button of every edit form (specification 001, section 4): Save stays disabled while nothing
// changed, a required field is missing, or the save is under way.
export interface SaveButtonProps {
  /** Something differs from the saved values (useDraft's isChanged). */
  changed: boolean
  /** Required fields are filled; rules the server checks may still refuse. */
  valid?: boolean
  pending?: boolean
  label?: string
  className?: string
  /** The id of the text that says why the button is disabled (aria-describedby). */
  describedBy?: string | undefined
}

export function SaveButton({
  changed,
  valid = true,
  pending = false,
  label = 'Save',
  className = 'button',
  describedBy,
}: SaveButtonProps) {
  return (
    <button
      type="submit"
      className={className}
      disabled={!changed || !valid || pending}
      aria-busy={pending}
      aria-describedby={describedBy}
    >
      {label}
    </button>
  )
}
