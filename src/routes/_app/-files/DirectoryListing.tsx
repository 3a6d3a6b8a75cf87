// A directory of a container (specification 000, section 2): the filter, the actions, and the rows,
// windowed so that a directory of 20,000 entries stays smooth. The rows form an ARIA grid (rows are
// selected, cells hold a checkbox and a link): one tab stop, and the arrow keys, Home, End and the page
// keys move between cells (src/lib/gridKeys.ts), as the WAI-ARIA grid pattern has it.
import { useQuery } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react'
import { mediaQueries, useSetFilesDeleted } from '../../../api/media.ts'
import { ApiError } from '../../../api/transport.ts'
import { showAlert, showConfirm } from '../../../app/dialogs.tsx'
import { navigateRemembering } from '../../../app/navigation.ts'
import { areaHref, childPath } from '../../../lib/filePaths.ts'
import { formatBytes } from '../../../lib/format.ts'
import { clampToGrid, moveInGrid, type GridPosition } from '../../../lib/gridKeys.ts'
import {
  DEFAULT_FILE_FILTER,
  FILE_FILTERS,
  listingActions,
  listingRows,
  visibleRows,
  type ListingRow,
} from '../../../lib/listing.ts'
import { localState, useLocalState } from '../../../lib/localState.ts'
import {
  DELETE_FAILED_MESSAGE,
  NO_DOWNLOAD_PERMISSION_MESSAGE,
  NO_UPLOAD_PERMISSION_MESSAGE,
  RESTORE_FAILED_MESSAGE,
} from '../../../lib/messages.ts'
import { AppLink } from '../../../ui/AppLink.tsx'
import { DateTime } from '../../../ui/DateTime.tsx'
import { VirtualRows } from '../../../ui/VirtualRows.tsx'
import { Breadcrumbs } from './Breadcrumbs.tsx'
import type { OpenGrant } from './openGrant.ts'
import { NoAccess } from './NoAccess.tsx'
import { downloadFile } from './transfer.ts'

/** Must match .listing-row's height in src/styles/files.css. */
const ROW_HEIGHT = 44

/** Select, Name, Size, Last Modified. */
const COLUMN_COUNT = 4

/** The bulk actions on the selected files, in the toolbar's order. */
const BULK_ACTIONS = [
  { kind: 'delete', label: 'Delete' },
  { kind: 'undelete', label: 'Undelete' },
] as const

/** The tab index of a cell's control: 0 for the grid's current cell (its one tab stop), else -1. */
const tabStop = (activeCol: number | undefined, col: number) => (activeCol === col ? 0 : -1)

/** The element that takes focus for a cell: its control (checkbox, link), else the cell itself. */
function cellTarget(grid: HTMLElement, at: GridPosition): HTMLElement | null {
  const row = grid.querySelector(`[role="row"][aria-rowindex="${at.row + 1}"]`)
  const cell = row?.querySelectorAll<HTMLElement>('[role="gridcell"], [role="columnheader"]')[at.col]
  return cell?.querySelector<HTMLElement>('input, a, button') ?? cell ?? null
}

/** The cell an element belongs to, when it is one of the grid's cells or inside one. */
function cellOf(element: Element): GridPosition | undefined {
  const cell = element.closest('[role="gridcell"], [role="columnheader"]')
  const row = cell?.closest('[role="row"]')
  if (!cell || !row) return undefined
  const col = Array.from(row.querySelectorAll('[role="gridcell"], [role="columnheader"]')).indexOf(cell)
  return { row: Number(row.getAttribute('aria-rowindex')) - 1, col }
}

function FilterPicker() {
  const filter = useLocalState('file_filter') ?? DEFAULT_FILE_FILTER
  return (
    <fieldset className="segmented" aria-label="Show">
      <legend className="visually-hidden">Show</legend>
      {FILE_FILTERS.map((option) => (
        <label key={option.value} className={option.value === filter ? 'checked' : undefined}>
          <input
            type="radio"
            name="file_filter"
            value={option.value}
            checked={option.value === filter}
            onChange={() => localState.write('file_filter', option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  )
}

/** Drawn, not a glyph: no font on the device needs to carry it. */
function EntryIcon({ kind }: { kind: ListingRow['kind'] }) {
  return (
    <svg className="entry-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
      {kind === 'folder' ? (
        <path d="M1 3.5A1.5 1.5 0 0 1 2.5 2h3.6l1.5 1.5h5.9A1.5 1.5 0 0 1 15 5v7.5a1.5 1.5 0 0 1-1.5 1.5h-11A1.5 1.5 0 0 1 1 12.5z" />
      ) : (
        <path d="M3 1.5A1.5 1.5 0 0 1 4.5 0H10l4 4v10.5a1.5 1.5 0 0 1-1.5 1.5h-8A1.5 1.5 0 0 1 3 14.5zM10 1v3h3" />
      )}
    </svg>
  )
}

interface RowProps {
  row: ListingRow
  index: number
  href: string
  selected: boolean
  onToggle: () => void
  style: { top: number; height: number }
  /** The column of the grid's current cell when it is in this row. */
  activeCol: number | undefined
}

function Row({ row, index, href, selected, onToggle, style, activeCol }: RowProps) {
  const classes = ['listing-row', row.isDeleted ? 'deleted' : '', selected ? 'selected' : '']
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      className={classes.filter(Boolean).join(' ')}
      style={style}
      data-kind={row.kind}
    >
      <span role="gridcell" className="cell-select">
        <input
          type="checkbox"
          checked={selected}
          onChange={onToggle}
          aria-label={`Select ${row.name}`}
          tabIndex={tabStop(activeCol, 0)}
        />
      </span>
      <span role="gridcell" className="cell-name">
        <EntryIcon kind={row.kind} />
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

export function DirectoryListing({ openGrant, directory }: { openGrant: OpenGrant; directory: string }) {
  const router = useRouter()
  const { grant, org, ref } = openGrant
  const listing = useQuery(mediaQueries.directory(ref, directory))
  const filter = useLocalState('file_filter') ?? DEFAULT_FILE_FILTER
  const [selectedKeys, setSelectedKeys] = useState<ReadonlySet<string>>(new Set())
  const setDeleted = useSetFilesDeleted(ref)
  const busy = setDeleted.isPending
  const gridRef = useRef<HTMLDivElement>(null)
  // The grid's current cell (its tab stop); row 0 is the header. It starts on the first entry's name.
  const [activeCell, setActiveCell] = useState<GridPosition>({ row: 1, col: 1 })
  // Set when a key or an action moves the current cell: focus follows it once the row is rendered.
  const focusPending = useRef(false)

  const allRows = useMemo(() => (listing.data ? listingRows(listing.data) : []), [listing.data])
  const rows = useMemo(() => visibleRows(allRows, filter), [allRows, filter])
  // Only what is shown counts as selected: a filter change hides rows from the actions too.
  const selected = useMemo(() => rows.filter((row) => selectedKeys.has(row.key)), [rows, selectedKeys])
  const actions = listingActions(selected)
  const gridShape = { rowCount: rows.length + 1, colCount: COLUMN_COUNT, pageRows: 1 }
  // Rows come and go (a filter, a deletion): the current cell stays inside the grid.
  const active = clampToGrid(activeCell, gridShape)

  useEffect(() => {
    if (!focusPending.current || !gridRef.current) return
    focusPending.current = false
    cellTarget(gridRef.current, active)?.focus()
  })

  if (listing.isError) {
    if (listing.error instanceof ApiError && listing.error.status === 404)
      return <NoAccess isAdmin={org.is_admin} />
    throw listing.error
  }

  const hrefOf = (row: ListingRow) =>
    areaHref('home', grant.grant_name, childPath(directory, row.name, row.kind === 'folder'))

  function moveFocus(to: GridPosition) {
    focusPending.current = true
    setActiveCell({ ...to })
  }

  function onGridKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.altKey || event.shiftKey) return
    const scroller = gridRef.current?.querySelector('.virtual-rows')
    const pageRows = Math.max(1, Math.floor((scroller?.clientHeight ?? 0) / ROW_HEIGHT) - 1)
    const to = moveInGrid(active, event, { ...gridShape, pageRows })
    if (!to) return
    event.preventDefault()
    moveFocus(to)
  }

  // A click or Tab into a cell makes it the current one, so the keys go on from where the user is.
  function onGridFocus(event: FocusEvent<HTMLDivElement>) {
    const at = cellOf(event.target)
    if (at && (at.row !== active.row || at.col !== active.col)) setActiveCell(at)
  }

  function toggle(key: string) {
    setSelectedKeys((keys) => {
      const next = new Set(keys)
      if (!next.delete(key)) next.add(key)
      return next
    })
  }

  function toggleAll() {
    setSelectedKeys(selected.length === rows.length ? new Set() : new Set(rows.map((row) => row.key)))
  }

  function bulk(kind: 'delete' | 'undelete') {
    const files = selected.flatMap((row) =>
      row.kind === 'file' && row.isDeleted === (kind === 'undelete') ? [row.media.media_id] : [],
    )
    const count = `${files.length} file${files.length === 1 ? '' : 's'}`
    const text = kind === 'delete' ? `Delete ${count}?` : `Undelete ${count}?`
    showConfirm({ text, positive: kind === 'delete' ? 'Delete' : 'Undelete' }, (positive) => {
      if (!positive) return
      setDeleted.mutate(
        { mediaIds: files, deleted: kind === 'delete' },
        {
          onSuccess: (result) => {
            setSelectedKeys(new Set())
            // The action's button is disabled now (nothing is selected): focus goes back to where the user
            // was in the rows, not to the top of the page.
            if (result.failed.length > 0)
              showAlert(kind === 'delete' ? DELETE_FAILED_MESSAGE : RESTORE_FAILED_MESSAGE)
            else moveFocus(active)
          },
        },
      )
    })
  }

  function upload() {
    if (!org.cap_web_upload) return showAlert(NO_UPLOAD_PERMISSION_MESSAGE)
    navigateRemembering(router, areaHref('upload', grant.grant_name, directory))
  }

  function download() {
    if (!org.cap_web_download) return showAlert(NO_DOWNLOAD_PERMISSION_MESSAGE)
    const [only] = selected
    if (selected.length === 1 && only?.kind === 'file') {
      void downloadFile(ref, { mediaId: only.media.media_id })
      return
    }
    navigateRemembering(router, areaHref('download', grant.grant_name, directory), {
      download_list: selected.map((row) => childPath(directory, row.name, row.kind === 'folder')),
    })
  }

  // The empty grid's Select all is disabled and cannot hold the tab stop: Name does.
  const headActive = active.row === 0 ? (rows.length === 0 && active.col === 0 ? 1 : active.col) : undefined

  return (
    <section aria-labelledby="listing-heading" className="listing">
      <h1 id="listing-heading" className="visually-hidden">
        {grant.grant_name}
        {directory}
      </h1>
      <Breadcrumbs grantName={grant.grant_name} directory={directory} />
      <div className="listing-toolbar">
        <FilterPicker />
        <div className="toolbar-actions" role="toolbar" aria-label="File actions">
          <button
            type="button"
            className="button secondary"
            onClick={() =>
              navigateRemembering(router, areaHref('create_folder', grant.grant_name, directory))
            }
          >
            Create Folder
          </button>
          <button type="button" className="button secondary" onClick={upload}>
            Upload
          </button>
          {BULK_ACTIONS.map(({ kind, label }) => (
            <button
              key={kind}
              type="button"
              className="button secondary"
              disabled={!actions[kind] || busy}
              onClick={() => bulk(kind)}
            >
              {label}
            </button>
          ))}
          <button type="button" className="button" disabled={!actions.download} onClick={download}>
            Download
          </button>
        </div>
      </div>
      <div
        ref={gridRef}
        role="grid"
        onKeyDown={onGridKeyDown}
        onFocus={onGridFocus}
        aria-label="Files"
        aria-rowcount={rows.length + 1}
        aria-multiselectable="true"
        aria-busy={listing.isPending || busy}
        className="listing-table"
      >
        <div role="rowgroup">
          <div role="row" aria-rowindex={1} className="listing-row listing-head">
            <span role="columnheader" className="cell-select">
              <input
                type="checkbox"
                aria-label="Select all"
                checked={rows.length > 0 && selected.length === rows.length}
                onChange={toggleAll}
                disabled={rows.length === 0}
                tabIndex={tabStop(headActive, 0)}
              />
            </span>
            <span role="columnheader" className="cell-name" tabIndex={tabStop(headActive, 1)}>
              Name
            </span>
            <span role="columnheader" className="cell-size" tabIndex={tabStop(headActive, 2)}>
              Size
            </span>
            <span role="columnheader" className="cell-time" tabIndex={tabStop(headActive, 3)}>
              Last Modified
            </span>
          </div>
        </div>
        {listing.isPending ? (
          <p className="listing-empty">Loading…</p>
        ) : rows.length === 0 ? (
          <p className="listing-empty">Empty Directory</p>
        ) : (
          <VirtualRows
            count={rows.length}
            rowHeight={ROW_HEIGHT}
            keepIndex={active.row - 1}
            renderRow={(index, style) => {
              const row = rows[index] as ListingRow
              return (
                <Row
                  key={row.key}
                  row={row}
                  index={index}
                  href={hrefOf(row)}
                  selected={selectedKeys.has(row.key)}
                  onToggle={() => toggle(row.key)}
                  style={style}
                  activeCol={active.row === index + 1 ? active.col : undefined}
                />
              )
            }}
          />
        )}
      </div>
    </section>
  )
}
