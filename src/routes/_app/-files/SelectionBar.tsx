// The bar of a selection in the listing: how many entries are selected, the actions that apply to them and
// Cancel. Fixed at the bottom of the screen on a phone, within thumb's reach; sticky below the rows on a
// desk (src/styles/files.css).
export interface SelectionAction {
  label: string
  onPress: () => void
  /** Red: the action loses something. */
  danger?: boolean
}

export function SelectionBar({
  count,
  actions,
  busy,
  onCancel,
}: {
  count: number
  actions: readonly SelectionAction[]
  busy: boolean
  onCancel: () => void
}) {
  return (
    <div className="selection-bar" role="toolbar" aria-label="Selection">
      <p className="selection-count" aria-live="polite">
        {count} selected
      </p>
      <div className="selection-actions">
        {actions.map((action) => (
          <button
            key={action.label}
            type="button"
            className={action.danger ? 'button danger' : 'button secondary'}
            disabled={busy}
            onClick={action.onPress}
          >
            {action.label}
          </button>
        ))}
        <button type="button" className="button secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  )
}
