// One row of the directory listing: a checkbox, an icon of what the entry holds, its name (a link), size
// and date. On a phone the row is compact: the icon and the name on one line, the size and date on a
// second, muted one (src/styles/files.css), and the checkbox only while selecting. A finger held on the
// row selects it (src/ui/useLongPress.ts); while selecting, a tap toggles the row instead of opening it.
import type { MouseEvent } from 'react'
import { formatBytes } from '../../../lib/format.ts'
import type { ListingRow } from '../../../lib/listing.ts'
import { withShift } from '../../../lib/rangeSelection.ts'
import { AppLink } from '../../../ui/AppLink.tsx'
import { useLongPress } from '../../../ui/useLongPress.ts'
import { DateTime } from '../../../ui/DateTime.tsx'
import { EntryIcon } from '../../../ui/EntryIcon.tsx'

export { EntryIcon }

export interface RowProps {
  row: ListingRow
  index: number
  href: string
  selected: boolean
  /** Taps toggle the row rather than open it. */
  selecting: boolean
  /** extend: shift was held, so the run from the last entry clicked is toggled. */
  onToggle: (extend: boolean) => void
  /** A finger held on the row: it is selected, and selecting begins. */
  onLongPress: () => void
  style: { top: number; height: number }
  /** The column of the grid's current cell when it is in this row. */
  activeCol: number | undefined
  /** Opens the viewer on the file: a click on its icon. */
  onView?: () => void
}

/** The tab index of a cell's control: 0 for the grid's current cell (its one tab stop), else -1. */
export const tabStop = (activeCol: number | undefined, col: number) => (activeCol === col ? 0 : -1)

export function Row({
  row,
  index,
  href,
  selected,
  selecting,
  onToggle,
  onLongPress,
  style,
  activeCol,
  onView,
}: RowProps) {
  const press = useLongPress(onLongPress)
  const classes = ['listing-row', row.isDeleted ? 'deleted' : '', selected ? 'selected' : '']

  function onClickCapture(event: MouseEvent) {
    // The release of a long-press is not a tap.
    press.onClickCapture(event)
    if (event.isPropagationStopped() || !selecting) return
    // The checkbox toggles by itself.
    if ((event.target as Element).closest('input[type="checkbox"]')) return
    event.preventDefault()
    event.stopPropagation()
    onToggle(event.shiftKey)
  }

  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      className={classes.filter(Boolean).join(' ')}
      style={style}
      data-kind={row.kind}
      {...press}
      onClickCapture={onClickCapture}
    >
      <span role="gridcell" className="cell-select">
        <input
          type="checkbox"
          checked={selected}
          onChange={(event) => onToggle(withShift(event))}
          aria-label={`Select ${row.name}`}
          tabIndex={tabStop(activeCol, 0)}
        />
      </span>
      <span role="gridcell" className="cell-name">
        {onView ? (
          // A pointer's shortcut to the viewer; keys reach it through the selection's View.
          <span className="entry-view" title={`View ${row.name}`} onClick={onView} aria-hidden="true">
            <EntryIcon row={row} />
          </span>
        ) : (
          <EntryIcon row={row} />
        )}
        <AppLink href={href} tabIndex={tabStop(activeCol, 1)}>
          {row.name}
        </AppLink>
        {row.isDeleted ? <span className="visually-hidden"> (deleted)</span> : null}
      </span>
      <span role="gridcell" className="cell-size" tabIndex={tabStop(activeCol, 2)}>
        {row.kind === 'file' ? formatBytes(row.media.file_size) : ''}
      </span>
      <span role="gridcell" className="cell-time" tabIndex={tabStop(activeCol, 3)}>
        {row.kind === 'file' ? <DateTime value={row.media.last_updated} /> : ''}
      </span>
    </div>
  )
}
